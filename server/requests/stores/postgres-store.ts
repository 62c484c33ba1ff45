/**
 * The request store in PostgreSQL (DATABASE_URL), for several servers behind a load
 * balancer on one database: the same rows and the same relay bookkeeping as the SQLite
 * store (sqlite-store.ts).
 *
 * - The schema is migrated at start inside a transaction holding an advisory lock, so
 *   when two servers start at once one migrates and the other waits, then finds the
 *   schema current.
 * - A worker claims a row with `SELECT ... FOR UPDATE SKIP LOCKED` inside the UPDATE
 *   that sets its lease: concurrent workers each get a different row, and a row whose
 *   lease is still running is not offered. The lease times come from the servers'
 *   clocks (keep them synchronised, as NTP does); the lease is long against any skew.
 * - `fields` and `context` are `json` (not `jsonb`): kept as sent, keys in their order.
 *   They are sent as text and cast, or the driver would encode the JSON text once more.
 * - Commits are durable under PostgreSQL's default `synchronous_commit = on`.
 * - Every statement has a time limit (`statement_timeout`, and a connection must open
 *   within CONNECT_TIMEOUT_SECONDS), so a database that is away or stuck fails a call
 *   within seconds; the API answers 503 (docs/deployment/node-server.md, "Time limits").
 * - A delete leaves the row's bytes in its page until VACUUM reuses it (autovacuum does,
 *   soon); docs/deployment/personal-data.md says what erasure means here and in backups.
 */
import postgres from "postgres";
import { mailboxKey } from "../mailbox";
import {
  OVERDUE_LIST_MAX,
  PROMISE_WINDOW_DAYS,
  REQUESTER_CHANNEL,
  REQUESTER_OUTCOME_CHANNEL,
  STATUS_OVERDUE_MAX,
  type NotificationChannel,
  type RequestStore,
  type SaveOutcome,
  type SharedRateLimits,
} from "../store";
import {
  answerDecision,
  countsByLabel,
  DAY_MS,
  HELD_SUMMARY_JOB,
  heldSummaryDetails,
  heldSummaryWindow,
  admitDecision,
  jsonOrNull,
  newNotificationRow,
  migrationPlan,
  overdueList,
  promiseStatus,
  REQUEST_COLUMNS,
  toStoredRequest,
  type QueuedSubject,
  type RequestRow,
} from "./store-core";
import { withinTimeLimit } from "../../time-limit";
import { redact, secretTexts } from "../../safe-errors";
import type { Answer } from "../answer-links";
import { editorSessionStore } from "../../editor/session-store";
import { searchPushStore } from "../../search/push-store";
import { postgresEngine } from "../../database/engine";
import { relayQueries } from "./relay-queries";
import { channelQueries, notificationQueries } from "./outbox-queries";

/** The advisory lock key the migration holds (any constant unique to this schema). */
const MIGRATION_LOCK_KEY = 7_340_011_001;
/**
 * The first half of the two-key advisory locks that make one address's acknowledgements
 * decide in turn (the second is the address's hash); PostgreSQL keeps two-key locks apart
 * from one-key ones such as the migration's.
 */
const ACKNOWLEDGEMENT_LOCK_SPACE = 7_340_012;
/** Connections per server process: requests hold one only for a statement. */
const POOL_SIZE = 10;
/** The longest a statement may run; below the API's own limit on a save. */
export const STATEMENT_TIMEOUT_MS = 3000;
/** The longest opening a connection may take (a database that is down refuses at once). */
const CONNECT_TIMEOUT_SECONDS = 3;
/**
 * The longest pause between two tries to reconnect, so the API answers within a second of
 * the database's return (docs/deployment/node-server.md). postgres.js's own backoff grows
 * to 20 s after a few failed tries, and a save waits for the next one.
 */
const RECONNECT_BACKOFF_MAX_SECONDS = 0.5;
const reconnectBackoff = (retries: number) =>
  Math.min(0.05 * 2 ** retries, RECONNECT_BACKOFF_MAX_SECONDS) * (0.5 + Math.random() / 2);
/** Rate-limit counts whose window has ended are deleted at most this often, by whichever server counts next. */
const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * `PostgreSQL database <name> on <host:port>[,<host:port>...]`, never the user or
 * password. A multi-host list is not a WHATWG URL: the hosts are read beside it.
 */
