/**
 * Where invitation requests are kept (docs/product.md#nothing-lost): one interface per part of the
 * server that uses it (the API, the relay, the notifications, the daily jobs, the commands),
 * whichever database is behind it. SQLite under DATA_DIR
 * by default (sqlite-store.ts); PostgreSQL when DATABASE_URL is set (postgres-store.ts),
 * for several servers on one database.
 *
 * The relay's bookkeeping lives on each row (an outbox): `relay` is its state, and a
 * worker claims a pending row with a lease (owner and expiry) before sending it, so
 * that one worker at a time sends a row, a killed worker's claim runs out, and a row
 * marked `sent` is never claimed again. The team's notifications are a second outbox
 * with the same claims (server/requests/outbox/delivery-loop.ts delivers both).
 */
import type { EditorSessionStore } from "../editor/session-store";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import type { ConsentRecord } from "#shared/invitation/consent.ts";
import type { HeldReason } from "#shared/invitation/request-schema.ts";
import type { RequestSource } from "#shared/invitation/request-source.ts";
import type { openRole } from "#shared/roles/timetable.ts";
import type { Answer } from "./answer-links";
import type { SearchEngine, SearchPushOutbox } from "../search/push-outbox";

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

/** Why a request that looked automated was held (docs/product.md#nothing-lost). */
export type { HeldReason };

/**
 * The open role a request is about (docs/decisions/0025-roles-close-on-their-day.md): its slug
 * and its title, from the build's own content.
 */
export type RequestRole = NonNullable<ReturnType<typeof openRole>>;

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
  notify?: readonly TeamChannel[];
  /**
   * Whether the requester is to hear back (docs/product.md#notifications-and-privacy): an
   * acknowledgement queued on the requester channel in the same transaction, unless the request
   * is held or its mailbox had one in the last day (server/requests/mailbox.ts). Only for a request with one valid address.
   */
  acknowledge?: boolean;
  /** Set when it looked automated: stored, but neither relayed nor notified until `requests -- admit`. */
  held?: HeldReason | null;
  /**
   * The key the visitor's page made for this request and sends again with each retry
   * (docs/product.md#nothing-lost): one request is stored per key. Null when none came.
   */
  idempotencyKey?: string | null;
  /** Where the visit began (docs/product.md#where-requests-come-from); null when nothing is known. */
  source?: RequestSource | null;
  /** What the visitor saw and checked, with HUBSPOT_LEGAL_BASIS set; null otherwise. */
  consent?: ConsentRecord | null;
  /** The open role it is about; null when it names none (or one that is unknown or closed). */
  role?: RequestRole | null;
  /**
   * When the team's answer is due (docs/product.md#the-48-hour-promise): REPLY_WITHIN_HOURS after it
   * arrived; null for a held request, whose clock starts when it is admitted.
   */
  replyBy?: number | null;
}

/** What `save` did: stored a new row, or found the one its idempotency key already names (stored nothing). */
export type SaveOutcome = { stored: "new" } | { stored: "repeat"; first: StoredInvitationRequest };

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
  /** Why it is held (looked automated), or null: a held request waits for `requests -- admit`. */
  held: HeldReason | null;
  /** Where the visit began, or null when nothing is known (and for requests stored before it was recorded). */
  source: RequestSource | null;
  /** What the visitor saw and checked (HUBSPOT_LEGAL_BASIS), or null. */
  consent: ConsentRecord | null;
  /** The open role it was about, or null (and for requests stored before roles existed). */
  role: RequestRole | null;
  /** When the requester's acknowledgement was queued (ms), or null when none was. */
  acknowledgedAt: number | null;
  /**
   * When the team's answer is due (docs/product.md#the-48-hour-promise), or null: held and not yet admitted,
   * or stored before the promise was kept (or by the previous release, during a rollback).
   */
  replyBy: number | null;
  /** How the team answered, or null while it has not. */
  answer: Answer | null;
  /** When it answered (ms), or null. */
  answeredAt: number | null;
  /** When the team's reminder of it was queued (ms), or null. */
  remindedAt: number | null;
}

/** A pending row a worker has claimed (owns the lease on). */
export interface RelayClaim {
  id: string;
  receivedAt: number;
  mode: InvitationMode;
  fields: Record<string, string>;
  context: RelayContext;
  source: RequestSource | null;
  consent: ConsentRecord | null;
  role: RequestRole | null;
  /** Attempts before this one. */
  attempts: number;
}

