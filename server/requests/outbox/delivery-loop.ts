/**
 * The one loop of the outbox workers: the relay to HubSpot (relay.ts) and the team's
 * notifications (server/notifications/worker.ts) are the same claim / re-check / send /
 * record / pace loop with different senders (docs/product.md#notifications-and-privacy).
 *
 * - Claims: a batch of due rows of the channels this server has, each with a lease
 *   (owner and expiry), so one server sends a row, and a killed server's claim runs out.
 * - Erase wins: right before each send, under its claim, the row's request must still
 *   be stored (`stillWanted`). A send that passed that check just before an erase ends
 *   within sendDeadlineMs, and the erase command waits that long when a claim on its
 *   rows was live, so once it has returned nothing more of that address is being sent.
 * - Paced retries: a failure pauses its channel, not only its row. The channel waits its
 *   backoff (DELIVERY_RETRY_MIN_SECONDS doubling up to DELIVERY_RETRY_MAX_SECONDS, between half
 *   and all of it at random, or the receiver's Retry-After when longer) with one attempt
 *   per round, so a long outage or a wrong password never turns the backlog into a
 *   storm; the batch's other rows of that channel go back untried. A channel that
 *   refuses for good (a webhook's 404) stops until a restart or `requests -- retry`.
 *   A failure the receiver says is that row's alone (a requester's address the mail server
 *   defers) waits the same backoff, by the row's own attempts, and the channel goes on.
 * - An overall deadline on every send (the timeout plus a second; a send starts only with
 *   twice the timeout of lease left), so a stuck receiver cannot outlast a claim and
 *   cause a duplicate.
 * - Visitors first: while the API is answering, a round waits (at most YIELD_MAX_MS).
 * - A send the store could not record (it went away meanwhile) is recorded before anything
 *   else is claimed once it is back, rather than sent again when its claim runs out.
 * - stop() lets the send in flight finish and be recorded, gives the rest back, resolves.
 */
import { randomUUID } from "node:crypto";
import { withinTimeLimit } from "../../time-limit";
import { hostname } from "node:os";
import type { DeliverySettings } from "../../config";
import { errorCode } from "../../safe-errors";

/** The longest a worker sleeps before looking for due rows again. */
export const IDLE_POLL_MS = 5000;
/** Shortest sleep when a row is due but another worker has claimed it, so the loop never spins. */
const MIN_IDLE_MS = 50;
/** While visitors are being answered, a round looks again this often... */
const YIELD_POLL_MS = 25;
/** ...for at most this long before it goes anyway, so sustained traffic never silences the team. */
export const YIELD_MAX_MS = 5000;
/** The pacing window of a channel's `maxPer10Seconds`. */
const PACING_WINDOW_MS = 10_000;
/** The loop's own deadline beyond the sender's time limit, so the sender's own reason is the one recorded. */
const DEADLINE_MARGIN_MS = 1000;

/**
 * The longest the loop waits for one store call. The stores limit their own statements,
 * but a database host that vanishes without closing the connection would otherwise hold
 * the loop until TCP gives up (many minutes); a call past this counts as a store failure.
 */
export const STORE_CALL_LIMIT_MS = 15_000;

/** The target with every store call (all but `send`, which has its own deadline) under STORE_CALL_LIMIT_MS. */
function withStoreTimeLimits<D extends Delivery>(target: DeliveryTarget<D>): DeliveryTarget<D> {
  const limit =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A) =>
      withinTimeLimit(call.apply(target, args), STORE_CALL_LIMIT_MS);
  return {
    ...target,
    send: target.send.bind(target),
    claim: limit(target.claim),
    stillWanted: limit(target.stillWanted),
    recordSent: limit(target.recordSent),
    recordRetry: limit(target.recordRetry),
    recordRefused: limit(target.recordRefused),
    returnClaims: limit(target.returnClaims),
    nextDueAt: limit(target.nextDueAt),
    ...(target.stoppedChannels ? { stoppedChannels: limit(target.stoppedChannels) } : {}),
  };
}

/** The longest one send may last: then the loop gives up on it and the sender is told to stop. */
export const sendDeadlineMs = (timeoutMs: number) => timeoutMs + DEADLINE_MARGIN_MS;

