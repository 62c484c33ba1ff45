/**
 * What the two stores share (sqlite-store.ts, postgres-store.ts): the schema's
 * migrations, one list with each step in both dialects, the rule that runs them, and
 * the mappers from a row to the objects of store.ts. Each store keeps only its own SQL,
 * its transactions and its locking.
 */
import { randomUUID } from "node:crypto";
import type { ConsentRecord } from "#shared/invitation/consent.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import type { RequestSource } from "#shared/invitation/request-source.ts";
import {
  HELD_SUMMARY_MAX_IDS,
  type ChannelRefusal,
  type HeldReason,
  type HeldSummary,
  type NotificationChannel,
  type NotificationClaim,
  type NotificationKind,
  type OverdueList,
  type PromiseStatus,
  type QueuedNotification,
  type RelayClaim,
  type RelayContext,
  type RelayRefusal,
  type RelayState,
  type RequestRole,
  type StoreStatus,
  type StoredInvitationRequest,
} from "../store";
import { ANSWERS, type Answer } from "../answer-links";
import { BASELINE_VERSION, baselineSchema } from "../../database/baseline";

export type Dialect = "sqlite" | "postgres";

/**
 * One step of the schema, in each dialect; an empty string is a step a dialect does not need.
 * `compatible`: a server that does not know the step still runs on the schema after it and
 * loses nothing (the step only adds nullable columns, indexes, or values a check allows,
 * which such a server never writes), so a rollback to the previous release works on a
 * database the new one migrated (docs/deployment/requests.md, "Schema changes").
 */
export type Migration = Record<Dialect, string> & { compatible?: true };

