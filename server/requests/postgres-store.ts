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
 *   within seconds; the API answers 503 (docs/deployment.md, "Time limits").
 */
import postgres from "postgres";
import type { NotificationClaim, NotificationKind, QueuedAlert, RelayRefusal, RequestStore } from "./store";
import {
  NOTIFICATION_COLUMNS,
  pendingMigrations,
  REQUEST_COLUMNS,
  SCHEMA_VERSION,
  toMs,
  toNotificationClaim,
  toQueuedNotification,
  toRelayClaim,
  toStoredRequest,
  type NotificationRow,
  type RequestRow,
} from "./store-core";
import { withinTimeLimit } from "./time-limit";
import { redact, secretTexts } from "../safe-errors";

/** The advisory lock key the migration holds (any constant unique to this schema). */
const MIGRATION_LOCK_KEY = 7_340_011_001;
/** Connections per server process: requests hold one only for a statement. */
const POOL_SIZE = 10;
/** The longest a statement may run; below the API's own limit on a save. */
export const STATEMENT_TIMEOUT_MS = 3000;
/** The longest opening a connection may take (a database that is down refuses at once). */
const CONNECT_TIMEOUT_SECONDS = 3;

/** `PostgreSQL database <name> on <host:port>`, never the user or password. */
export function describeDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || "(default)"} on ${url.host || "localhost"}`;
}

/** The connection pool, every statement and connection under a time limit. */
function connect(databaseUrl: string): postgres.Sql {
  return postgres(databaseUrl, {
    max: POOL_SIZE,
    idle_timeout: 30,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    connection: {
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS * 2,
    },
    onnotice: () => {},
  });
}

async function migrate(sql: postgres.Sql, description: string) {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS invitation_schema (version integer NOT NULL)`;
    const [row] = await tx<{ version: number }[]>`SELECT version FROM invitation_schema`;
    const version = row?.version ?? 0;
    if (!row) await tx`INSERT INTO invitation_schema (version) VALUES (0)`;
    for (const statement of pendingMigrations(version, "postgres", description)) await tx.unsafe(statement);
    await tx`UPDATE invitation_schema SET version = ${SCHEMA_VERSION}`;
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

  const columns = sql(REQUEST_COLUMNS.split(", "));
  const held = (id: string, owner: string) => sql`id = ${id} AND lease_owner = ${owner} AND relay = 'pending'`;

  return {
    description,
    async save(request) {
      // The request and its notifications commit together (the outbox, docs/product.md#notifications-and-privacy).
      const channels = request.notify ?? [];
      const insertRequest = (tx: postgres.Sql | postgres.TransactionSql) => tx`
        INSERT INTO invitation_requests (id, received_at, mode, fields, context, relay, next_attempt_at, notice_version)
        VALUES (
          ${request.id}, ${new Date(request.receivedAt)}, ${request.mode},
          ${JSON.stringify(request.fields)}::text::json, ${JSON.stringify(request.context)}::text::json,
          ${request.relay},
          ${request.relay === "pending" ? new Date(request.receivedAt) : null},
          ${request.noticeVersion ?? null}
        )`;
      if (channels.length === 0) {
        await insertRequest(sql);
        return;
      }
      await sql.begin(async (tx) => {
        await insertRequest(tx);
        await enqueue(tx, request.id, "request", channels, null, request.receivedAt);
      });
    },
    async list() {
      const rows = await sql<RequestRow[]>`SELECT ${columns} FROM invitation_requests ORDER BY seq`;
      return rows.map(toStoredRequest);
    },
    async claimNext(owner, now, leaseMs) {
      const at = new Date(now);
      const [row] = await sql<RequestRow[]>`
        UPDATE invitation_requests SET lease_owner = ${owner}, lease_until = ${new Date(now + leaseMs)}
        WHERE seq = (
          SELECT seq FROM invitation_requests
          WHERE relay = 'pending' AND next_attempt_at <= ${at} AND (lease_until IS NULL OR lease_until <= ${at})
          ORDER BY next_attempt_at, seq
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING ${columns}`;
      return row ? toRelayClaim(row) : null;
    },
    async markSent(id, owner, now) {
      const result = await sql`
        UPDATE invitation_requests SET relay = 'sent', sent_at = ${new Date(now)}, attempts = attempts + 1,
          last_error = NULL, next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL
        WHERE ${held(id, owner)}`;
      return result.count === 1;
    },
    async markFailed(id, owner, reason, alert) {
      return sql.begin(async (tx) => {
        const result = await tx`
          UPDATE invitation_requests SET relay = 'failed', attempts = attempts + 1, last_error = ${reason},
            next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL
          WHERE ${held(id, owner)}`;
        if (result.count === 1 && alert)
          await enqueue(tx, id, "relay-refused", alert.channels, alert.refusal, alert.now);
        return result.count === 1;
      });
    },
    async scheduleRetry(id, owner, retryAt, reason) {
      const result = await sql`
        UPDATE invitation_requests SET attempts = attempts + 1, last_error = ${reason},
          next_attempt_at = ${new Date(retryAt)}, lease_owner = NULL, lease_until = NULL
        WHERE ${held(id, owner)}`;
      return result.count === 1;
    },
    async release(id, owner) {
      await sql`UPDATE invitation_requests SET lease_owner = NULL, lease_until = NULL WHERE ${held(id, owner)}`;
    },
    async nextRelayAt() {
      const [row] = await sql<{ at: Date | null }[]>`
        SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 'epoch'::timestamptz))) AS at
        FROM invitation_requests WHERE relay = 'pending'`;
      return row?.at ? row.at.getTime() : null;
    },
    async requeueFailed(now) {
      const result = await sql`
        UPDATE invitation_requests SET relay = 'pending', attempts = 0, next_attempt_at = ${new Date(now)},
          lease_owner = NULL, lease_until = NULL
        WHERE relay = 'failed'`;
      return result.count;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },

    // --- Operations (issue 18) ---
    async ping(timeoutMs) {
      await withinTimeLimit(sql`SELECT 1`.execute(), timeoutMs);
    },
    async releaseClaimsOfPreviousProcess() {
      // Other servers may share the database and hold live claims: their leases decide.
      return 0;
    },
    ...postgresOutbox(sql, columns),
  };
}

