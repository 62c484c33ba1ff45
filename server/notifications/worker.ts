/**
 * The worker that delivers the team's notifications from the outbox (docs/product.md#notifications-and-privacy), one
 * per server process, started when email or a webhook is configured.
 *
 * - The API queues a notification per channel in the same transaction as the request,
 *   answers the visitor, then wakes this worker (notify): delivery is never on the
 *   request's path.
 * - It claims due notifications in batches with a lease (the relay's pattern: one claim
 *   per row across servers, a killed server's claim runs out: one write claims a batch),
 *   delivers them one by one, and deletes each as soon as it is delivered, under the same
 *   claim.
 * - Visitors first: while the server is answering invitation requests, delivery waits
 *   (at most YIELD_MAX_MS per batch), so a burst of requests is answered at the server's
 *   full speed and the team is told just after it (scripts/bench/load.ts --notifications).
 * - A failure (mail server down, webhook non-2xx or no answer) reschedules that row alone
 *   with exponential backoff and jitter (RELAY_RETRY_MIN_SECONDS doubling up to
 *   RELAY_RETRY_MAX_SECONDS), and gives the batch's other rows for that channel back
 *   untried, so an email outage costs one attempt per round and never holds up the webhook.
 * - At least once: a notification delivered just before a crash, before its row was
 *   deleted, is delivered again once its lease runs out. Nothing else goes twice.
 * - stop() lets the delivery in flight finish and be recorded, then resolves.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { NotificationSettings, RelaySettings } from "~/config/schema";
import { backoffMs, realSleep } from "../requests/relay";
import type { NotificationChannel, NotificationClaim, RequestStore } from "../requests/store";
import { createEmailSender, type EmailSender } from "./email";
import { composeEmail, composeWebhook } from "./messages";
import { postWebhook } from "./webhook";
import { errorCode, redact, secretTexts } from "../safe-errors";

/** The longest the worker sleeps before looking for due notifications again. */
export const NOTIFY_IDLE_POLL_MS = 5000;
/** Shortest sleep when a row is due but another worker holds it, so the loop never spins. */
const MIN_IDLE_MS = 50;
/** The most notifications one claim takes. */
export const NOTIFY_BATCH_SIZE = 25;
/** While visitors are being answered, delivery looks again this often... */
const YIELD_POLL_MS = 25;
/** ...for at most this long before a batch goes anyway, so sustained traffic never silences the team. */
export const YIELD_MAX_MS = 5000;

export interface NotificationOptions {
  store: RequestStore;
  settings: NotificationSettings;
  /** Backoff, time limit and lease, shared with the relay (RELAY_* variables). */
  timing: Pick<RelaySettings, "retryMinMs" | "retryMaxMs" | "timeoutMs" | "leaseMs">;
  /** Replaces the SMTP sender (tests). */
  email?: EmailSender;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** True while visitors' requests are being answered; delivery waits for them (up to YIELD_MAX_MS). */
  busy?: () => boolean;
}

/** The channels this configuration delivers to; the API queues one notification per channel. */
export function notificationChannels(settings: NotificationSettings): NotificationChannel[] {
  return [...(settings.email ? (["email"] as const) : []), ...(settings.webhook ? (["webhook"] as const) : [])];
}

export class NotificationWorker {
  /** Names this process's claims: host, pid and a random part, unique across restarts. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly store: RequestStore;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly sleepFor: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly email: EmailSender | null;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;
  private idle: AbortController | null = null;
  private notified = false;
  private storeFailures = 0;
  private readonly secrets: string[];

  constructor(private readonly options: NotificationOptions) {
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? ((line) => console.log(line));
    this.sleepFor = options.sleep ?? realSleep;
    const { email, webhook } = options.settings;
    this.secrets = secretTexts([email?.smtpUrl, webhook?.url, webhook?.secret]);
    this.email = options.email ?? (email ? createEmailSender(email, options.timing.timeoutMs) : null);
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** A notification was just queued: look for it now rather than at the next poll. */
  notify(): void {
    this.notified = true;
    this.idle?.abort();
  }

