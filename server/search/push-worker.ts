/**
 * The pushes to search engines (server/search/README.md), one worker per server process, started
 * with the background work when Google's Indexing API or IndexNow is configured.
 *
 * - What is pushed: at start (a new release's build, or a restart) and at each moment a role opens
 *   or closes, the worker records what every role's address shows (address-states.ts) in the
 *   outbox (push-outbox.ts), which queues a push for each change once, whoever records it first.
 *   The moment is kept by a timer on the server's clock, with no request and no restart.
 * - How: the delivery loop (server/requests/outbox/delivery-loop.ts, which explains the claims,
 *   the leases and the paced backoff once), each engine a channel of it: Google one address per
 *   publish (google-indexing.ts), within the day's quota and deletions first; IndexNow the
 *   addresses due together in one POST (indexnow.ts).
 * - An engine that refuses for good (the account not an Owner of the site, the key file not
 *   served) stops until a restart or `requests -- retry`, and the team is told once, by the team's
 *   channels, in the same transaction (the notification outbox's `channel-refused`).
 */
import type { DeliverySettings, SearchSettings } from "../config";
import { DeliveryLoop, type DeliveryOutcome, type DeliveryTarget } from "../requests/outbox/delivery-loop";
import type { NotificationOutbox, RequestStore, TeamChannel } from "../requests/store";
import { errorCode } from "../safe-errors";
import { addressStates, nextChangeAt, type PushedRole } from "./address-states";
import { GOOGLE_DAILY_QUOTA, googleIndexing, type GoogleIndexing, type ServiceAccountKey } from "./google-indexing";
import { INDEXNOW_BATCH_SIZE, submitToIndexNow } from "./indexnow";
import { notificationTypeOf, type SearchEngine, type SearchPushClaim } from "./push-outbox";

/** The longest the worker sleeps before looking at the roles again: a clock set forward is noticed within it. */
export const RECHECK_MS = 60 * 60 * 1000;
/** The margin after a role's moment before it is recorded, so the server's pages have turned too. */
const MOMENT_MARGIN_MS = 5;

export interface SearchPushOptions {
  store: Pick<RequestStore, "searchPushes"> & Pick<NotificationOutbox, "stopChannel" | "stoppedChannels">;
  settings: SearchSettings;
  /** The key of GOOGLE_INDEXING_KEY_FILE, read at start (readServiceAccountKey); null without Google. */
  googleKey: ServiceAccountKey | null;
  /** SITE_URL: the addresses are under it. */
  siteUrl: string;
  /** The roles of the build served. */
  roles: readonly PushedRole[];
  timing: DeliverySettings;
  /** The team's channels, told once when an engine refuses for good. */
  alertChannels?: readonly TeamChannel[];
  /** Called once an alert is queued: wakes the notification worker. */
  onAlertQueued?: () => void;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  busy?: () => boolean;
  fetch?: typeof fetch;
}

/** A claimed push: one Google address, or IndexNow's addresses due together. */
interface PushDelivery {
  label: string;
  channel: SearchEngine;
  attempts: number;
  claims: SearchPushClaim[];
  /** Google said the day's quota is spent: no server claims another before its next day. */
  quotaSpent?: boolean;
}

/** The engines this configuration pushes to. */
export const searchEngines = (settings: SearchSettings): SearchEngine[] => [
  ...(settings.google ? (["google"] as const) : []),
  ...(settings.indexNow ? (["indexnow"] as const) : []),
];

export class SearchPushWorker {
  readonly engines: readonly SearchEngine[];
  private readonly loop: DeliveryLoop<PushDelivery>;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private recording: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When this server's background work began: what it records never overrides a later server's. */
  private generation = 0;