/** Queues one notification per channel, inside the caller's transaction. */
async function enqueue(
  tx: postgres.TransactionSql,
  requestId: string,
  kind: NotificationKind,
  channels: QueuedAlert["channels"],
  refusal: RelayRefusal | null,
  now: number,
) {
  for (const channel of channels) {
    await tx`
      INSERT INTO invitation_notifications (request_id, kind, channel, refusal, next_attempt_at)
      VALUES (${requestId}, ${kind}, ${channel}, ${refusal ? JSON.stringify(refusal) : null}::text::json, ${new Date(now)})`;
  }
}

/** The outbox and the privacy statements (docs/product.md#notifications-and-privacy), with the relay's claim pattern. */
function postgresOutbox(sql: postgres.Sql, columns: postgres.Helper<string[]>) {
  const notificationColumns = sql(NOTIFICATION_COLUMNS.split(", "));
  const heldNotification = (seq: number, owner: string) => sql`seq = ${seq} AND lease_owner = ${owner}`;
  const heldNotifications = (seqs: readonly number[], owner: string) =>
    sql`seq IN ${sql(seqs as number[])} AND lease_owner = ${owner}`;
  const byEmail = (email: string) => sql`lower(btrim(fields->>'email')) = lower(${email.trim()})`;
  return {
    async claimNotifications(owner: string, now: number, leaseMs: number, limit: number) {
      const at = new Date(now);
      return sql.begin(async (tx) => {
        const rows = await tx<(NotificationRow & { next_attempt_at: Date })[]>`
          UPDATE invitation_notifications SET lease_owner = ${owner}, lease_until = ${new Date(now + leaseMs)}
          WHERE seq IN (
            SELECT seq FROM invitation_notifications
            WHERE next_attempt_at <= ${at} AND (lease_until IS NULL OR lease_until <= ${at})
            ORDER BY next_attempt_at, seq
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING ${notificationColumns}, next_attempt_at`;
        if (rows.length === 0) return [];
        const requestIds = [...new Set(rows.map((row) => row.request_id))];
        const requests = await tx<
          RequestRow[]
        >`SELECT ${columns} FROM invitation_requests WHERE id IN ${sql(requestIds)}`;
        const byId = new Map(requests.map((request) => [request.id, toStoredRequest(request)]));
        // RETURNING gives rows in no set order: claims go out longest-waiting first, as they were chosen.
        rows.sort((a, b) => toMs(a.next_attempt_at) - toMs(b.next_attempt_at) || Number(a.seq) - Number(b.seq));
        const claims: NotificationClaim[] = [];
        const orphans: number[] = [];
        for (const row of rows) {
          const request = byId.get(row.request_id);
          // Its request was erased after it was queued: nothing left to tell.
          if (!request) orphans.push(Number(row.seq));
          else claims.push(toNotificationClaim(row, request));
        }
        if (orphans.length > 0)
          await tx`DELETE FROM invitation_notifications WHERE ${heldNotifications(orphans, owner)}`;
        return claims;
      });
    },
    async markNotificationsDelivered(seqs: readonly number[], owner: string) {
      if (seqs.length === 0) return [];
      const rows = await sql<{ seq: string }[]>`
        DELETE FROM invitation_notifications WHERE ${heldNotifications(seqs, owner)} RETURNING seq`;
      return rows.map((row) => Number(row.seq));
    },
    async scheduleNotificationRetry(seq: number, owner: string, retryAt: number, reason: string) {
      const result = await sql`
        UPDATE invitation_notifications SET attempts = attempts + 1, last_error = ${reason},
          next_attempt_at = ${new Date(retryAt)}, lease_owner = NULL, lease_until = NULL
        WHERE ${heldNotification(seq, owner)}`;
      return result.count === 1;
    },
    async releaseNotifications(seqs: readonly number[], owner: string) {
      if (seqs.length === 0) return;
      await sql`UPDATE invitation_notifications SET lease_owner = NULL, lease_until = NULL
        WHERE ${heldNotifications(seqs, owner)}`;
    },
    async nextNotificationAt() {
      const [row] = await sql<{ at: Date | null }[]>`
        SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 'epoch'::timestamptz))) AS at
        FROM invitation_notifications`;
      return row?.at ? row.at.getTime() : null;
    },
    async listNotifications() {
      const rows = await sql<
        NotificationRow[]
      >`SELECT ${notificationColumns} FROM invitation_notifications ORDER BY seq`;
      return rows.map(toQueuedNotification);
    },
    async findByEmail(email: string) {
      const rows = await sql<
        RequestRow[]
      >`SELECT ${columns} FROM invitation_requests WHERE ${byEmail(email)} ORDER BY seq`;
      return rows.map(toStoredRequest);
    },
    async eraseByEmail(email: string) {
      return sql.begin(async (tx) => {
        const notifications = await tx`
          DELETE FROM invitation_notifications
          WHERE request_id IN (SELECT id FROM invitation_requests WHERE ${byEmail(email)})`;
        const requests = await tx`DELETE FROM invitation_requests WHERE ${byEmail(email)}`;
        return { requests: requests.count, notifications: notifications.count };
      });
    },
    async purgeBefore(before: number) {
      const at = new Date(before);
      return sql.begin(async (tx) => {
        const notifications = await tx`
          DELETE FROM invitation_notifications
          WHERE request_id IN (SELECT id FROM invitation_requests WHERE received_at < ${at})`;
        const requests = await tx`DELETE FROM invitation_requests WHERE received_at < ${at}`;
        return { requests: requests.count, notifications: notifications.count };
      });
    },
  } satisfies Partial<RequestStore>;
}