  /** Finishes the delivery in flight (recording it), then resolves. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.idle?.abort();
    await this.loop;
    this.email?.close();
  }

  private get stopped() {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!(await this.deliverBatch())) await this.waitForWork();
        this.storeFailures = 0;
      } catch (error) {
        // The database failed (PostgreSQL restarting, say): the rows wait in the outbox.
        this.storeFailures += 1;
        const pause = backoffMs(this.storeFailures, this.options.timing);
        this.log(`[notify] the request store failed (${errorCode(error)}); trying again in ${pause} ms`);
        await this.sleepFor(pause, this.stopping.signal);
      }
    }
  }

  /** Claims and delivers a batch of due notifications; false when none was due. */
  private async deliverBatch(): Promise<boolean> {
    const { leaseMs, timeoutMs } = this.options.timing;
    await this.yieldToVisitors();
    const claimedAt = this.now();
    const claims = await this.store.claimNotifications(this.owner, claimedAt, leaseMs, NOTIFY_BATCH_SIZE);
    if (claims.length === 0) return false;
    const failedChannels = new Set<NotificationChannel>();
    const untried: number[] = [];
    let reached = 0;
    try {
      for (const claim of claims) {
        reached += 1;
        // Stopping, or too little lease left for a delivery and its record (config keeps
        // the lease above two time limits): the rest go back untried for the next round.
        const leaseLeft = claimedAt + leaseMs - this.now();
        if (this.stopped || leaseLeft < 2 * timeoutMs || failedChannels.has(claim.channel)) {
          untried.push(claim.seq);
        } else if (!(await this.deliverOne(claim))) {
          failedChannels.add(claim.channel);
        }
      }
    } finally {
      // After a store failure mid-batch, the rows not reached go back too, rather than
      // waiting out the lease; the one in hand waits (it may have been delivered).
      const notReached = claims.slice(reached).map((claim) => claim.seq);
      await this.store.releaseNotifications([...untried, ...notReached], this.owner);
    }
    return true;
  }

  /** Waits while visitors are being answered, up to YIELD_MAX_MS. */
  private async yieldToVisitors(): Promise<void> {
    const { busy } = this.options;
    if (!busy) return;
    const started = this.now();
    while (busy() && !this.stopped && this.now() - started < YIELD_MAX_MS) {
      await this.sleepFor(YIELD_POLL_MS, this.stopping.signal);
    }
  }

  /** Delivers one claimed notification and deletes it; on failure schedules its retry and returns false. */
  private async deliverOne(claim: NotificationClaim): Promise<boolean> {
    try {
      await this.deliver(claim);
    } catch (error) {
      const failures = claim.attempts + 1;
      const exponential = backoffMs(failures, this.options.timing);
      const pause = Math.round(exponential / 2 + (this.random() * exponential) / 2);
      // The mail server's or the network's words, without any secret of the configuration.
      const reason = redact((error as Error).message ?? String(error), this.secrets);
      await this.store.scheduleNotificationRetry(claim.seq, this.owner, this.now() + pause, reason);
      // The row keeps the whole reason; the log only its code: a mail server's words may quote the message.
      this.log(
        `[notify] ${claim.channel} for ${claim.request.id} not delivered (${errorCode(error)}); next try in ${pause} ms`,
      );
      return false;
    }
    // Deleted before the next delivery starts: after a crash, only the one in flight can go twice.
    const [held] = await this.store.markNotificationsDelivered([claim.seq], this.owner);
    this.log(
      `[notify] ${claim.channel} for ${claim.request.id} (${claim.kind}) delivered` +
        (held === claim.seq ? "" : " after this server's claim had run out"),
    );
    return true;
  }

  private async deliver(claim: NotificationClaim): Promise<void> {
    const { settings, timing } = this.options;
    if (claim.channel === "email") {
      // Configuration changed since it was queued (email turned off): nothing to send it with.
      if (!this.email) return this.log(`[notify] email for ${claim.request.id} dropped: email is no longer configured`);
      await this.email.send(composeEmail(claim));
      return;
    }
    if (!settings.webhook) {
      return this.log(`[notify] webhook for ${claim.request.id} dropped: no webhook is configured any more`);
    }
    await postWebhook(settings.webhook, composeWebhook(claim), {
      timeoutMs: timing.timeoutMs,
      fetch: this.options.fetch,
      now: this.now,
    });
  }

  /** Sleeps until a queue wakes it, the next row is due, or the poll interval ends. */
  private async waitForWork(): Promise<void> {
    const next = await this.store.nextNotificationAt();
    if (this.notified) {
      this.notified = false;
      return;
    }
    const due =
      next === null ? NOTIFY_IDLE_POLL_MS : Math.min(NOTIFY_IDLE_POLL_MS, Math.max(MIN_IDLE_MS, next - this.now()));
    this.idle = new AbortController();
    const wake = AbortSignal.any([this.idle.signal, this.stopping.signal]);
    await this.sleepFor(due, wake);
    this.idle = null;
    this.notified = false;
  }
}