export function describeDatabaseUrl(databaseUrl: string): string {
  const authority = databaseUrl.slice(databaseUrl.indexOf("://") + 3).split(/[/?#]/)[0]!;
  const hosts = authority.slice(authority.lastIndexOf("@") + 1);
  const url = new URL(databaseUrl.replace(hosts, hosts.split(",")[0]!));
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || "(default)"} on ${hosts || "localhost"}`;
}

/** The connection pool, every statement and connection under a time limit. */
function connect(databaseUrl: string): postgres.Sql {
  return postgres(databaseUrl, {
    max: POOL_SIZE,
    idle_timeout: 30,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectBackoff,
    connection: {
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS * 2,
    },
    onnotice: () => {},
  });
}

/**
 * Rate-limit counts in PostgreSQL, shared by every server on the database. The hits that
 * arrive while a statement is on its way wait for the next one, which counts them all (one
 * statement per key and window, whatever the load): each hit gets its own place in the
 * count, as if it had been counted alone, and a busy server pays one round trip per batch,
 * not one per request (docs/measurements/0015-fastify.md).
 */
function rateLimitCounter(sql: postgres.Sql): SharedRateLimits {
  type Waiter = { resolve: (count: { hits: number; resetsInMs: number }) => void; reject: (error: unknown) => void };
  const waiting = new Map<string, { windowMs: number; waiters: Waiter[] }>();
  let counting = false;
  let lastSweep = 0;

  async function countWaiting() {
    while (waiting.size > 0) {
      const batch = [...waiting];
      waiting.clear();
      try {
        const rows = await sql<{ key: string; hits: number; resets_in_ms: number }[]>`
          INSERT INTO invitation_rate_limits AS counted (key, hits, window_ends_at)
          SELECT key, hits, now() + window_ms * interval '1 millisecond'
          FROM unnest(${batch.map(([key]) => key)}::text[], ${batch.map(([, entry]) => entry.waiters.length)}::integer[],
            ${batch.map(([, entry]) => entry.windowMs)}::integer[]) AS hit (key, hits, window_ms)
          ON CONFLICT (key) DO UPDATE SET
            hits = CASE WHEN counted.window_ends_at <= now() THEN excluded.hits ELSE counted.hits + excluded.hits END,
            window_ends_at = CASE WHEN counted.window_ends_at <= now() THEN excluded.window_ends_at
              ELSE counted.window_ends_at END
          RETURNING key, hits, ceil(extract(epoch FROM counted.window_ends_at - now()) * 1000)::integer AS resets_in_ms`;
        const counted = new Map(rows.map((row) => [row.key, row]));
        for (const [key, { waiters }] of batch) {
          const row = counted.get(key)!;
          // The batch's hits are the last of the count, in the order they arrived.
          waiters.forEach((waiter, index) =>
            waiter.resolve({ hits: row.hits - waiters.length + 1 + index, resetsInMs: row.resets_in_ms }),
          );
        }
      } catch (error) {
        for (const [, { waiters }] of batch) for (const waiter of waiters) waiter.reject(error);
      }
    }
    counting = false;
    // Counts whose window has ended are deleted now and then, by whichever server counts next.
    if (Date.now() - lastSweep >= RATE_LIMIT_SWEEP_MS) {
      lastSweep = Date.now();
      sql`DELETE FROM invitation_rate_limits WHERE window_ends_at < now()`.catch(() => {});
    }
  }

  return {
    countHit(key, windowMs) {
      return new Promise((resolve, reject) => {
        const entry = waiting.get(key) ?? { windowMs, waiters: [] };
        entry.waiters.push({ resolve, reject });
        waiting.set(key, entry);
        if (counting) return;
        counting = true;
        // The hits of this turn of the event loop go together.
        setImmediate(() => void countWaiting());
      });
    },
  };
}

/**
 * `invitation_schema.version` is the version a server must know, as every release reads it;
 * `applied`, the steps the database has had (store-core.ts, MIGRATIONS), is null until the
 * first compatible step (then as many as `version` says).
 */
async function migrate(sql: postgres.Sql, description: string) {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS invitation_schema (version integer NOT NULL)`;
    await tx`ALTER TABLE invitation_schema ADD COLUMN IF NOT EXISTS applied integer`;
    const [row] = await tx<
      { version: number; applied: number | null }[]
    >`SELECT version, applied FROM invitation_schema`;
    if (!row) await tx`INSERT INTO invitation_schema (version) VALUES (0)`;
    const required = row?.version ?? 0;
    const plan = migrationPlan({ required, applied: row?.applied ?? required }, "postgres", description);
    for (const statement of plan.statements) await tx.unsafe(statement);
    await tx`UPDATE invitation_schema SET version = ${plan.after.required}, applied = ${plan.after.applied}`;
  });
}