/**
 * Each entry moves the schema one version up. A new database is made by the baseline, written
 * once with Kysely's schema builder for both engines (server/database/baseline.ts), which stands
 * for the first BASELINE_VERSION steps: their SQL in each dialect remains for the databases of
 * earlier releases. A database records two numbers: how many steps it has had (`applied`) and the least SCHEMA_VERSION a server must know to run on it
 * (`required`, which every release before compatible steps reads as the schema's version:
 * SQLite's `PRAGMA user_version`, PostgreSQL's `invitation_schema.version`). They differ once a
 * compatible step ran: an older server then finds a version it knows.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    sqlite: `CREATE TABLE invitation_requests (
       seq INTEGER PRIMARY KEY,
       id TEXT NOT NULL UNIQUE,
       received_at INTEGER NOT NULL,
       mode TEXT NOT NULL CHECK (mode IN ('candidate', 'employer')),
       fields TEXT NOT NULL,
       context TEXT NOT NULL,
       relay TEXT NOT NULL CHECK (relay IN ('pending', 'sent', 'failed', 'off')),
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at INTEGER,
       lease_owner TEXT,
       lease_until INTEGER,
       last_error TEXT,
       sent_at INTEGER
     );
     CREATE INDEX invitation_requests_due ON invitation_requests (next_attempt_at, seq) WHERE relay = 'pending';`,
    // `fields` and `context` are `json` (not `jsonb`): kept as sent, keys in their order.
    postgres: `CREATE TABLE invitation_requests (
       seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       id text NOT NULL UNIQUE,
       received_at timestamptz NOT NULL,
       mode text NOT NULL CHECK (mode IN ('candidate', 'employer')),
       fields json NOT NULL,
       context json NOT NULL,
       relay text NOT NULL CHECK (relay IN ('pending', 'sent', 'failed', 'off')),
       attempts integer NOT NULL DEFAULT 0,
       next_attempt_at timestamptz,
       lease_owner text,
       lease_until timestamptz,
       last_error text,
       sent_at timestamptz
     );
     CREATE INDEX invitation_requests_due ON invitation_requests (next_attempt_at, seq) WHERE relay = 'pending';`,
  },
  // The team's notifications (docs/product.md#notifications-and-privacy): the outbox, and the privacy notice each request was sent under.
  {
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN notice_version TEXT;
     CREATE INDEX invitation_requests_received ON invitation_requests (received_at);
     CREATE TABLE invitation_notifications (
       seq INTEGER PRIMARY KEY,
       request_id TEXT NOT NULL,
       kind TEXT NOT NULL CHECK (kind IN ('request', 'relay-refused')),
       channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
       refusal TEXT,
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at INTEGER NOT NULL,
       lease_owner TEXT,
       lease_until INTEGER,
       last_error TEXT
     );
     CREATE INDEX invitation_notifications_due ON invitation_notifications (next_attempt_at, seq);
     CREATE INDEX invitation_notifications_request ON invitation_notifications (request_id);`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN notice_version text;
     CREATE INDEX invitation_requests_received ON invitation_requests (received_at);
     CREATE TABLE invitation_notifications (
       seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       request_id text NOT NULL,
       kind text NOT NULL CHECK (kind IN ('request', 'relay-refused')),
       channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
       refusal json,
       attempts integer NOT NULL DEFAULT 0,
       next_attempt_at timestamptz NOT NULL,
       lease_owner text,
       lease_until timestamptz,
       last_error text
     );
     CREATE INDEX invitation_notifications_due ON invitation_notifications (next_attempt_at, seq);
     CREATE INDEX invitation_notifications_request ON invitation_notifications (request_id);`,
  },
  // SQLite's outbox holds only undelivered rows (a handful; thousands during a long mail
  // outage), so scanning it costs less than keeping two indexes on it: they made every
  // save write two more pages and cost the API about 15% of its saves per second
  // (scripts/bench/load.ts --notifications). PostgreSQL keeps them.
  {
    sqlite: `DROP INDEX invitation_notifications_due;
     DROP INDEX invitation_notifications_request;`,
    postgres: "",
  },
  // Held, never dropped (docs/product.md#nothing-lost): a request that looked automated is kept with its
  // reason. The outbox takes notifications about no one request (the daily held summary,
  // a channel that refused), keeps what each is about in `details`, and gives each a
  // delivery id that stays the same on every retry. A stopped channel and the last run of
  // each daily job are shared by every server on the database.
  {
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN held TEXT CHECK (held IN ('honeypot', 'fill-time'));
     CREATE TABLE invitation_notifications_v4 (
       seq INTEGER PRIMARY KEY,
       request_id TEXT,
       kind TEXT NOT NULL CHECK (kind IN ('request', 'relay-refused', 'held-summary', 'channel-refused')),
       channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
       details TEXT,
       delivery_id TEXT NOT NULL,
       queued_at INTEGER NOT NULL,
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at INTEGER NOT NULL,
       lease_owner TEXT,
       lease_until INTEGER,
       last_error TEXT
     );
     INSERT INTO invitation_notifications_v4
       (seq, request_id, kind, channel, details, delivery_id, queued_at, attempts, next_attempt_at, lease_owner,
        lease_until, last_error)
       SELECT seq, request_id, kind, channel, refusal, lower(hex(randomblob(16))), next_attempt_at, attempts,
         next_attempt_at, lease_owner, lease_until, last_error
       FROM invitation_notifications;
     DROP TABLE invitation_notifications;
     ALTER TABLE invitation_notifications_v4 RENAME TO invitation_notifications;
     CREATE TABLE invitation_channels (channel TEXT PRIMARY KEY, stopped_at INTEGER NOT NULL, reason TEXT NOT NULL);
     CREATE TABLE invitation_jobs (job TEXT PRIMARY KEY, last_run_at INTEGER NOT NULL);`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN held text CHECK (held IN ('honeypot', 'fill-time'));
     ALTER TABLE invitation_notifications ALTER COLUMN request_id DROP NOT NULL;
     ALTER TABLE invitation_notifications DROP CONSTRAINT invitation_notifications_kind_check;
     ALTER TABLE invitation_notifications ADD CONSTRAINT invitation_notifications_kind_check
       CHECK (kind IN ('request', 'relay-refused', 'held-summary', 'channel-refused'));
     ALTER TABLE invitation_notifications RENAME COLUMN refusal TO details;
     ALTER TABLE invitation_notifications ADD COLUMN delivery_id text;
     UPDATE invitation_notifications SET delivery_id = gen_random_uuid()::text;
     ALTER TABLE invitation_notifications ALTER COLUMN delivery_id SET NOT NULL;
     ALTER TABLE invitation_notifications ADD COLUMN queued_at timestamptz;
     UPDATE invitation_notifications SET queued_at = next_attempt_at;
     ALTER TABLE invitation_notifications ALTER COLUMN queued_at SET NOT NULL;
     CREATE TABLE invitation_channels (channel text PRIMARY KEY, stopped_at timestamptz NOT NULL, reason text NOT NULL);
     CREATE TABLE invitation_jobs (job text PRIMARY KEY, last_run_at timestamptz NOT NULL);`,
  },
  // A retried send is stored once (docs/product.md#nothing-lost): the key a visitor's page made
  // for a request, unique. Requests sent without one (other clients) are left out of the
  // index, so their saves write no index page for it.
  {
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN idempotency_key TEXT;
     CREATE UNIQUE INDEX invitation_requests_idempotency_key ON invitation_requests (idempotency_key)
       WHERE idempotency_key IS NOT NULL;`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN idempotency_key text;
     CREATE UNIQUE INDEX invitation_requests_idempotency_key ON invitation_requests (idempotency_key)
       WHERE idempotency_key IS NOT NULL;`,
  },
  // The API's rate limit counted for every server on the database (server/api/rate-limit.ts);
  // SQLite takes one server, which counts in its memory. Unlogged: counts are worth no
  // write-ahead log, and a crash that empties the table only gives every client a new window.
  {
    sqlite: "",
    postgres: `CREATE UNLOGGED TABLE invitation_rate_limits (
       key text PRIMARY KEY,
       hits integer NOT NULL,
       window_ends_at timestamptz NOT NULL
     );`,
  },
  // Where requests come from, and the consent they carry (docs/product.md#where-requests-come-from):
  // what the visit's first page noted, and what the visitor saw and checked; null for older rows.
  {
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN source TEXT;
     ALTER TABLE invitation_requests ADD COLUMN consent TEXT;`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN source json;
     ALTER TABLE invitation_requests ADD COLUMN consent json;`,
  },
  // The role a request is about (docs/decisions/0025-roles-close-on-their-day.md), and the
  // requester's acknowledgement (docs/product.md#notifications-and-privacy): when it was
  // queued, so an address gets at most one a day, and an outbox channel of its own. The
  // previous release never writes these and never claims the `requester` channel: its rows
  // wait for the next release.
  {
    compatible: true,
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN role TEXT;
     ALTER TABLE invitation_requests ADD COLUMN acknowledged_at INTEGER;
     CREATE INDEX invitation_requests_acknowledged ON invitation_requests (acknowledged_at)
       WHERE acknowledged_at IS NOT NULL;
     CREATE TABLE invitation_notifications_v8 (
       seq INTEGER PRIMARY KEY,
       request_id TEXT,
       kind TEXT NOT NULL
         CHECK (kind IN ('request', 'relay-refused', 'held-summary', 'channel-refused', 'acknowledgement')),
       channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'requester')),
       details TEXT,
       delivery_id TEXT NOT NULL,
       queued_at INTEGER NOT NULL,
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at INTEGER NOT NULL,
       lease_owner TEXT,
       lease_until INTEGER,
       last_error TEXT
     );
     INSERT INTO invitation_notifications_v8
       (seq, request_id, kind, channel, details, delivery_id, queued_at, attempts, next_attempt_at, lease_owner,
        lease_until, last_error)
       SELECT seq, request_id, kind, channel, details, delivery_id, queued_at, attempts, next_attempt_at, lease_owner,
         lease_until, last_error
       FROM invitation_notifications;
     DROP TABLE invitation_notifications;
     ALTER TABLE invitation_notifications_v8 RENAME TO invitation_notifications;`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN role json;
     ALTER TABLE invitation_requests ADD COLUMN acknowledged_at timestamptz;
     CREATE INDEX invitation_requests_acknowledged ON invitation_requests (acknowledged_at)
       WHERE acknowledged_at IS NOT NULL;
     ALTER TABLE invitation_notifications DROP CONSTRAINT invitation_notifications_kind_check;
     ALTER TABLE invitation_notifications ADD CONSTRAINT invitation_notifications_kind_check
       CHECK (kind IN ('request', 'relay-refused', 'held-summary', 'channel-refused', 'acknowledgement'));
     ALTER TABLE invitation_notifications DROP CONSTRAINT invitation_notifications_channel_check;
     ALTER TABLE invitation_notifications ADD CONSTRAINT invitation_notifications_channel_check
       CHECK (channel IN ('email', 'webhook', 'requester'));`,
  },
  // One acknowledgement a day per mailbox, not per spelling (server/requests/mailbox.ts): the
  // mailbox it went to, on the request it was queued for (rows queued before keep their address,
  // folded as before); and why one was given up (an address the mail server refused, or no
  // chance to send it within the promised reply time), for `requests -- status`.
  {
    compatible: true,
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN acknowledged_mailbox TEXT;
     ALTER TABLE invitation_requests ADD COLUMN acknowledgement_dropped TEXT
       CHECK (acknowledgement_dropped IN ('refused', 'expired'));
     UPDATE invitation_requests SET acknowledged_mailbox = lower(trim(json_extract(fields, '$.email')))
       WHERE acknowledged_at IS NOT NULL;
     CREATE INDEX invitation_requests_mailbox ON invitation_requests (acknowledged_mailbox, acknowledged_at)
       WHERE acknowledged_mailbox IS NOT NULL;`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN acknowledged_mailbox text;
     ALTER TABLE invitation_requests ADD COLUMN acknowledgement_dropped text
       CHECK (acknowledgement_dropped IN ('refused', 'expired'));
     UPDATE invitation_requests SET acknowledged_mailbox = lower(btrim(fields->>'email'))
       WHERE acknowledged_at IS NOT NULL;
     CREATE INDEX invitation_requests_mailbox ON invitation_requests (acknowledged_mailbox, acknowledged_at)
       WHERE acknowledged_mailbox IS NOT NULL;`,
  },
  // The 48-hour promise (docs/product.md#the-48-hour-promise): when each request's answer is due,
  // the team's answer and when it was given, and when the team was reminded of it; the kinds of
  // the reminder, the daily list of what is overdue and the requester's email of the outcome,
  // which has a channel of its own. The previous release runs on it: the requests it stores (during
  // a rollback) have no reply-by time, so they are neither reminded of nor counted; it never claims
  // `requester-outcome`, whose rows wait for the next release; it claims the team's channels, and
  // drops a reminder or an overdue list it finds there as it drops a notification whose request is
  // gone (each is sent only once its request is due, so only those queued at a rollback are lost).
  {
    compatible: true,
    sqlite: `ALTER TABLE invitation_requests ADD COLUMN reply_by INTEGER;
     ALTER TABLE invitation_requests ADD COLUMN answer TEXT CHECK (answer IN ('invite', 'decline', 'other'));
     ALTER TABLE invitation_requests ADD COLUMN answered_at INTEGER;
     ALTER TABLE invitation_requests ADD COLUMN reminded_at INTEGER;
     CREATE INDEX invitation_requests_unanswered ON invitation_requests (reply_by)
       WHERE answered_at IS NULL AND reply_by IS NOT NULL;
     CREATE TABLE invitation_notifications_v10 (
       seq INTEGER PRIMARY KEY,
       request_id TEXT,
       kind TEXT NOT NULL CHECK (kind IN ('request', 'relay-refused', 'held-summary', 'channel-refused',
         'acknowledgement', 'reminder', 'overdue', 'outcome')),
       channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'requester', 'requester-outcome')),
       details TEXT,
       delivery_id TEXT NOT NULL,
       queued_at INTEGER NOT NULL,
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at INTEGER NOT NULL,
       lease_owner TEXT,
       lease_until INTEGER,
       last_error TEXT
     );
     INSERT INTO invitation_notifications_v10
       (seq, request_id, kind, channel, details, delivery_id, queued_at, attempts, next_attempt_at, lease_owner,
        lease_until, last_error)
       SELECT seq, request_id, kind, channel, details, delivery_id, queued_at, attempts, next_attempt_at, lease_owner,
         lease_until, last_error
       FROM invitation_notifications;
     DROP TABLE invitation_notifications;
     ALTER TABLE invitation_notifications_v10 RENAME TO invitation_notifications;`,
    postgres: `ALTER TABLE invitation_requests ADD COLUMN reply_by timestamptz;
     ALTER TABLE invitation_requests ADD COLUMN answer text CHECK (answer IN ('invite', 'decline', 'other'));
     ALTER TABLE invitation_requests ADD COLUMN answered_at timestamptz;
     ALTER TABLE invitation_requests ADD COLUMN reminded_at timestamptz;
     CREATE INDEX invitation_requests_unanswered ON invitation_requests (reply_by)
       WHERE answered_at IS NULL AND reply_by IS NOT NULL;
     ALTER TABLE invitation_notifications DROP CONSTRAINT invitation_notifications_kind_check;
     ALTER TABLE invitation_notifications ADD CONSTRAINT invitation_notifications_kind_check
       CHECK (kind IN ('request', 'relay-refused', 'held-summary', 'channel-refused', 'acknowledgement', 'reminder',
         'overdue', 'outcome'));
     ALTER TABLE invitation_notifications DROP CONSTRAINT invitation_notifications_channel_check;
     ALTER TABLE invitation_notifications ADD CONSTRAINT invitation_notifications_channel_check
       CHECK (channel IN ('email', 'webhook', 'requester', 'requester-outcome'));`,
  },
  // Pushes to search engines (server/search/push-outbox.ts): what each role's address shows and what
  // each engine was last told, one row per engine and address, and Google's daily quota counted for
  // every server. The previous release never reads them.
  {
    compatible: true,
    sqlite: `CREATE TABLE search_pushes (
       engine TEXT NOT NULL CHECK (engine IN ('google', 'indexnow')),
       url TEXT NOT NULL,
       state TEXT NOT NULL,
       pushed_state TEXT,
       generation INTEGER NOT NULL,
       changed_at INTEGER NOT NULL,
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at INTEGER,
       lease_owner TEXT,
       lease_until INTEGER,
       last_error TEXT,
       pushed_at INTEGER,
       PRIMARY KEY (engine, url)
     );
     CREATE TABLE search_push_quota (engine TEXT NOT NULL, day TEXT NOT NULL, used INTEGER NOT NULL,
       PRIMARY KEY (engine, day));`,
    postgres: `CREATE TABLE search_pushes (
       engine text NOT NULL CHECK (engine IN ('google', 'indexnow')),
       url text NOT NULL,
       state text NOT NULL,
       pushed_state text,
       generation timestamptz NOT NULL,
       changed_at timestamptz NOT NULL,
       attempts integer NOT NULL DEFAULT 0,
       next_attempt_at timestamptz,
       lease_owner text,
       lease_until timestamptz,
       last_error text,
       pushed_at timestamptz,
       PRIMARY KEY (engine, url)
     );
     CREATE INDEX search_pushes_due ON search_pushes (engine, next_attempt_at) WHERE next_attempt_at IS NOT NULL;
     CREATE TABLE search_push_quota (engine text NOT NULL, day text NOT NULL, used integer NOT NULL,
       PRIMARY KEY (engine, day));`,
  },
  // The editor's sign-in (server/editor/sessions.ts): its one-time links and its sessions, each
  // kept as the SHA-256 of its secret. The previous release never reads them.
  {
    compatible: true,
    sqlite: `CREATE TABLE editor_links (
       token_hash TEXT PRIMARY KEY,
       email TEXT NOT NULL,
       expires_at INTEGER NOT NULL,
       used_at INTEGER
     );
     CREATE TABLE editor_sessions (
       id_hash TEXT PRIMARY KEY,
       email TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       expires_at INTEGER NOT NULL
     );`,
    postgres: `CREATE TABLE editor_links (
       token_hash text PRIMARY KEY,
       email text NOT NULL,
       expires_at timestamptz NOT NULL,
       used_at timestamptz
     );
     CREATE TABLE editor_sessions (
       id_hash text PRIMARY KEY,
       email text NOT NULL,
       created_at timestamptz NOT NULL,
       expires_at timestamptz NOT NULL
     );`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
/** The least SCHEMA_VERSION a server must know to run on a database this one migrated: the last step that is not compatible. */
export const REQUIRED_VERSION = MIGRATIONS.findLastIndex((migration) => !migration.compatible) + 1;