/** What a claimed row must say for the loop to deliver it. */
export interface Delivery {
  /** For logs: names the row, never what a visitor typed ("<id>", "email for <id>"). */
  label: string;
  channel: string;
  /** Attempts before this one. */
  attempts: number;
}

export type DeliveryOutcome =
  | { kind: "sent" }
  /**
   * Failed for now: try again after the channel's backoff (or Retry-After, when longer). With
   * `scope: "row"` only this row waits, by its own attempts; the channel goes on.
   */
  | { kind: "retry"; reason: string; summary: string; retryAfterMs: number | null; scope?: "row" }
  /** The receiver refused this row for good (HubSpot's 400), or the whole channel (a webhook's 404). */
  | { kind: "refused"; reason: string; summary: string; scope: "row" | "channel"; detail?: unknown };

/** One kind of outbox: how its rows are claimed, sent and recorded. */
export interface DeliveryTarget<D extends Delivery> {
  /** The log's prefix: `relay`, `notify`. */
  name: string;
  /** For the log line of a sent row: `to HubSpot`. */
  destination?: string;
  /** The channels this server delivers to; claims take only these. */
  channels: readonly string[];
  batchSize: number;
  /** The most sends per channel per 10 s (HubSpot's limit), when there is one. */
  maxPer10Seconds?: number;
  claim(owner: string, now: number, leaseMs: number, limit: number, channels: readonly string[]): Promise<D[]>;
  /** Erase wins: whether the row is still claimed by `owner` and its request still stored. */
  stillWanted(delivery: D, owner: string): Promise<boolean>;
  send(delivery: D, signal: AbortSignal): Promise<DeliveryOutcome>;
  /** Records a sent row under the claim; false when the claim had run out (another server may send it too). */
  recordSent(delivery: D, owner: string, now: number): Promise<boolean>;
  recordRetry(delivery: D, owner: string, retryAt: number, reason: string): Promise<void>;
  /** Records a refusal; for a channel's refusal, stops the channel (and tells the team once). */
  recordRefused(delivery: D, owner: string, outcome: Extract<DeliveryOutcome, { kind: "refused" }>): Promise<void>;
  /** Gives claims back unsent (the loop stopped before them): due again at once, for any server. */
  returnClaims(deliveries: readonly D[], owner: string): Promise<void>;
  /** When the next row of `channels` becomes due, or null. */
  nextDueAt(channels: readonly string[]): Promise<number | null>;
  /** Channels stopped for good until a restart or `requests -- retry` (shared by every server). */
  stoppedChannels?(): Promise<readonly string[]>;
}

export interface DeliveryLoopOptions<D extends Delivery> {
  target: DeliveryTarget<D>;
  timing: DeliverySettings;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
  /** Sleeps `ms`, resolving early when `signal` aborts (tests pass a virtual clock's sleep). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** True while visitors' requests are being answered; a round waits for them (up to YIELD_MAX_MS). */
  busy?: () => boolean;
  /** Told how each channel fared: null after a send, the summary of a failure of the whole channel (server/notifications/channel-health.ts). */
  onChannel?: (channel: string, error: string | null) => void;
}

/** The pause after the n-th failure in a row (n >= 1), before jitter: min * 2^(n-1), capped. */
export function backoffMs(failures: number, settings: Pick<DeliverySettings, "retryMinMs" | "retryMaxMs">): number {
  return Math.min(settings.retryMaxMs, settings.retryMinMs * 2 ** Math.max(0, failures - 1));
}

/** Sleeps `ms`, resolving early when `signal` aborts. */
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

interface ChannelState {
  /** Failures in a row; the backoff grows with them. */
  failures: number;
  pausedUntil: number;
  stopped: boolean;
  recentSends: number[];
}

export class DeliveryLoop<D extends Delivery> {
  /** Names this process's claims: host, pid and a random part, unique across restarts. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly target: DeliveryTarget<D>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly sleepFor: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly stopping = new AbortController();
  private readonly channels = new Map<string, ChannelState>();
  private loop: Promise<void> | null = null;
  /** Aborted by wake() to end an idle sleep early. */
  private idle: AbortController | null = null;
  private notified = false;
  private storeFailures = 0;
  /** Sent, but the store failed to record it: recorded first when the store is back, never sent again by this process. */
  private readonly unrecorded: D[] = [];

