/**
 * The outbox worker that forwards stored requests to HubSpot (docs/product.md#nothing-lost), one per
 * server process, started only when the HubSpot ids are configured.
 *
 * - It is the delivery loop (../outbox/delivery-loop.ts, which explains the claims, the leases,
 *   "erase wins" and the paced backoff once) with HubSpot as its one channel. It records
 *   `sent`, `failed` (HubSpot refused it: 4xx other than 408/429; `npm run requests -- retry`
 *   queues it again) or a retry time. A held request is never claimed until it is admitted.
 * - What is HubSpot's own: its Retry-After when longer than the backoff, and at least 60 s
 *   after a 429 or its `error code: 1015` (hubspot-submission.ts). Nothing is ever dropped:
 *   a row stays pending until HubSpot takes or refuses it.
 * - It sends at most RELAY_MAX_PER_10_SECONDS per 10 s (HubSpot allows 50 on this endpoint).
 * - A save on this server wakes it at once (wake); otherwise it looks for due rows
 *   (retries, rows re-queued by the retry command, claims of a killed server that ran
 *   out) when the next one is due, and at least every IDLE_POLL_MS.
 *
 * Exactly once: a row is marked sent in the same claim it was sent under, and a sent
 * row is never claimed again. The one window left is a crash between HubSpot's 200 and
 * that commit (or a timeout after HubSpot accepted): the row is then sent again once
 * the claim runs out, because a request the team never receives is worse than a
 * duplicate HubSpot merges into the same contact by email.
 */
import type { HubSpotConfig } from "#shared/site-config.ts";
import type { DeliverySettings } from "../../config";
import { DeliveryLoop, type DeliveryOutcome, type DeliveryTarget } from "../outbox/delivery-loop";
import { FIELD_NOT_IN_FORM, submitToHubSpot, type SourceFieldNames } from "./hubspot-submission";
import type { RelayClaim, RelayOutbox, RelayRefusal, TeamChannel } from "../store";

/** Rows one claim takes: a few, so an erase or another server waits for little. */
const RELAY_BATCH_SIZE = 5;
/** The relay's one channel. */
const HUBSPOT_CHANNEL = "hubspot";

export interface RelayOptions {
  store: RelayOutbox;
  apiOrigin: string;
  hubspot: Pick<HubSpotConfig, "portalId" | "formIds">;
  /** Backoff, time limit and lease, shared with the notifications (DELIVERY_* variables). */
  timing: DeliverySettings;
  /** RELAY_MAX_PER_10_SECONDS. */
  maxPer10Seconds: number;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
  /** Sleeps `ms`, resolving early when `signal` aborts (tests pass a fake clock's sleep). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The team's channels (docs/product.md#notifications-and-privacy) that hear of a request HubSpot refused for good; none by default. */
  alertChannels?: readonly TeamChannel[];
  /** Called once an alert is queued: wakes the notification worker. */
  onAlertQueued?: () => void;
  /** The form's hidden fields that take the source values (HUBSPOT_SOURCE_FIELDS); none by default. */
  sourceFields?: SourceFieldNames;
  /** The form's hidden field that takes the role's title (HUBSPOT_ROLE_FIELD); none by default. */
  roleField?: string | null;
  /** Told how the relay fared (server/notifications/channel-health.ts). */
  onChannel?: (channel: string, error: string | null) => void;
}

type RelayDelivery = RelayClaim & { label: string; channel: string };

export class RelayWorker {
  private readonly loop: DeliveryLoop<RelayDelivery>;

  constructor(options: RelayOptions) {
    const { store, timing } = options;
    const now = options.now ?? Date.now;
    const log = options.log ?? ((line: string) => console.log(line));
    // Once HubSpot has refused them, the hidden fields are left out until a restart (after the form is fixed).
    let hidden = { sourceFields: options.sourceFields ?? {}, roleField: options.roleField ?? null };
    const target: DeliveryTarget<RelayDelivery> = {
      name: "relay",
      destination: "to HubSpot",
      channels: [HUBSPOT_CHANNEL],
      batchSize: RELAY_BATCH_SIZE,
      maxPer10Seconds: options.maxPer10Seconds,
      async claim(owner, at, leaseMs, limit) {
        const claims = await store.claimRelays(owner, at, leaseMs, limit);
        return claims.map((claim) => ({ ...claim, label: claim.id, channel: HUBSPOT_CHANNEL }));
      },
      stillWanted: (delivery, owner) => store.relayStillClaimed(delivery.id, owner),
      async send(delivery, signal): Promise<DeliveryOutcome> {
        const outcome = await submitToHubSpot(
          {
            apiOrigin: options.apiOrigin,
            hubspot: options.hubspot,
            timeoutMs: timing.timeoutMs,
            fetch: options.fetch,
            now,
            signal,
            ...hidden,
          },
          delivery,
        );
        if (outcome.hiddenFieldsRefused) {
          hidden = { sourceFields: {}, roleField: null };
          log(
            `[relay] HubSpot's form has no field for the source values or the role (${FIELD_NOT_IN_FORM}): requests are sent without them until the server restarts. Create the hidden fields HUBSPOT_SOURCE_FIELDS and HUBSPOT_ROLE_FIELD name on both forms (docs/deployment/hubspot.md).`,
          );
        }
        // HubSpot's refusal is this row's: other requests may still be accepted.
        return outcome.kind === "refused" ? { ...outcome, scope: "row", detail: outcome.refusal } : outcome;
      },
      recordSent: (delivery, owner, at) => store.markSent(delivery.id, owner, at),
      async recordRetry(delivery, owner, retryAt, reason) {
        await store.scheduleRetry(delivery.id, owner, retryAt, reason);
      },
      async recordRefused(delivery, owner, outcome) {
        // The team's alert is queued with the failure, in one transaction (docs/product.md#notifications-and-privacy).
        const channels = options.alertChannels ?? [];
        const alert =
          channels.length > 0 ? { channels, refusal: outcome.detail as RelayRefusal, now: now() } : undefined;
        // The reason stays on the row (the export shows it): HubSpot may quote what the visitor typed.
        const owned = await store.markFailed(delivery.id, owner, outcome.reason, alert);
        if (owned && alert) options.onAlertQueued?.();
      },
      returnClaims: (deliveries, owner) =>
        store.returnRelays(
          deliveries.map((delivery) => delivery.id),
          owner,
        ),
      nextDueAt: () => store.nextRelayAt(),
    };
    this.loop = new DeliveryLoop({
      target,
      timing,
      now,
      random: options.random,
      log: options.log,
      sleep: options.sleep,
      onChannel: options.onChannel,
    });
  }

  get owner(): string {
    return this.loop.owner;
  }

  start(): void {
    this.loop.start();
  }

  /** A row was just saved: look for it now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Finishes the submission in flight (recording its outcome), then resolves. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}