export async function openPostgresStore(databaseUrl: string): Promise<RequestStore> {
  const description = describeDatabaseUrl(databaseUrl);
  // A driver's or the database's message may quote the URL: only with its secrets hidden.
  const fail = (error: unknown): never => {
    const message = redact(error instanceof Error ? error.message : String(error), secretTexts([databaseUrl]));
    throw new Error(`Could not open the ${description} (DATABASE_URL): ${message}`);
  };
  let sql: postgres.Sql;
  try {
    sql = connect(databaseUrl);
  } catch (error) {
    return fail(error);
  }
  try {
    await migrate(sql, description);
  } catch (error) {
    await sql.end({ timeout: 1 });
    return fail(error);
  }

  // The queries written once for both engines (server/database/engine.ts), on this pool.
  const engine = postgresEngine(sql);
  const columns = sql(REQUEST_COLUMNS.split(", "));
  const byEmail = (email: string) => sql`lower(btrim(fields->>'email')) = lower(${email.trim()})`;
  const ms = (value: Date | null) => (value === null ? null : value.getTime());

  /**
   * The mailbox `email` reaches when it may have an acknowledgement at `now` (none queued for it
   * in the last day), else null, inside the caller's transaction. A lock on the mailbox until it
   * commits makes two servers saving requests of one mailbox at once decide in turn, so only one
   * of them queues one.
   */
  async function mailboxToAcknowledge(tx: postgres.TransactionSql, email: string, now: number): Promise<string | null> {
    const mailbox = mailboxKey(email);
    await tx`SELECT pg_advisory_xact_lock(${ACKNOWLEDGEMENT_LOCK_SPACE}, hashtext(${mailbox}))`;
    const [recent] = await tx`
      SELECT 1 FROM invitation_requests
      WHERE acknowledged_mailbox = ${mailbox} AND acknowledged_at > ${new Date(now - DAY_MS)} LIMIT 1`;
    return recent === undefined ? mailbox : null;
  }

  /** Queues one notification per channel, inside the caller's transaction. */
  async function enqueue(
    tx: postgres.TransactionSql,
    subject: QueuedSubject,
    channels: readonly NotificationChannel[],
    now: number,
  ) {
    for (const channel of channels) {
      const row = newNotificationRow(subject);
      await tx`
        INSERT INTO invitation_notifications
          (request_id, kind, channel, details, delivery_id, queued_at, next_attempt_at)
        VALUES (${row.requestId}, ${row.kind}, ${channel}, ${row.details}::text::json, ${row.deliveryId},
          ${new Date(now)}, ${new Date(now)})`;
    }
  }

  const unanswered = sql`answered_at IS NULL AND reply_by IS NOT NULL`;
  /** Every request past its reply-by time at `now` and unanswered: how many, and the first `max`, oldest due first. */
  async function overdueOf(tx: postgres.Sql | postgres.TransactionSql, now: number, max: number) {
    const at = new Date(now);
    const rows = await tx<{ id: string; reply_by: Date }[]>`
      SELECT id, reply_by FROM invitation_requests WHERE ${unanswered} AND reply_by <= ${at}
      ORDER BY reply_by, seq LIMIT ${max}`;
    const [counted] = await tx<{ count: string }[]>`
      SELECT COUNT(*) AS count FROM invitation_requests WHERE ${unanswered} AND reply_by <= ${at}`;
    return overdueList(rows, Number(counted!.count), max);
  }

  const store: RequestStore = {
    description,
    sharedRateLimits: rateLimitCounter(sql),
    searchPushes: searchPushStore(engine),
    editorSessions: editorSessionStore(engine),
    ...relayQueries(engine),
    ...channelQueries(engine),
    ...notificationQueries(engine),
    async save(request) {
      // The request and its notifications commit together (the outbox, docs/product.md#notifications-and-privacy).
      const channels = request.held ? [] : (request.notify ?? []);
      const email = request.fields.email;
      const acknowledge = !request.held && request.acknowledge === true && typeof email === "string";
      const key = request.idempotencyKey ?? null;
      // A key stored already: this is a retry of that request, which stays the only one.
      const insertRequest = (tx: postgres.Sql | postgres.TransactionSql, mailbox: string | null = null) => tx`
        INSERT INTO invitation_requests
          (id, received_at, mode, fields, context, relay, next_attempt_at, notice_version, held, idempotency_key,
           source, consent, role, acknowledged_at, acknowledged_mailbox, reply_by)
        VALUES (
          ${request.id}, ${new Date(request.receivedAt)}, ${request.mode},
          ${JSON.stringify(request.fields)}::text::json, ${JSON.stringify(request.context)}::text::json,
          ${request.relay},
          ${request.relay === "pending" ? new Date(request.receivedAt) : null},
          ${request.noticeVersion ?? null},
          ${request.held ?? null},
          ${key},
          ${jsonOrNull(request.source)}::text::json,
          ${jsonOrNull(request.consent)}::text::json,
          ${jsonOrNull(request.role)}::text::json,
          ${mailbox === null ? null : new Date(request.receivedAt)},
          ${mailbox},
          ${request.held || request.replyBy == null ? null : new Date(request.replyBy)}
        )
        ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
        RETURNING id`;
      const first = async (tx: postgres.Sql | postgres.TransactionSql): Promise<SaveOutcome> => {
        const [row] = await tx<RequestRow[]>`SELECT ${columns} FROM invitation_requests WHERE idempotency_key = ${key}`;
        if (!row) throw new Error("the request of this idempotency key was erased meanwhile");
        return { stored: "repeat", first: toStoredRequest(row) };
      };
      if (channels.length === 0 && !acknowledge) {
        return (await insertRequest(sql)).length === 1 ? { stored: "new" } : first(sql);
      }
      return sql.begin(async (tx): Promise<SaveOutcome> => {
        const mailbox = acknowledge ? await mailboxToAcknowledge(tx, email, request.receivedAt) : null;
        if ((await insertRequest(tx, mailbox)).length === 0) return first(tx);
        await enqueue(tx, { kind: "request", requestId: request.id }, channels, request.receivedAt);
        if (mailbox !== null) {
          await enqueue(
            tx,
            { kind: "acknowledgement", requestId: request.id },
            [REQUESTER_CHANNEL],
            request.receivedAt,
          );
        }
        return { stored: "new" };
      });
    },
    async list() {
      const rows = await sql<RequestRow[]>`SELECT ${columns} FROM invitation_requests ORDER BY seq`;
      return rows.map(toStoredRequest);
    },
    async close() {
      await sql.end({ timeout: 5 });
    },

    async ping(timeoutMs) {
      await withinTimeLimit(sql`SELECT 1`.execute(), timeoutMs);
    },
    async returnClaimsOfPreviousProcess() {
      // Other servers may share the database and own live claims: their leases decide.
      return 0;
    },
    async status(now) {
      const week = new Date(now - 7 * DAY_MS);
      const [row] = await sql<
        {
          requests_last_day: string;
          requests_last_week: string;
          relays_pending: string;
          relays_failed: string;
          held: string;
          notifications_queued: string;
          oldest_notification_at: Date | null;
          acknowledgements_refused: string;
          acknowledgements_expired: string;
        }[]
      >`
        SELECT
          (SELECT COUNT(*) FROM invitation_requests WHERE received_at >= ${new Date(now - DAY_MS)}) AS requests_last_day,
          (SELECT COUNT(*) FROM invitation_requests WHERE received_at >= ${week}) AS requests_last_week,
          (SELECT COUNT(*) FROM invitation_requests WHERE relay = 'pending' AND held IS NULL) AS relays_pending,
          (SELECT COUNT(*) FROM invitation_requests WHERE relay = 'failed') AS relays_failed,
          (SELECT COUNT(*) FROM invitation_requests WHERE held IS NOT NULL) AS held,
          (SELECT COUNT(*) FROM invitation_notifications) AS notifications_queued,
          (SELECT MIN(queued_at) FROM invitation_notifications) AS oldest_notification_at,
          (SELECT COUNT(*) FROM invitation_requests
            WHERE acknowledged_at >= ${week} AND acknowledgement_dropped = 'refused') AS acknowledgements_refused,
          (SELECT COUNT(*) FROM invitation_requests
            WHERE acknowledged_at >= ${week} AND acknowledgement_dropped = 'expired') AS acknowledgements_expired`;
      const sources = await sql<{ label: string | null; requests: string }[]>`
        SELECT coalesce(source->>'utm_source', source->>'referrer') AS label, COUNT(*) AS requests
        FROM invitation_requests WHERE received_at >= ${week} GROUP BY label`;
      const roles = await sql<{ label: string | null; requests: string }[]>`
        SELECT role->>'title' AS label, COUNT(*) AS requests
        FROM invitation_requests WHERE received_at >= ${week} GROUP BY label`;
      const promised = await sql<
        { received_at: Date; reply_by: Date; answer: Answer | null; answered_at: Date | null }[]
      >`
        SELECT received_at, reply_by, answer, answered_at FROM invitation_requests
        WHERE received_at >= ${new Date(now - PROMISE_WINDOW_DAYS * DAY_MS)} AND reply_by IS NOT NULL`;
      const overdue = await overdueOf(sql, now, STATUS_OVERDUE_MAX);
      return {
        requestsLastDay: Number(row!.requests_last_day),
        requestsLastWeek: Number(row!.requests_last_week),
        ...countsByLabel(sources, roles),
        relaysPending: Number(row!.relays_pending),
        relaysFailed: Number(row!.relays_failed),
        held: Number(row!.held),
        notificationsQueued: Number(row!.notifications_queued),
        oldestNotificationAt: ms(row!.oldest_notification_at),
        acknowledgementsDroppedLastWeek: {
          refused: Number(row!.acknowledgements_refused),
          expired: Number(row!.acknowledgements_expired),
        },
        stoppedChannels: await store.stoppedChannels(),
        promise: promiseStatus(promised, overdue, now),
      };
    },

    async admitHeld(id, now, notify, acknowledge = false, replyBy = null) {
      return sql.begin(async (tx) => {
        const [row] = await tx<{ held: string | null; email: string | null }[]>`
          SELECT held, fields->>'email' AS email FROM invitation_requests WHERE id = ${id} FOR UPDATE`;
        const decision = admitDecision(row);
        if (decision !== "admit") return decision;
        const mailbox = acknowledge && row!.email !== null ? await mailboxToAcknowledge(tx, row!.email!, now) : null;
        await tx`
          UPDATE invitation_requests SET held = NULL, reply_by = ${replyBy === null ? null : new Date(replyBy)},
            next_attempt_at = CASE WHEN relay = 'pending' THEN ${new Date(now)} ELSE next_attempt_at END,
            acknowledged_at = ${mailbox === null ? null : new Date(now)},
            acknowledged_mailbox = ${mailbox}
          WHERE id = ${id}`;
        await enqueue(tx, { kind: "request", requestId: id }, notify, now);
        if (mailbox !== null) await enqueue(tx, { kind: "acknowledgement", requestId: id }, [REQUESTER_CHANNEL], now);
        return "admitted" as const;
      });
    },
    async queueDailySummary(now, channels, { overdue: withOverdue }) {
      return sql.begin(async (tx) => {
        // The job's row, locked: of several servers, one runs the day's summary.
        await tx`
          INSERT INTO invitation_jobs (job, last_run_at) VALUES (${HELD_SUMMARY_JOB}, 'epoch'::timestamptz)
          ON CONFLICT (job) DO NOTHING`;
        const [job] = await tx<{ last_run_at: Date }[]>`
          SELECT last_run_at FROM invitation_jobs WHERE job = ${HELD_SUMMARY_JOB} FOR UPDATE`;
        // 'epoch' is the row's "never ran".
        const last = job!.last_run_at.getTime();
        const window = heldSummaryWindow(last > 0 ? last : null, now);
        if (!window) return null;
        await tx`UPDATE invitation_jobs SET last_run_at = ${new Date(now)} WHERE job = ${HELD_SUMMARY_JOB}`;
        const { since } = window;
        const rows = await tx<{ id: string }[]>`
          SELECT id FROM invitation_requests
          WHERE held IS NOT NULL AND received_at > ${new Date(since)} AND received_at <= ${new Date(now)}
          ORDER BY seq`;
        if (rows.length > 0) {
          const details = heldSummaryDetails(
            rows.map((row) => row.id),
            since,
          );
          await enqueue(tx, { kind: "held-summary", details }, channels, now);
        }
        const overdue = withOverdue ? await overdueOf(tx, now, OVERDUE_LIST_MAX) : null;
        if (overdue && overdue.count > 0) await enqueue(tx, { kind: "overdue", details: overdue }, channels, now);
        return { held: rows.length, overdue: overdue?.count ?? 0 };
      });
    },
    async queueReminders(now, leadMs, channels) {
      if (channels.length === 0) return 0;
      return sql.begin(async (tx) => {
        // Rows another server is marking are skipped, not waited for: that server queues their reminders.
        const due = await tx<{ id: string }[]>`
          UPDATE invitation_requests SET reminded_at = ${new Date(now)}
          WHERE seq IN (
            SELECT seq FROM invitation_requests
            WHERE ${unanswered} AND reminded_at IS NULL
              AND reply_by > ${new Date(now)} AND reply_by <= ${new Date(now + leadMs)}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id`;
        for (const { id } of due) await enqueue(tx, { kind: "reminder", requestId: id }, channels, now);
        return due.length;
      });
    },

    async findRequest(id) {
      const [row] = await sql<RequestRow[]>`SELECT ${columns} FROM invitation_requests WHERE id = ${id}`;
      return row ? toStoredRequest(row) : null;
    },
    async recordAnswer(id, answer: Answer, now, { tellRequester }) {
      return sql.begin(async (tx) => {
        // Locked until the answer commits: of two answers at once, the second finds the first.
        const [state] = await tx<{ held: string | null; answer: string | null }[]>`
          SELECT held, answer FROM invitation_requests WHERE id = ${id} FOR UPDATE`;
        const decision = answerDecision(state);
        if (decision === "not-found") return { outcome: decision } as const;
        if (decision === "record") {
          await tx`UPDATE invitation_requests SET answer = ${answer}, answered_at = ${new Date(now)} WHERE id = ${id}`;
          await tx`DELETE FROM invitation_notifications WHERE request_id = ${id} AND kind = 'reminder'`;
          if (tellRequester && answer !== "other") {
            await enqueue(
              tx,
              { kind: "outcome", requestId: id, details: { answer } },
              [REQUESTER_OUTCOME_CHANNEL],
              now,
            );
          }
        }
        const [row] = await tx<RequestRow[]>`SELECT ${columns} FROM invitation_requests WHERE id = ${id}`;
        return { outcome: decision === "record" ? "recorded" : decision, request: toStoredRequest(row!) } as const;
      });
    },

    async findByEmail(email) {
      const rows = await sql<
        RequestRow[]
      >`SELECT ${columns} FROM invitation_requests WHERE ${byEmail(email)} ORDER BY seq`;
      return rows.map(toStoredRequest);
    },
    async eraseByEmail(email, now) {
      const at = new Date(now);
      return sql.begin(async (tx) => {
        // Claims still live at the erase: a send may be under way (see ErasureCounts.inFlight).
        const [claimed] = await tx<{ count: number }[]>`
          SELECT ((SELECT count(*) FROM invitation_requests WHERE ${byEmail(email)} AND lease_until > ${at})
                + (SELECT count(*) FROM invitation_notifications WHERE lease_until > ${at} AND request_id IN (
                     SELECT id FROM invitation_requests WHERE ${byEmail(email)})))::int AS count`;
        const notifications = await tx`
          DELETE FROM invitation_notifications
          WHERE request_id IN (SELECT id FROM invitation_requests WHERE ${byEmail(email)})`;
        const requests = await tx`DELETE FROM invitation_requests WHERE ${byEmail(email)}`;
        return { requests: requests.count, notifications: notifications.count, inFlight: claimed?.count ?? 0 };
      });
    },
    async purgeBefore(before) {
      const at = new Date(before);
      return sql.begin(async (tx) => {
        const notifications = await tx`
          DELETE FROM invitation_notifications
          WHERE request_id IN (SELECT id FROM invitation_requests WHERE received_at < ${at})`;
        const requests = await tx`DELETE FROM invitation_requests WHERE received_at < ${at}`;
        return { requests: requests.count, notifications: notifications.count };
      });
    },
  };
  return store;
}