  constructor(private readonly options: SearchPushOptions) {
    const { store, settings, timing } = options;
    const now = (this.now = options.now ?? Date.now);
    this.log = options.log ?? ((line) => console.log(line));
    this.engines = searchEngines(settings);
    const pushes = store.searchPushes;
    const google: GoogleIndexing | null =
      settings.google && options.googleKey
        ? googleIndexing({
            key: options.googleKey,
            apiOrigin: settings.google.apiOrigin,
            timeoutMs: timing.timeoutMs,
            now,
            fetch: options.fetch,
          })
        : null;
    const indexNow = settings.indexNow;

    const target: DeliveryTarget<PushDelivery> = {
      name: "search",
      channels: this.engines,
      batchSize: INDEXNOW_BATCH_SIZE,
      async claim(owner, at, leaseMs, limit, open) {
        const claims = await pushes.claimSearchPushes(
          owner,
          at,
          leaseMs,
          limit,
          open as SearchEngine[],
          GOOGLE_DAILY_QUOTA,
        );
        const googles = claims.filter((claim) => claim.engine === "google");
        const indexNows = claims.filter((claim) => claim.engine === "indexnow");
        return [
          ...googles.map((claim) => ({
            label: `${notificationTypeOf(claim.state)} ${claim.url}`,
            channel: "google" as const,
            attempts: claim.attempts,
            claims: [claim],
          })),
          ...(indexNows.length > 0
            ? [
                {
                  label: `${indexNows.length} address${indexNows.length === 1 ? "" : "es"}`,
                  channel: "indexnow" as const,
                  attempts: Math.max(...indexNows.map((claim) => claim.attempts)),
                  claims: indexNows,
                },
              ]
            : []),
        ];
      },
      stillWanted: (delivery, owner) => pushes.searchPushesStillClaimed(delivery.claims, owner),
      async send(delivery, signal): Promise<DeliveryOutcome> {
        if (delivery.channel === "indexnow") {
          return submitToIndexNow(
            { ...indexNow!, siteUrl: options.siteUrl, timeoutMs: timing.timeoutMs, now, fetch: options.fetch },
            delivery.claims.map((claim) => claim.url),
            signal,
          );
        }
        const [claim] = delivery.claims;
        const { quotaSpent, ...outcome } = await google!.publish(claim!.url, notificationTypeOf(claim!.state), signal);
        delivery.quotaSpent = quotaSpent;
        return outcome;
      },
      recordSent: (delivery, owner, at) => pushes.markSearchPushesSent(delivery.claims, owner, at),
      async recordRetry(delivery, owner, retryAt, reason) {
        if (delivery.quotaSpent) await pushes.spendGoogleQuota(now(), GOOGLE_DAILY_QUOTA);
        await pushes.scheduleSearchPushRetry(delivery.claims, owner, retryAt, reason);
      },
      async recordRefused(delivery, owner, outcome) {
        if (outcome.scope === "row") {
          await pushes.markSearchPushesRefused(delivery.claims, owner, outcome.reason);
          return;
        }
        // The pushes stay queued for when the engine takes them again; the team hears once.
        await pushes.scheduleSearchPushRetry(delivery.claims, owner, now(), outcome.reason);
        const alerted = await store.stopChannel(delivery.channel, outcome.reason, now(), options.alertChannels ?? []);
        if (alerted && (options.alertChannels ?? []).length > 0) options.onAlertQueued?.();
      },
      returnClaims: (deliveries, owner) =>
        pushes.returnSearchPushes(
          deliveries.flatMap((delivery) => delivery.claims),
          owner,
          now(),
        ),
      nextDueAt: (open) => pushes.nextSearchPushAt(open as SearchEngine[], now(), GOOGLE_DAILY_QUOTA),
      stoppedChannels: async () => (await store.stoppedChannels()).map((stopped) => stopped.channel),
    };
    this.loop = new DeliveryLoop({
      target,
      timing,
      now,
      random: options.random,
      log: options.log,
      sleep: options.sleep,
      busy: options.busy,
    });
  }

  /** Records what the roles' addresses show now, then pushes each change and keeps each role's moment. */
  async start(): Promise<void> {
    this.generation = this.now();
    await this.record();
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.recording;
    await this.loop.stop();
  }

  /** Records the addresses' states now, wakes the loop when a push is due, and sets the timer for the next moment. */
  private record(): Promise<void> {
    this.recording = this.recording.then(async () => {
      if (this.stopped) return;
      const { store, roles, siteUrl } = this.options;
      const at = this.now();
      try {
        const due = await store.searchPushes.recordAddressStates(
          addressStates(roles, at, siteUrl, this.engines),
          this.engines,
          this.generation,
          at,
        );
        if (due > 0) this.loop.wake();
      } catch (error) {
        // The database is away: the next look (at most RECHECK_MS away) records what changed meanwhile.
        this.log(`[search] the roles' addresses could not be recorded (${errorCode(error)})`);
      }
      this.schedule();
    });
    return this.recording;
  }

  private schedule(): void {
    if (this.stopped) return;
    const now = this.now();
    const next = nextChangeAt(this.options.roles, now);
    const wait = Math.min(RECHECK_MS, next === null ? RECHECK_MS : next - now + MOMENT_MARGIN_MS);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.record(), Math.max(0, wait));
    this.timer.unref();
  }
}