/** How far a database's schema is (see MIGRATIONS). */
export interface SchemaState {
  /** Steps the database has had. */
  applied: number;
  /** The least SCHEMA_VERSION a server must know to run on it. */
  required: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily job that tells the team of held requests (invitation_jobs). */
export const HELD_SUMMARY_JOB = "held-summary";

/**
 * The rules around the day's held summary, one copy for both stores (each keeps only its SQL):
 * it is due a day after the last one, or now when none ran; it covers the requests held since
 * the last one, or in the last day; and it names at most HELD_SUMMARY_MAX_IDS of them.
 */
export function heldSummaryWindow(lastRun: number | null, now: number): { since: number } | null {
  if (lastRun !== null && now - lastRun < DAY_MS) return null;
  return { since: lastRun ?? now - DAY_MS };
}

export function heldSummaryDetails(ids: readonly string[], since: number) {
  return { count: ids.length, ids: ids.slice(0, HELD_SUMMARY_MAX_IDS), since };
}

/** The daily overdue list: how many, and the first few named with when each was due (rows oldest due first). */
export function overdueList(
  rows: readonly { id: string; reply_by: TimeColumn }[],
  count: number,
  max: number,
): OverdueList {
  return { count, requests: rows.slice(0, max).map((row) => ({ id: row.id, replyBy: toMs(row.reply_by) })) };
}

/**
 * What an answer does to a request, by its row: nothing found, held (it must be admitted first),
 * answered already (the first answer stands), or record it.
 */
export function answerDecision(
  row: { held: string | null; answer: string | null } | undefined,
): "not-found" | "held" | "already-answered" | "record" {
  if (!row) return "not-found";
  if (row.answer !== null) return "already-answered";
  return row.held === null ? "record" : "held";
}

/** The median of some durations (ms), or null for none: the middle one, or the mean of the middle two. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The promise's figures (PromiseStatus), from each store's rows of the window: each request's
 * reply-by time, when it arrived, and its answer and when it came; and what is overdue now.
 */
export function promiseStatus(
  rows: readonly {
    received_at: TimeColumn;
    reply_by: TimeColumn;
    answer: Answer | null;
    answered_at: TimeColumn | null;
  }[],
  overdue: OverdueList,
  now: number,
): PromiseStatus {
  const byAnswer = Object.fromEntries(ANSWERS.map((answer) => [answer, 0])) as Record<Answer, number>;
  const status = { requests: rows.length, answeredInTime: 0, answeredLate: 0, unansweredPastDue: 0 };
  const durations: number[] = [];
  for (const row of rows) {
    const replyBy = toMs(row.reply_by);
    if (row.answer !== null && row.answered_at !== null) {
      const answeredAt = toMs(row.answered_at);
      byAnswer[row.answer] += 1;
      durations.push(answeredAt - toMs(row.received_at));
      if (answeredAt <= replyBy) status.answeredInTime += 1;
      else status.answeredLate += 1;
    } else if (replyBy <= now) {
      status.unansweredPastDue += 1;
    }
  }
  return { ...status, medianAnswerMs: median(durations), byAnswer, overdue };
}

/** What `requests -- admit` does with a request, by its row: nothing found, not held, or admit it. */
export function admitDecision(row: { held: string | null } | undefined): "not-found" | "not-held" | "admit" {
  if (!row) return "not-found";
  return row.held === null ? "not-held" : "admit";
}

/**
 * The statements that bring a database at `state` up to SCHEMA_VERSION, in order, and the
 * state to record after them. A database that requires a newer server is refused, naming it:
 * a server must not write to a schema it does not know. One a newer server took through
 * compatible steps only is run on as it is.
 */
export function migrationPlan(
  state: SchemaState,
  dialect: Dialect,
  description: string,
): { statements: string[]; after: SchemaState } {
  if (state.required > SCHEMA_VERSION) {
    throw new Error(
      `${description} has schema version ${state.required}, newer than this server knows (${SCHEMA_VERSION}).`,
    );
  }
  // An empty database is made by the baseline, written once for both engines; an older one takes the steps it has not had.
  const fresh = state.applied === 0 && state.required === 0;
  return {
    statements: [
      ...(fresh ? baselineSchema(dialect) : []),
      ...MIGRATIONS.slice(fresh ? BASELINE_VERSION : state.applied)
        .map((migration) => migration[dialect])
        .filter((statement) => statement.trim() !== ""),
    ],
    after: {
      applied: Math.max(state.applied, SCHEMA_VERSION),
      required: Math.max(state.required, REQUIRED_VERSION),
    },
  };
}

/** The columns of a request row, in every statement that reads one. */
export const REQUEST_COLUMN_LIST = [
  "id",
  "received_at",
  "mode",
  "fields",
  "context",
  "relay",
  "attempts",
  "last_error",
  "sent_at",
  "notice_version",
  "held",
  "source",
  "consent",
  "role",
  "acknowledged_at",
  "reply_by",
  "answer",
  "answered_at",
  "reminded_at",
] as const;
/** The same columns, as SQL. */
export const REQUEST_COLUMNS = REQUEST_COLUMN_LIST.join(", ");
/** The columns of a notification row. */
export const NOTIFICATION_COLUMN_LIST = [
  "seq",
  "request_id",
  "kind",
  "channel",
  "details",
  "delivery_id",
  "queued_at",
  "attempts",
  "last_error",
] as const;

/** A nullable JSON value as a column takes it: text, or NULL. */
export const jsonOrNull = (value: object | null | undefined): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * The last week's requests counted by a label (a source's, shared/invitation/request-source.ts's
 * sourceLabel; a role's title), most first; ties by label, the unknown (null) last.
 */
export function byLabel(rows: readonly { label: string | null; requests: number | string }[]) {
  const unknown = (label: string | null) => (label === null ? 1 : 0);
  return rows
    .map((row) => ({ label: row.label, requests: Number(row.requests) }))
    .sort(
      (a, b) =>
        b.requests - a.requests ||
        unknown(a.label) - unknown(b.label) ||
        String(a.label).localeCompare(String(b.label)),
    );
}

/** The status's counts by source and by role, from each store's two groupings. */
export function countsByLabel(
  sources: readonly { label: string | null; requests: number | string }[],
  roles: readonly { label: string | null; requests: number | string }[],
): Pick<StoreStatus, "sourcesLastWeek" | "rolesLastWeek"> {
  return {
    sourcesLastWeek: byLabel(sources).map(({ label, requests }) => ({ source: label, requests })),
    rolesLastWeek: byLabel(roles).map(({ label, requests }) => ({ role: label, requests })),
  };
}

/** A JSON column as the drivers give it: SQLite's as text, PostgreSQL's parsed. */
type JsonColumn<T> = T | string;
/** A time column: SQLite's in milliseconds, PostgreSQL's a Date. */
type TimeColumn = number | Date;

export interface RequestRow {
  id: string;
  received_at: TimeColumn;
  mode: InvitationMode;
  fields: JsonColumn<Record<string, string>>;
  context: JsonColumn<RelayContext>;
  relay: RelayState;
  attempts: number;
  last_error: string | null;
  sent_at: TimeColumn | null;
  notice_version: string | null;
  held: HeldReason | null;
  source: JsonColumn<RequestSource> | null;
  consent: JsonColumn<ConsentRecord> | null;
  role: JsonColumn<RequestRole> | null;
  acknowledged_at: TimeColumn | null;
  reply_by: TimeColumn | null;
  answer: Answer | null;
  answered_at: TimeColumn | null;
  reminded_at: TimeColumn | null;
}

export interface NotificationRow {
  /** PostgreSQL's bigint arrives as a string. */
  seq: number | string;
  request_id: string | null;
  kind: NotificationKind;
  channel: NotificationChannel;
  /** What the notification is about beside its request: HubSpot's refusal, the held summary, the channel's refusal. */
  details: JsonColumn<RelayRefusal | HeldSummary | ChannelRefusal | OverdueList | OutcomeDetails> | null;
  delivery_id: string;
  queued_at: TimeColumn;
  attempts: number;
  last_error: string | null;
}

const json = <T>(value: JsonColumn<T>): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
export const toMs = (value: TimeColumn): number => (typeof value === "number" ? value : value.getTime());
const msOrNull = (value: TimeColumn | null): number | null => (value === null ? null : toMs(value));

export function toStoredRequest(row: RequestRow): StoredInvitationRequest {
  return {
    id: row.id,
    receivedAt: toMs(row.received_at),
    mode: row.mode,
    fields: json(row.fields),
    context: json(row.context),
    relay: row.relay,
    relayAttempts: row.attempts,
    relayError: row.last_error,
    sentAt: row.sent_at === null ? null : toMs(row.sent_at),
    noticeVersion: row.notice_version,
    held: row.held,
    source: row.source === null ? null : json(row.source),
    consent: row.consent === null ? null : json(row.consent),
    role: row.role === null ? null : json(row.role),
    acknowledgedAt: msOrNull(row.acknowledged_at),
    // Null, not undefined, from a row read before its migration added them (never the case once migrated).
    replyBy: msOrNull(row.reply_by ?? null),
    answer: row.answer ?? null,
    answeredAt: msOrNull(row.answered_at ?? null),
    remindedAt: msOrNull(row.reminded_at ?? null),
  };
}

export function toRelayClaim(row: RequestRow): RelayClaim {
  const { id, receivedAt, mode, fields, context, source, consent, role, relayAttempts } = toStoredRequest(row);
  return { id, receivedAt, mode, fields, context, source, consent, role, attempts: relayAttempts };
}

/**
 * A claimed notification with what it is about; null when it is about a request that is
 * no longer stored (erased or purged after it was queued): nothing is left to tell.
 */
export function toNotificationClaim(
  row: NotificationRow,
  request: StoredInvitationRequest | null,
): NotificationClaim | null {
  const base = {
    seq: Number(row.seq),
    channel: row.channel,
    deliveryId: row.delivery_id,
    queuedAt: toMs(row.queued_at),
    attempts: row.attempts,
  };
  const details = row.details === null ? null : json(row.details);
  switch (row.kind) {
    case "request":
      return request && { ...base, kind: row.kind, request };
    case "relay-refused":
      return request && { ...base, kind: row.kind, request, refusal: details as RelayRefusal };
    case "held-summary":
      return { ...base, kind: row.kind, held: details as HeldSummary };
    case "channel-refused":
      return { ...base, kind: row.kind, refusal: details as ChannelRefusal };
    case "acknowledgement":
    case "reminder":
      return request && { ...base, kind: row.kind, request };
    case "overdue":
      return { ...base, kind: row.kind, overdue: details as OverdueList };
    case "outcome":
      return request && { ...base, kind: row.kind, request, answer: (details as OutcomeDetails).answer };
  }
}

/** What an outcome notification keeps beside its request: the answer it tells (never "other", which tells no one). */
export interface OutcomeDetails {
  answer: "invite" | "decline";
}

/** What a notification row is queued with: its subject's request (if any) and details, and a new delivery id. */
export function newNotificationRow(subject: QueuedSubject) {
  return {
    requestId: "requestId" in subject ? subject.requestId : null,
    kind: subject.kind,
    details: "details" in subject && subject.details ? JSON.stringify(subject.details) : null,
    deliveryId: randomUUID(),
  };
}

/** What is queued: the kind, and the request or the details it is about. */
export type QueuedSubject =
  | { kind: "request"; requestId: string }
  | { kind: "relay-refused"; requestId: string; details: RelayRefusal }
  | { kind: "held-summary"; details: HeldSummary }
  | { kind: "channel-refused"; details: ChannelRefusal }
  | { kind: "acknowledgement"; requestId: string }
  | { kind: "reminder"; requestId: string }
  | { kind: "overdue"; details: OverdueList }
  | { kind: "outcome"; requestId: string; details: OutcomeDetails };

export function toQueuedNotification(row: NotificationRow): QueuedNotification {
  return {
    seq: Number(row.seq),
    requestId: row.request_id,
    kind: row.kind,
    channel: row.channel,
    attempts: row.attempts,
    lastError: row.last_error,
  };
}
