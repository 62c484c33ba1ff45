/**
 * The outbox worker that forwards stored requests to HubSpot (docs/product.md#nothing-lost), one per
 * server process, started only when the HubSpot ids are configured.
 *
 * - It claims one due row at a time with a lease (store.claimNext), sends it, and
 *   records the outcome under the same claim: `sent`, `failed` (HubSpot refused it:
 *   4xx other than 408/429; `npm run requests -- retry` queues it again) or a retry
 *   time. Several servers on one PostgreSQL each claim different rows.
 * - While HubSpot fails (5xx, 408, 429, no answer within the timeout) the worker pauses
 *   before its next submission: an exponential delay (RELAY_RETRY_MIN_SECONDS doubling
 *   up to RELAY_RETRY_MAX_SECONDS, between half and all of it at random so several
 *   servers do not retry in step), or HubSpot's Retry-After when that is longer; at
 *   least 60 s after a 429 or HubSpot's `error code: 1015` (hubspot-submission.ts).
 *   Nothing is ever dropped: a row stays pending until HubSpot takes or refuses it.
 * - It sends at most RELAY_MAX_PER_10_SECONDS per 10 s (HubSpot allows 50 on this endpoint).
 * - A save on this server wakes it at once (notify); otherwise it looks for due rows
 *   (retries, rows re-queued by the retry command, claims of a killed server that ran
 *   out) when the next one is due, and at least every IDLE_POLL_MS.
 * - stop() lets the submission in flight finish and be recorded, then resolves.
 *
 * Exactly once: a row is marked sent in the same claim it was sent under, and a sent
 * row is never claimed again. The one window left is a crash between HubSpot's 200 and
 * that commit (or a timeout after HubSpot accepted): the row is then sent again once
 * the claim runs out, because a request the team never receives is worse than a
 * duplicate HubSpot merges into the same contact by email.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { HubSpotConfig, RelaySettings } from "~/config/schema";
import { submitToHubSpot, type SubmissionOutcome } from "./hubspot-submission";
import type { NotificationChannel, RelayClaim, RequestStore } from "./store";

/** The longest the worker sleeps before looking for due rows again. */
export const IDLE_POLL_MS = 5000;
/** The pacing window of RelaySettings.maxPer10Seconds. */
const PACING_WINDOW_MS = 10_000;
/** Shortest sleep when a row is due but another worker holds it, so the loop never spins. */
const MIN_IDLE_MS = 50;

export interface RelayOptions {
  store: RequestStore;
  apiOrigin: string;
  hubspot: Pick<HubSpotConfig, "portalId" | "formIds">;
  settings: RelaySettings;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
  /** Sleeps `ms`, resolving early when `signal` aborts (tests pass a fake clock's sleep). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The team's channels (docs/product.md#notifications-and-privacy) that hear of a request HubSpot refused for good; none by default. */
  alertChannels?: readonly NotificationChannel[];
  /** Called once an alert is queued: wakes the notification worker. */
  onAlertQueued?: () => void;
}

/** The pause after the n-th failure in a row (n >= 1), before jitter: min * 2^(n-1), capped. */
export function backoffMs(failures: number, settings: Pick<RelaySettings, "retryMinMs" | "retryMaxMs">): number {
  return Math.min(settings.retryMaxMs, settings.retryMinMs * 2 ** Math.max(0, failures - 1));
}

/** Sleeps `ms`, resolving early when `signal` aborts; the notification worker waits the same way. */
export function realSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolveSleep) => {
    if (signal.aborted) return resolveSleep();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolveSleep();
    }
  });
}

export class RelayWorker {
  /** Names this process's claims: host, pid and a random part, unique across restarts. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly store: RequestStore;
  private readonly settings: RelaySettings;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly sleepFor: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;
  /** Aborted by notify() to end an idle sleep early. */
  private idle: AbortController | null = null;
  private notified = false;
  private failuresInARow = 0;
  private readonly recentSends: number[] = [];