  constructor(private readonly options: DeliveryLoopOptions<D>) {
    this.target = withStoreTimeLimits(options.target);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? ((line) => console.log(line));
    this.sleepFor = options.sleep ?? realSleep;
    for (const channel of this.target.channels) {
      this.channels.set(channel, { failures: 0, pausedUntil: -Infinity, stopped: false, recentSends: [] });
    }
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** A row was just queued: look for it now rather than at the next poll. */
  wake(): void {
    this.notified = true;
    this.idle?.abort();
  }

  /** Finishes the send in flight (recording it), then resolves. */
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
        if (!(await this.round())) await this.waitForWork();
        this.storeFailures = 0;
      } catch (error) {
        // The database failed (PostgreSQL restarting, say): nothing is lost, the rows wait.
        this.storeFailures += 1;
        const pause = backoffMs(this.storeFailures, this.options.timing);
        this.log(`[${this.target.name}] the request store failed (${errorCode(error)}); trying again in ${pause} ms`);
        await this.sleepFor(pause, this.stopping.signal);
      }
    }
  }

  /** The channels a claim may take now: not stopped, not pausing after a failure. */
  private async openChannels(now: number): Promise<string[]> {
    const stopped = new Set(await (this.target.stoppedChannels?.() ?? []));
    const open: string[] = [];
    for (const [channel, state] of this.channels) {
      state.stopped = stopped.has(channel);
      if (!state.stopped && state.pausedUntil <= now) open.push(channel);
    }
    return open;
  }

  /** Claims and delivers one batch; false when nothing was claimed. */
  private async round(): Promise<boolean> {
    const { leaseMs, timeoutMs } = this.options.timing;
    await this.recordUnrecorded();
    await this.yieldToVisitors();
    if (this.stopped) return true;
    const claimedAt = this.now();
    const open = await this.openChannels(claimedAt);
    if (open.length === 0) return false;
    const claims = await this.target.claim(this.owner, claimedAt, leaseMs, this.target.batchSize, open);
    if (claims.length === 0) return false;
    const untried: D[] = [];
    let reached = 0;
    try {
      for (const delivery of claims) {
        reached += 1;
        const state = this.channels.get(delivery.channel)!;
        if (!this.stopped && this.mayTry(state)) await this.pace(state);
        // Stopping, the channel failed or stopped earlier in this batch, or too little lease
        // left for a send and its record: back untried for the next round.
        const leaseLeft = claimedAt + leaseMs - this.now();
        if (this.stopped || !this.mayTry(state) || leaseLeft < 2 * timeoutMs) {
          untried.push(delivery);
          continue;
        }
        if (!(await this.target.stillWanted(delivery, this.owner))) {
          this.log(`[${this.target.name}] ${delivery.label} not sent: its request was erased`);
          continue;
        }
        state.recentSends.push(this.now());
        await this.record(delivery, state, await this.sendWithinDeadline(delivery));
      }
    } finally {
      // After a store failure mid-batch, the rows not reached go back too, rather than
      // waiting out the lease; the one in hand waits (it may have been sent).
      await this.target.returnClaims([...untried, ...claims.slice(reached)], this.owner);
    }
    return true;
  }

  /** Records the sends the store could not record when they went (it throws again while the store is still away). */
  private async recordUnrecorded(): Promise<void> {
    while (this.unrecorded.length > 0) {
      const delivery = this.unrecorded[0]!;
      const stillOwned = await this.target.recordSent(delivery, this.owner, this.now());
      this.unrecorded.shift();
      this.log(
        `[${this.target.name}] ${delivery.label} recorded as sent once the store was back` +
          (stillOwned ? "" : ", after this server's claim had run out"),
      );
    }
  }

  private mayTry(state: ChannelState): boolean {
    return !state.stopped && state.pausedUntil <= this.now();
  }

  /** The sender's answer, or a failure to retry once the deadline passes (the sender is told to give up). */
  private async sendWithinDeadline(delivery: D): Promise<DeliveryOutcome> {
    const deadlineMs = sendDeadlineMs(this.options.timing.timeoutMs);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DeliveryOutcome>((resolveDeadline) => {
      timer = setTimeout(() => {
        controller.abort();
        const reason = `no answer within ${deadlineMs / 1000} s`;
        resolveDeadline({ kind: "retry", reason, summary: reason, retryAfterMs: null });
      }, deadlineMs);
    });
    try {
      return await Promise.race([this.target.send(delivery, controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async record(delivery: D, state: ChannelState, outcome: DeliveryOutcome): Promise<void> {
    const { name } = this.target;
    switch (outcome.kind) {
      case "sent": {
        state.failures = 0;
        this.options.onChannel?.(delivery.channel, null);
        let stillOwned: boolean;
        try {
          stillOwned = await this.target.recordSent(delivery, this.owner, this.now());
        } catch (error) {
          this.unrecorded.push(delivery);
          throw error;
        }
        const to = this.target.destination ? ` ${this.target.destination}` : "";
        this.log(`[${name}] ${delivery.label} sent${to}${stillOwned ? "" : " after this server's claim had run out"}`);
        return;
      }
      case "refused": {
        state.failures = 0;
        await this.target.recordRefused(delivery, this.owner, outcome);
        if (outcome.scope === "channel") {
          state.stopped = true;
          this.options.onChannel?.(
            delivery.channel,
            `refused (${outcome.summary}): stopped until a restart or requests -- retry`,
          );
        }
        // The summary only (a status): the receiver's words may quote the visitor.
        this.log(
          `[${name}] ${delivery.label} refused (${outcome.summary})` +
            (outcome.scope === "channel"
              ? `: ${delivery.channel} stops until a restart or \`npm run requests -- retry\``
              : ""),
        );
        return;
      }
      case "retry": {
        if (outcome.scope === "row") {
          const pause = Math.max(outcome.retryAfterMs ?? 0, this.jittered(delivery.attempts + 1));
          await this.target.recordRetry(delivery, this.owner, this.now() + pause, outcome.reason);
          this.log(`[${name}] ${delivery.label} not sent (${outcome.summary}); it alone is tried again in ${pause} ms`);
          return;
        }
        state.failures += 1;
        this.options.onChannel?.(delivery.channel, outcome.summary);
        // Retry-After is the least the receiver asks us to wait; the backoff still grows behind it.
        const pause = Math.max(
          outcome.retryAfterMs ?? 0,
          this.jittered(Math.max(state.failures, delivery.attempts + 1)),
        );
        state.pausedUntil = this.now() + pause;
        await this.target.recordRetry(delivery, this.owner, state.pausedUntil, outcome.reason);
        this.log(`[${name}] ${delivery.label} not sent (${outcome.summary}); ${delivery.channel} pauses ${pause} ms`);
        return;
      }
    }
  }

  /** The pause after `failures` failures in a row: the backoff, between half and all of it at random. */
  private jittered(failures: number): number {
    const exponential = backoffMs(failures, this.options.timing);
    return Math.round(exponential / 2 + (this.random() * exponential) / 2);
  }

  /** Waits while this server has sent a channel's allowance in the last 10 s. */
  private async pace(state: ChannelState): Promise<void> {
    const max = this.target.maxPer10Seconds;
    if (max === undefined) return;
    while (!this.stopped) {
      const windowStart = this.now() - PACING_WINDOW_MS;
      while (state.recentSends.length > 0 && state.recentSends[0]! <= windowStart) state.recentSends.shift();
      if (state.recentSends.length < max) return;
      await this.sleepFor(state.recentSends[0]! - windowStart, this.stopping.signal);
    }
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

  /** Sleeps until a queue wakes it, the next row or paused channel is due, or the poll interval ends. */
  private async waitForWork(): Promise<void> {
    const now = this.now();
    const open = [...this.channels].filter(([, state]) => !state.stopped && state.pausedUntil <= now);
    const nextRow = open.length > 0 ? await this.target.nextDueAt(open.map(([channel]) => channel)) : null;
    const pauses = [...this.channels.values()].filter((state) => !state.stopped && state.pausedUntil > now);
    const next = Math.min(nextRow ?? Infinity, ...pauses.map((state) => state.pausedUntil));
    if (this.notified) {
      this.notified = false;
      return;
    }
    const due = Math.min(IDLE_POLL_MS, Math.max(MIN_IDLE_MS, next - this.now()));
    this.idle = new AbortController();
    const wake = AbortSignal.any([this.idle.signal, this.stopping.signal]);
    await this.sleepFor(due, wake);
    this.idle = null;
    this.notified = false;
  }
}