/** Hits per key in fixed windows, counted once for every server on the database (server/api/rate-limit.ts). */
export interface SharedRateLimits {
  /** Counts a hit for `key` in its window of `windowMs`: the hits so far in it, and the ms until it ends. */
  countHit(key: string, windowMs: number): Promise<{ hits: number; resetsInMs: number }>;
}

/**
 * The store as each consumer sees it: every part of the server takes the role it uses, so its signature says what it touches and a test
 * fake is a few functions. RequestStore is their union, what the two databases implement.
 */

/** The request endpoint and the health check (server/api/). */
export interface IntakeStore {
  /** PostgreSQL's, which several servers share; absent on SQLite, whose one server counts in its memory. */
  readonly sharedRateLimits?: SharedRateLimits;
  /**
   * Resolves once the request (and its queued notifications) is committed durably; or, when
   * a request with its idempotency key is stored already, with that one, storing nothing.
   */
  save(request: NewInvitationRequest): Promise<SaveOutcome>;
  /** Runs a trivial query; rejects when the database does not answer within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
}

/** The relay to HubSpot: the request rows are its outbox. */
export interface RelayOutbox {
  /**
   * Claims up to `limit` pending rows (not held) due at `now` and not under another live
   * lease, longest-waiting first. Each claim lasts until `now + leaseMs` or until one of
   * the calls below ends it.
   */
  claimRelays(owner: string, now: number, leaseMs: number, limit: number): Promise<RelayClaim[]>;
  /** Erase wins: whether `owner` still owns the claim on a row that is still stored (checked right before sending). */
  relayStillClaimed(id: string, owner: string): Promise<boolean>;
  /** HubSpot accepted the row. False when `owner` no longer owned the claim. */
  markSent(id: string, owner: string, now: number): Promise<boolean>;
  /**
   * HubSpot refused the row for good (4xx): it stays `failed` until re-queued. `alert`
   * queues the team's alert about it in the same transaction.
   */
  markFailed(id: string, owner: string, reason: string, alert?: QueuedAlert): Promise<boolean>;
  /** HubSpot failed for now (5xx, 429, timeout): try again at `retryAt`. */
  scheduleRetry(id: string, owner: string, retryAt: number, reason: string): Promise<boolean>;
  /** Gives claims back unused (the worker is stopping, or the lease is too short for them). */
  returnRelays(ids: readonly string[], owner: string): Promise<void>;
  /** When the next pending row (not held) becomes claimable (its retry time or its lease's end), or null. */
  nextRelayAt(): Promise<number | null>;
}

/**
 * The team's notifications (docs/product.md#notifications-and-privacy): an outbox of one row per
 * subject and channel, claimed with a lease like the relay's rows, deleted once delivered.
 */
export interface NotificationOutbox {
  /**
   * Claims up to `limit` due notifications of `channels` (the ones this server has) not
   * under another live lease, longest-waiting first, in one transaction: a busy server
   * pays one write per batch, not one per row. A notification whose request was erased
   * is deleted, not claimed.
   */
  claimNotifications(
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
    channels: readonly NotificationChannel[],
  ): Promise<NotificationClaim[]>;
  /**
   * Erase wins: right before sending, whether `owner` still owns the claim on the notification and
   * its request (when it is about one) is still stored; when the request is gone, the
   * notification is deleted and this is false.
   */
  notificationStillWanted(seq: number, owner: string): Promise<boolean>;
  /** Delivered: the rows `owner` still owns are deleted, in one transaction. Returns the seqs deleted. */
  markNotificationsDelivered(seqs: readonly number[], owner: string): Promise<number[]>;
  /**
   * A requester's acknowledgement given up (docs/product.md#notifications-and-privacy): deleted, and
   * its request marks why, for `requests -- status`, in one transaction; only while `owner` owns it.
   */
  dropAcknowledgement(seq: number, owner: string, why: AcknowledgementDrop): Promise<void>;
  /** Delivery failed for now: try again at `retryAt`. */
  scheduleNotificationRetry(seq: number, owner: string, retryAt: number, reason: string): Promise<boolean>;
  /** Gives claims back unused (the worker is stopping, the channel is paused, or the lease is too short for them). */
  returnNotifications(seqs: readonly number[], owner: string): Promise<void>;
  /** When the next queued notification of `channels` becomes claimable, or null when none is queued. */
  nextNotificationAt(channels: readonly NotificationChannel[]): Promise<number | null>;
  /**
   * A channel refused for good (a webhook answering 404): it waits until a restart or
   * `requests -- retry`. True when this call stopped it, in which case the team's alert
   * on `alertChannels` was queued in the same transaction: one alert per stop.
   */
  stopChannel(
    channel: StoppableChannel,
    reason: string,
    now: number,
    alertChannels: readonly TeamChannel[],
  ): Promise<boolean>;
  /** The channels stopped now. */
  stoppedChannels(): Promise<StoppedChannel[]>;
}

/** The server's jobs on a timer: the retention's purge, the daily summary and the reminders. */
export interface DailyJobsStore extends Pick<PrivacyStore, "purgeBefore"> {
  /**
   * The daily summary (docs/product.md#nothing-lost, #the-48-hour-promise): when a day has passed
   * since the last one (on any server), queues on `channels`, in one transaction, one summary of
   * the requests held since then (if any) and, with `overdue`, one list of the requests past their
   * reply-by time and unanswered (if any). Null when it was not yet due; the counts otherwise.
   */
  queueDailySummary(
    now: number,
    channels: readonly TeamChannel[],
    options: { overdue: boolean },
  ): Promise<{ held: number; overdue: number } | null>;
  /**
   * The team's reminders (docs/product.md#the-48-hour-promise): queues on `channels` one reminder
   * for each request not yet answered nor reminded whose reply-by time is within `leadMs` of
   * `now` and not yet past, marking it reminded in the same transaction, so each goes once
   * whichever servers look. Returns how many.
   */
  queueReminders(now: number, leadMs: number, channels: readonly TeamChannel[]): Promise<number>;
}

/** Whether a request could be answered, and if not why (docs/product.md#the-48-hour-promise). */
export type AnswerRecord =
  | { outcome: "recorded"; request: StoredInvitationRequest }
  | { outcome: "already-answered"; request: StoredInvitationRequest }
  /** Held as likely automated: admitted first, or left unanswered. */
  | { outcome: "held"; request: StoredInvitationRequest }
  | { outcome: "not-found" };

/** The team's answers, from its email's links and from the command line (server/requests/answer.ts). */
export interface AnswerStore {
  /** The request with this id, or null when none is stored (never was, or erased). */
  findRequest(id: string): Promise<StoredInvitationRequest | null>;
  /**
   * Records the team's answer once, in one transaction: unless the request is gone, held or
   * answered already, sets its answer at `now`, drops its reminder still queued and, with
   * `tellRequester`, queues the requester's email of the outcome on REQUESTER_OUTCOME_CHANNEL.
   */
  recordAnswer(id: string, answer: Answer, now: number, options: { tellRequester: boolean }): Promise<AnswerRecord>;
}

/** The right of access and erasure, and the retention (docs/product.md#notifications-and-privacy). */
export interface PrivacyStore {
  /** Every request sent from `email` (compared case-insensitively), oldest first. */
  findByEmail(email: string): Promise<StoredInvitationRequest[]>;
  /** Every queued notification, oldest first. */
  listNotifications(): Promise<QueuedNotification[]>;
  /** Deletes the requests sent from `email` (case-insensitively) and their queued notifications, in one transaction. */
  eraseByEmail(email: string, now: number): Promise<ErasureCounts>;
  /** Deletes the requests received before `before` (ms) and their queued notifications, in one transaction. */
  purgeBefore(before: number): Promise<ErasedCounts>;
}

/** Opening and closing: what the composition root and the commands do around the work. */
export interface StoreLifecycle {
  /** For logs: the database kind and where it is, never a password. */
  readonly description: string;
  /**
   * At a server's start: gives back the claims a previous process left (a crash
   * mid-submission or mid-delivery: relay rows and notifications) so they go out now
   * rather than when their lease runs out. SQLite first makes this server the only one
   * on the file (a second server fails here), so every claim found is a dead process's.
   * Returns how many; always 0 on PostgreSQL, where other servers may own live claims.
   */
  returnClaimsOfPreviousProcess(): Promise<number>;
  /** Opens every stopped channel again (a restart, `requests -- retry`); returns how many. */
  reopenChannels(): Promise<number>;
  close(): Promise<void>;
}

/** The team's command line (server/commands/), beside the privacy commands and the answers. */
export interface TeamCommandsStore
  extends PrivacyStore, Pick<AnswerStore, "recordAnswer">, Pick<StoreLifecycle, "description" | "reopenChannels"> {
  /** Every stored request, oldest first. */
  list(): Promise<StoredInvitationRequest[]>;
  /** Turns every `failed` row back to `pending`, due at `now`; returns how many. */
  requeueFailed(now: number): Promise<number>;
  /** What an operator checks first (`requests -- status`). */
  status(now: number): Promise<StoreStatus>;
  /**
   * Sends a held request on as if it had just arrived: clears `held`, makes a pending
   * relay due at `now`, queues its notifications on `notify` and, with `acknowledge`, the
   * requester's acknowledgement (at most one per mailbox a day), and starts the promise's
   * clock (`replyBy`), in one transaction.
   */
  admitHeld(
    id: string,
    now: number,
    notify: readonly TeamChannel[],
    acknowledge?: boolean,
    replyBy?: number | null,
  ): Promise<"admitted" | "not-held" | "not-found">;
}

/** The whole store: every role, as SQLite and PostgreSQL implement it. */
export interface RequestStore
  extends
    IntakeStore,
    RelayOutbox,
    NotificationOutbox,
    DailyJobsStore,
    PrivacyStore,
    StoreLifecycle,
    TeamCommandsStore,
    AnswerStore {
  /** The pushes to search engines, in the same database (server/search/push-outbox.ts). */
  readonly searchPushes: SearchPushOutbox;
  /** The editor's sign-in links and sessions, in the same database (server/editor/session-store.ts). */
  readonly editorSessions: EditorSessionStore;
}

/** The team's channels: every notification but the requester's acknowledgement goes on these. */
export const TEAM_CHANNELS = ["email", "webhook"] as const;
export type TeamChannel = (typeof TEAM_CHANNELS)[number];
/**
 * The requester's acknowledgement, by email through the team's mail server but on a channel of
 * its own: a requester's address the mail server refuses never pauses the team's email.
 */
export const REQUESTER_CHANNEL = "requester";
/**
 * The requester's email of the team's answer, on the requester's side like the acknowledgement, with
 * its rules, on a channel of its own: the previous release claims `requester` and drops a kind it
 * does not know, and this email must wait for a release that knows it instead (store-core.ts, MIGRATIONS).
 */
export const REQUESTER_OUTCOME_CHANNEL = "requester-outcome";
/** The channels of the requester's own emails: a refused or deferred address is that row's problem alone. */
export const REQUESTER_CHANNELS: ReadonlySet<string> = new Set([REQUESTER_CHANNEL, REQUESTER_OUTCOME_CHANNEL]);
export type NotificationChannel = TeamChannel | typeof REQUESTER_CHANNEL | typeof REQUESTER_OUTCOME_CHANNEL;
/** The channels a refusal for good stops until a restart or `requests -- retry`: the team's, and the search engines' (server/search/). */
export type StoppableChannel = TeamChannel | SearchEngine;
/**
 * `request`: a new request was stored; `relay-refused`: HubSpot refused one for good;
 * `held-summary`: the day's held requests; `channel-refused`: a channel refused for good;
 * `acknowledgement`: the requester hears their request arrived; `reminder`: a request is still
 * unanswered near its reply-by time; `overdue`: the day's list of those past it; `outcome`: the
 * requester hears the team's answer.
 */
export const NOTIFICATION_KINDS = [
  "request",
  "relay-refused",
  "held-summary",
  "channel-refused",
  "acknowledgement",
  "reminder",
  "overdue",
  "outcome",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** HubSpot's words when it refused a request for good, kept for the team's alert. */
export interface RelayRefusal {
  status: number;
  /** HubSpot's `errorType` (e.g. `FORM_HAS_RECAPTCHA_ENABLED`), or null when it gave none. */
  errorType: string | null;
  message: string;
  correlationId: string | null;
}

export interface QueuedAlert {
  channels: readonly TeamChannel[];
  refusal: RelayRefusal;
  now: number;
}

/** The held summary names at most this many ids; the export has them all. */
export const HELD_SUMMARY_MAX_IDS = 50;

/** The day's held requests, for the summary. */
export interface HeldSummary {
  count: number;
  /** The first ids (at most HELD_SUMMARY_MAX_IDS), oldest first. */
  ids: string[];
  /** Held since (ms). */
  since: number;
}

/** The overdue list names at most this many requests; `requests -- status` and the export have them all. */
export const OVERDUE_LIST_MAX = 50;

/** The requests past their reply-by time and unanswered, for the daily list (oldest due first). */
export interface OverdueList {
  count: number;
  /** The first (at most OVERDUE_LIST_MAX), each with when it was due (ms). */
  requests: { id: string; replyBy: number }[];
}

/** A channel that refused for good, for the alert. */
export interface ChannelRefusal {
  channel: StoppableChannel;
  reason: string;
}

export interface StoppedChannel extends ChannelRefusal {
  stoppedAt: number;
}

export interface QueuedNotification {
  seq: number;
  /** Null for a notification about no one request (the held summary, a channel's refusal). */
  requestId: string | null;
  kind: NotificationKind;
  channel: NotificationChannel;
  attempts: number;
  lastError: string | null;
}

/** What a notification is about, by kind. */
export type NotificationSubject =
  | { kind: "request"; request: StoredInvitationRequest }
  | { kind: "relay-refused"; request: StoredInvitationRequest; refusal: RelayRefusal }
  | { kind: "held-summary"; held: HeldSummary }
  | { kind: "channel-refused"; refusal: ChannelRefusal }
  | { kind: "acknowledgement"; request: StoredInvitationRequest }
  | { kind: "reminder"; request: StoredInvitationRequest }
  | { kind: "overdue"; overdue: OverdueList }
  | { kind: "outcome"; request: StoredInvitationRequest; answer: Extract<Answer, "invite" | "decline"> };

/** A queued notification a worker has claimed, with what it is about. */
export type NotificationClaim = NotificationSubject & {
  seq: number;
  channel: NotificationChannel;
  /** The same on every retry of this notification: receivers drop duplicates by it (X-Delivery-Id). */
  deliveryId: string;
  /** When it was queued (ms). */
  queuedAt: number;
  /** Attempts before this one. */
  attempts: number;
};

/**
 * Why a requester's acknowledgement was given up: the mail server refused the address for good,
 * or it could not go within the reply time it promises.
 */
export type AcknowledgementDrop = "refused" | "expired";

export interface ErasedCounts {
  requests: number;
  notifications: number;
}

export interface ErasureCounts extends ErasedCounts {
  /**
   * The erased requests' relays and notifications that a worker had claimed (a live lease)
   * when they were erased: one of them may be past its last check and being sent.
   */
  inFlight: number;
}

/** What `requests -- status` prints. */
export interface StoreStatus {
  requestsLastDay: number;
  requestsLastWeek: number;
  /**
   * The last week's requests by source (shared/invitation/request-source.ts's sourceLabel: `utm_source`, else the
   * referring site; null when neither is known), most first.
   */
  sourcesLastWeek: { source: string | null; requests: number }[];
  /** The last week's requests by the title of the role they were about (null: none), most first. */
  rolesLastWeek: { role: string | null; requests: number }[];
  relaysPending: number;
  relaysFailed: number;
  held: number;
  notificationsQueued: number;
  /** When the oldest queued notification was first due (ms), or null. */
  oldestNotificationAt: number | null;
  /** The last week's acknowledgements (by when they were queued) given up, by why. */
  acknowledgementsDroppedLastWeek: Record<AcknowledgementDrop, number>;
  stoppedChannels: StoppedChannel[];
  /** How the promise was kept (docs/product.md#the-48-hour-promise). */
  promise: PromiseStatus;
}

/** The days `requests -- status` measures the promise over. */
export const PROMISE_WINDOW_DAYS = 30;
/** The overdue requests `requests -- status` names; it counts them all. */
export const STATUS_OVERDUE_MAX = 20;

/**
 * The promise over the last PROMISE_WINDOW_DAYS: the requests received then that carry a reply-by
 * time (held ones once admitted), and what is overdue now, whenever it arrived.
 */
export interface PromiseStatus {
  /** Requests received in the window with a reply-by time. */
  requests: number;
  /** Of those, answered by their reply-by time... */
  answeredInTime: number;
  /** ...answered after it... */
  answeredLate: number;
  /** ...past it and unanswered (the rest are not yet due). */
  unansweredPastDue: number;
  /** The median time from arrival to answer of those answered (ms), or null when none was. */
  medianAnswerMs: number | null;
  /** Those answered, by answer. */
  byAnswer: Record<Answer, number>;
  /** Every request past its reply-by time and unanswered now (the oldest due first, at most STATUS_OVERDUE_MAX). */
  overdue: OverdueList;
}
