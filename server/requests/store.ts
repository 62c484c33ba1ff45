/**
 * Where invitation requests are kept (docs/product.md#nothing-lost): the one interface the API, the
 * relay and the commands use, whichever database is behind it. SQLite under DATA_DIR
 * by default (sqlite-store.ts); PostgreSQL when DATABASE_URL is set (postgres-store.ts),
 * for several servers on one database.
 *
 * The relay's bookkeeping lives on each row (an outbox): `relay` is its state, and a
 * worker claims a pending row with a lease (owner and expiry) before sending it, so
 * that one worker at a time sends a row, a killed worker's claim runs out, and a row
 * marked `sent` is never claimed again.
 */
import type { InvitationMode } from "~/invitation/mode";

export const RELAY_STATES = ["pending", "sent", "failed", "off"] as const;
/** `pending` waits for (another) attempt, `sent` HubSpot accepted, `failed` HubSpot refused, `off` no HubSpot configured. */
export type RelayState = (typeof RELAY_STATES)[number];

/** What HubSpot is told beside the fields, captured when the request arrived. */
export interface RelayContext {
  pageUri: string;
  pageName: string;
  /** The visitor's `hubspotutk` cookie, when the browser sent it. */
  hutk?: string;
}

export interface NewInvitationRequest {
  id: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  mode: InvitationMode;
  /** The mode's fields exactly as sent (validated). */
  fields: Record<string, string>;
  context: RelayContext;
  /** `pending` when HubSpot is configured, `off` when requests are only stored. */
  relay: "pending" | "off";
  /** The privacy notice shown beside the form it came from (docs/product.md#notifications-and-privacy); null when unknown. */
  noticeVersion?: string | null;
  /** The team's channels to tell of it, queued in the same transaction (the outbox, docs/product.md#notifications-and-privacy). */
  notify?: readonly NotificationChannel[];
}

export interface StoredInvitationRequest {
  id: string;
  receivedAt: number;
  mode: InvitationMode;
  fields: Record<string, string>;
  context: RelayContext;
  relay: RelayState;
  /** Submissions tried since the row was stored (or last re-queued). */
  relayAttempts: number;
  /** Why the last attempt failed (HubSpot's message), while the row is pending or failed. */
  relayError: string | null;
  sentAt: number | null;
  /** The privacy notice the visitor was shown, or null for requests stored before it was recorded. */
  noticeVersion: string | null;
}

/** A pending row a worker holds the lease on. */
export interface RelayClaim {
  id: string;
  receivedAt: number;
  mode: InvitationMode;
  fields: Record<string, string>;
  context: RelayContext;
  /** Attempts before this one. */
  attempts: number;
}

export interface RequestStore {
  /** For logs: the database kind and where it is, never a password. */
  readonly description: string;
  /** Resolves once the request is committed durably. */
  save(request: NewInvitationRequest): Promise<void>;
  /** Every stored request, oldest first. */
  list(): Promise<StoredInvitationRequest[]>;
  /**
   * Claims the pending row that has waited longest among those due at `now` and not
   * under another live lease; null when there is none. The claim lasts until
   * `now + leaseMs` or until one of the calls below ends it.
   */
  claimNext(owner: string, now: number, leaseMs: number): Promise<RelayClaim | null>;
  /** HubSpot accepted the row. False when `owner` no longer held the claim. */
  markSent(id: string, owner: string, now: number): Promise<boolean>;
  /**
   * HubSpot refused the row for good (4xx): it stays `failed` until re-queued. `alert`
   * queues the team's alert about it in the same transaction.
   */
  markFailed(id: string, owner: string, reason: string, alert?: QueuedAlert): Promise<boolean>;
  /** HubSpot failed for now (5xx, 429, timeout): try again at `retryAt`. */
  scheduleRetry(id: string, owner: string, retryAt: number, reason: string): Promise<boolean>;
  /** Gives a claim back unused (the worker is stopping). */
  release(id: string, owner: string): Promise<void>;
  /** When the next pending row becomes claimable (its retry time or its lease's end), or null. */
  nextRelayAt(): Promise<number | null>;
  /** Turns every `failed` row back to `pending`, due at `now`; returns how many. */
  requeueFailed(now: number): Promise<number>;
  close(): Promise<void>;