  constructor(private readonly options: RelayOptions) {
    this.store = options.store;
    this.settings = options.settings;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? ((line) => console.log(line));
    this.sleepFor = options.sleep ?? realSleep;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** A row was just saved: look for it now rather than at the next poll. */
  notify(): void {
    this.notified = true;
    this.idle?.abort();
  }

  /** Finishes the submission in flight (recording its outcome), then resolves. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.idle?.abort();
    await this.loop;
  }

  private get stopped() {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!(await this.relayOne())) await this.waitForWork();
      } catch (error) {
        // The database failed (PostgreSQL restarting, say): nothing is lost, try again shortly.
        this.failuresInARow += 1;
        const pause = backoffMs(this.failuresInARow, this.settings);
        // The error's code only: a database's message may quote a value.
        const code = (error as { code?: unknown }).code;
        this.log(
          `[relay] the request store failed (${typeof code === "string" ? code : (error as Error).name}); trying again in ${pause} ms`,
        );
        await this.sleepFor(pause, this.stopping.signal);
      }
    }
  }

  /** Sends one due row if there is one; false when there was none. */
  private async relayOne(): Promise<boolean> {
    await this.pace();
    if (this.stopped) return true;
    const claim = await this.store.claimNext(this.owner, this.now(), this.settings.leaseMs);
    if (!claim) return false;
    if (this.stopped) {
      await this.store.release(claim.id, this.owner);
      return true;
    }
    this.recentSends.push(this.now());
    const outcome = await submitToHubSpot(
      {
        apiOrigin: this.options.apiOrigin,
        hubspot: this.options.hubspot,
        timeoutMs: this.settings.timeoutMs,
        fetch: this.options.fetch,
        now: this.now,
      },
      claim,
    );
    await this.record(claim, outcome);
    return true;
  }

  private async record(claim: RelayClaim, outcome: SubmissionOutcome): Promise<void> {
    switch (outcome.kind) {
      case "sent": {
        this.failuresInARow = 0;
        const held = await this.store.markSent(claim.id, this.owner, this.now());
        if (!held) this.log(`[relay] ${claim.id} was accepted by HubSpot after this server's claim had run out`);
        else this.log(`[relay] ${claim.id} sent to HubSpot`);
        return;
      }
      case "refused": {
        this.failuresInARow = 0;
        // The team's alert is queued with the failure, in one transaction (docs/product.md#notifications-and-privacy).
        const channels = this.options.alertChannels ?? [];
        const alert = channels.length > 0 ? { channels, refusal: outcome.refusal, now: this.now() } : undefined;
        const held = await this.store.markFailed(claim.id, this.owner, outcome.reason, alert);
        // The reason stays on the row (the export shows it): HubSpot may quote what the visitor typed.
        this.log(`[relay] ${claim.id} refused by HubSpot; it stays failed until \`npm run requests -- retry\``);
        if (held && alert) this.options.onAlertQueued?.();
        return;
      }
      case "retry": {
        this.failuresInARow += 1;
        const failures = Math.max(this.failuresInARow, claim.attempts + 1);
        const exponential = backoffMs(failures, this.settings);
        const jittered = Math.round(exponential / 2 + (this.random() * exponential) / 2);
        // Retry-After is the least HubSpot asks us to wait; the backoff still grows behind it.
        const pause = Math.max(outcome.retryAfterMs ?? 0, jittered);
        await this.store.scheduleRetry(claim.id, this.owner, this.now() + pause, outcome.reason);
        // The summary (a status or an error code): HubSpot's words may quote the visitor.
        this.log(`[relay] ${claim.id} not sent (${outcome.summary}); pausing ${pause} ms`);
        await this.sleepFor(pause, this.stopping.signal);
        return;
      }
    }
  }

  /** Waits while this server has sent its allowance in the last 10 s. */
  private async pace(): Promise<void> {
    while (!this.stopped) {
      const windowStart = this.now() - PACING_WINDOW_MS;
      while (this.recentSends.length > 0 && this.recentSends[0]! <= windowStart) this.recentSends.shift();
      if (this.recentSends.length < this.settings.maxPer10Seconds) return;
      await this.sleepFor(this.recentSends[0]! - windowStart, this.stopping.signal);
    }
  }

  /** Sleeps until a save wakes it, the next row is due, or the poll interval ends. */
  private async waitForWork(): Promise<void> {
    const next = await this.store.nextRelayAt();
    if (this.notified) {
      this.notified = false;
      return;
    }
    const due = next === null ? IDLE_POLL_MS : Math.min(IDLE_POLL_MS, Math.max(MIN_IDLE_MS, next - this.now()));
    this.idle = new AbortController();
    const wake = AbortSignal.any([this.idle.signal, this.stopping.signal]);
    await this.sleepFor(due, wake);
    this.idle = null;
    this.notified = false;
  }
}