  // --- Operations (issue 18): health, and claims left by a previous process. ---

  /** Runs a trivial query; rejects when the database does not answer within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * At a server's start: gives back the claims a previous process left (a crash
   * mid-submission or mid-delivery: relay rows and notifications) so they go out now
   * rather than when their lease runs out. SQLite
   * first makes this server the only one on the file (a second server fails here), so
   * every claim found is a dead process's. Returns how many; always 0 on PostgreSQL,
   * where other servers may hold live claims.
   */
  releaseClaimsOfPreviousProcess(): Promise<number>;

  // The team's notifications (docs/product.md#notifications-and-privacy): an outbox of one row per request (or relay
  // alert) and channel, claimed with a lease like the relay's rows, deleted once delivered.

  /**
   * Claims up to `limit` due notifications not under another live lease, longest-waiting
   * first, in one transaction: a busy server pays one write per batch, not one per row.
   */
  claimNotifications(owner: string, now: number, leaseMs: number, limit: number): Promise<NotificationClaim[]>;
  /** Delivered: the rows `owner` still holds are deleted, in one transaction. Returns the seqs deleted. */
  markNotificationsDelivered(seqs: readonly number[], owner: string): Promise<number[]>;
  /** Delivery failed for now: try again at `retryAt`. */
  scheduleNotificationRetry(seq: number, owner: string, retryAt: number, reason: string): Promise<boolean>;
  /** Gives claims back unused (the worker is stopping, or the lease is too short for them). */
  releaseNotifications(seqs: readonly number[], owner: string): Promise<void>;
  /** When the next queued notification becomes claimable, or null when none is queued. */
  nextNotificationAt(): Promise<number | null>;
  /** Every queued notification, oldest first (for the commands and tests). */
  listNotifications(): Promise<QueuedNotification[]>;

  // Privacy (docs/product.md#notifications-and-privacy): the right of access and erasure, and the retention.

  /** Every request sent from `email` (compared case-insensitively), oldest first. */
  findByEmail(email: string): Promise<StoredInvitationRequest[]>;
  /** Deletes the requests sent from `email` (case-insensitively) and their queued notifications, in one transaction. */
  eraseByEmail(email: string): Promise<ErasedCounts>;
  /** Deletes the requests received before `before` (ms) and their queued notifications, in one transaction. */
  purgeBefore(before: number): Promise<ErasedCounts>;
}

export const NOTIFICATION_CHANNELS = ["email", "webhook"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** `request`: a new request was stored; `relay-refused`: HubSpot refused one for good. */
export type NotificationKind = "request" | "relay-refused";

/** HubSpot's words when it refused a request for good, kept for the team's alert. */
export interface RelayRefusal {
  status: number;
  /** HubSpot's `errorType` (e.g. `FORM_HAS_RECAPTCHA_ENABLED`), or null when it gave none. */
  errorType: string | null;
  message: string;
  correlationId: string | null;
}

export interface QueuedAlert {
  channels: readonly NotificationChannel[];
  refusal: RelayRefusal;
  now: number;
}

export interface QueuedNotification {
  seq: number;
  requestId: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  attempts: number;
  lastError: string | null;
}

/** A queued notification a worker holds the lease on, with the request it is about. */
export interface NotificationClaim {
  seq: number;
  kind: NotificationKind;
  channel: NotificationChannel;
  /** Attempts before this one. */
  attempts: number;
  refusal: RelayRefusal | null;
  request: StoredInvitationRequest;
}

export interface ErasedCounts {
  requests: number;
  notifications: number;
}
