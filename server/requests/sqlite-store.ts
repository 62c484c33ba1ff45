/**
 * The request store in an embedded SQLite database, DATA_DIR/requests.sqlite: zero setup,
 * one machine. better-sqlite3 is synchronous; each call here is one short statement.
 *
 * - WAL journal: the export command (a second process) reads while the server writes.
 * - synchronous=FULL: every commit is fsynced (the WAL is synced on each commit), so a
 *   request answered 201 survives a killed process AND a power cut. NORMAL would be
 *   safe against a killed process only (a power cut may roll back the last commits);
 *   requests are few and each is worth more than the fsync (see `npm run bench`).
 * - The file is created readable and writable by its owner only (0600), in a folder
 *   only its owner can enter; SQLite gives the -wal and -shm files the same mode. A
 *   folder or file found open to others is closed to them (and the log says so).
 * - Never blocks the event loop on a lock: after opening (which may wait for another
 *   process's migration), SQLite's own busy wait, a synchronous sleep, is off; a
 *   statement that finds the database locked (a `retry` command, a backup) is tried
 *   again on a timer until OPERATION_TIME_LIMIT_MS, then fails (the API answers 503), and
 *   static files keep being served meanwhile (docs/deployment.md, "Time limits").
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import type {
  NewInvitationRequest,
  NotificationChannel,
  NotificationClaim,
  NotificationKind,
  QueuedAlert,
  RelayRefusal,
  RequestStore,
} from "./store";
import {
  NOTIFICATION_COLUMNS,
  pendingMigrations,
  REQUEST_COLUMNS,
  SCHEMA_VERSION,
  toNotificationClaim,
  toQueuedNotification,
  toRelayClaim,
  toStoredRequest,
  type NotificationRow,
  type RequestRow,
} from "./store-core";
import { withinTimeLimit } from "./time-limit";

export const SQLITE_FILE = "requests.sqlite";
/** Held (an exclusive SQLite lock) by the one server that uses DATA_DIR, for as long as it runs. */
export const SERVER_LOCK_FILE = "server.lock";
/** How long opening (and migrating) waits for another process's write lock, before the server listens. */
const OPEN_BUSY_TIMEOUT_MS = 5000;
/** How long a statement keeps trying while another process holds the lock; below the API's limit. */
export const OPERATION_TIME_LIMIT_MS = 3500;
/** The pause between two tries of a locked statement. */
const BUSY_RETRY_MS = 20;

type DueNotificationRow = NotificationRow & { next_attempt_at: number };

/** Takes the group's and others' permissions off `path` if it has any; true when it did. */
function makePrivate(path: string, mode: number): boolean {
  if (!existsSync(path) || (statSync(path).mode & 0o077) === 0) return false;
  chmodSync(path, mode);
  return true;
}

/** Creates the folder (owner only) and the database file (0600) when they do not exist yet, and keeps them private. */
function createPrivateFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, SQLITE_FILE);
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const opened = [
    makePrivate(dataDir, 0o700),
    ...["", "-wal", "-shm"].map((suffix) => makePrivate(`${path}${suffix}`, 0o600)),
  ];
  if (opened.some(Boolean)) console.warn(`[requests] ${dataDir} was open to other users: now its owner's only.`);
  return path;
}

const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code ?? ""));

/** Runs a statement, trying again on a timer while another process holds the lock. */
async function whenUnlocked<T>(run: () => T): Promise<T> {
  const deadline = Date.now() + OPERATION_TIME_LIMIT_MS;
  for (;;) {
    try {
      return run();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      await sleep(BUSY_RETRY_MS);
    }
  }
}

/**
 * Takes the lock that makes a server the only one on DATA_DIR: an exclusive lock on a
 * small file beside the database, which the operating system lets go when the process
 * ends however it ends. A second server on the same folder stops with a message; the
 * `requests` commands do not take it and work beside the server.
 */
function lockForOneServer(dataDir: string): Database.Database {
  const path = join(dataDir, SERVER_LOCK_FILE);
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const lock = new Database(path, { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if (!isBusy(error)) throw error;
    throw new Error(
      `Another server is using ${dataDir}: run one server per SQLite database, or several on PostgreSQL (DATABASE_URL).`,
      { cause: error },
    );
  }
  return lock;
}

function migrate(db: Database.Database, path: string) {
  const version = () => db.pragma("user_version", { simple: true }) as number;
  // Checked before the write lock too, so a current file (the usual start) takes no lock.
  if (pendingMigrations(version(), "sqlite", path).length === 0) return;
  // IMMEDIATE takes the write lock first, so two processes starting together migrate once.
  db.transaction(() => {
    for (const statement of pendingMigrations(version(), "sqlite", path)) db.exec(statement);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

export function openSqliteStore(dataDir: string): RequestStore {
  const path = createPrivateFile(resolve(dataDir));
  const db = new Database(path, { timeout: OPEN_BUSY_TIMEOUT_MS });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  migrate(db, path);
  // SQLite's lower() folds ASCII only; addresses are compared as JavaScript folds them (docs/product.md#notifications-and-privacy).
  db.function("email_key", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? value.trim().toLowerCase() : null,
  );
  // From here on a lock never blocks the event loop (whenUnlocked retries on a timer).
  db.pragma("busy_timeout = 0");

  const insert = db.prepare(
    `INSERT INTO invitation_requests (id, received_at, mode, fields, context, relay, next_attempt_at, notice_version)
     VALUES (@id, @receivedAt, @mode, @fields, @context, @relay, @nextAttemptAt, @noticeVersion)`,
  );
  const all = db.prepare<[], RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM invitation_requests ORDER BY seq`);
  const claim = db.prepare<{ owner: string; now: number; until: number }, RequestRow>(
    `UPDATE invitation_requests SET lease_owner = @owner, lease_until = @until
     WHERE seq = (
       SELECT seq FROM invitation_requests
       WHERE relay = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY next_attempt_at, seq LIMIT 1
     )
     RETURNING ${REQUEST_COLUMNS}`,
  );
  const held = "WHERE id = @id AND lease_owner = @owner AND relay = 'pending'";
  const sent = db.prepare(
    `UPDATE invitation_requests SET relay = 'sent', sent_at = @now, attempts = attempts + 1, last_error = NULL,
       next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL ${held}`,
  );
  const failed = db.prepare(
    `UPDATE invitation_requests SET relay = 'failed', attempts = attempts + 1, last_error = @reason,
       next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL ${held}`,
  );
  const retry = db.prepare(
    `UPDATE invitation_requests SET attempts = attempts + 1, last_error = @reason, next_attempt_at = @retryAt,
       lease_owner = NULL, lease_until = NULL ${held}`,
  );
  const release = db.prepare(`UPDATE invitation_requests SET lease_owner = NULL, lease_until = NULL ${held}`);
  const nextAt = db.prepare<[], { at: number | null }>(
    `SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM invitation_requests WHERE relay = 'pending'`,
  );
  const requeue = db.prepare(
    `UPDATE invitation_requests SET relay = 'pending', attempts = 0, next_attempt_at = @now,
       lease_owner = NULL, lease_until = NULL WHERE relay = 'failed'`,
  );

  // --- Operations (issue 18) ---
  let serverLock: Database.Database | null = null;
  const ping = db.prepare("SELECT 1");
  // Only one server uses a SQLite file: at its start, every claim is a previous process's.
  const releaseRelayClaims = db.prepare(
    `UPDATE invitation_requests SET lease_owner = NULL, lease_until = NULL
     WHERE relay = 'pending' AND lease_owner IS NOT NULL`,
  );
  const releaseNotificationClaims = db.prepare(
    `UPDATE invitation_notifications SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
  );
  const releaseAll = db.transaction(() => releaseRelayClaims.run().changes + releaseNotificationClaims.run().changes);
  const notifications = openSqliteOutbox(db);
  const saveWithOutbox = db.transaction((request: NewInvitationRequest) => {
    insert.run({
      id: request.id,
      receivedAt: request.receivedAt,
      mode: request.mode,
      fields: JSON.stringify(request.fields),
      context: JSON.stringify(request.context),
      relay: request.relay,
      nextAttemptAt: request.relay === "pending" ? request.receivedAt : null,
      noticeVersion: request.noticeVersion ?? null,
    });
    for (const channel of request.notify ?? [])
      notifications.enqueue(request.id, "request", channel, null, request.receivedAt);
  });
  const failWithAlert = db.transaction((id: string, owner: string, reason: string, alert?: QueuedAlert) => {
    const held = failed.run({ id, owner, reason }).changes === 1;
    if (held && alert) {
      for (const channel of alert.channels)
        notifications.enqueue(id, "relay-refused", channel, alert.refusal, alert.now);
    }
    return held;
  });

  return {
    description: `SQLite database ${path}`,
    async save(request) {
      await whenUnlocked(() => saveWithOutbox.immediate(request));
    },
    async list() {
      return (await whenUnlocked(() => all.all())).map(toStoredRequest);
    },
    async claimNext(owner, now, leaseMs) {
      const row = await whenUnlocked(() => claim.get({ owner, now, until: now + leaseMs }));
      return row ? toRelayClaim(row) : null;
    },
    async markSent(id, owner, now) {
      return (await whenUnlocked(() => sent.run({ id, owner, now }))).changes === 1;
    },
    async markFailed(id, owner, reason, alert) {
      return whenUnlocked(() => failWithAlert.immediate(id, owner, reason, alert));
    },
    async scheduleRetry(id, owner, retryAt, reason) {
      return (await whenUnlocked(() => retry.run({ id, owner, retryAt, reason }))).changes === 1;
    },
    async release(id, owner) {
      await whenUnlocked(() => release.run({ id, owner }));
    },
    async nextRelayAt() {
      return (await whenUnlocked(() => nextAt.get()))?.at ?? null;
    },
    async requeueFailed(now) {
      return (await whenUnlocked(() => requeue.run({ now }))).changes;
    },
    async close() {
      if (db.open) db.close();
      if (serverLock?.open) serverLock.close();
    },

    // --- Operations (issue 18) ---
    async releaseClaimsOfPreviousProcess() {
      // Only when this is the one server on the file: its lock proves no other process holds live claims.
      serverLock ??= lockForOneServer(dirname(path));
      return whenUnlocked(() => releaseAll.immediate());
    },
    async ping(timeoutMs) {
      await withinTimeLimit(
        whenUnlocked(() => ping.get()),
        timeoutMs,
      );
    },
    ...notifications.methods,
  };
}

/** The outbox and the privacy statements (docs/product.md#notifications-and-privacy), on the same connection as the requests. */
function openSqliteOutbox(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO invitation_notifications (request_id, kind, channel, refusal, next_attempt_at)
     VALUES (@requestId, @kind, @channel, @refusal, @now)`,
  );
  const claim = db.prepare<{ owner: string; now: number; until: number; limit: number }, DueNotificationRow>(
    `UPDATE invitation_notifications SET lease_owner = @owner, lease_until = @until
     WHERE seq IN (
       SELECT seq FROM invitation_notifications
       WHERE next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY next_attempt_at, seq LIMIT @limit
     )
     RETURNING ${NOTIFICATION_COLUMNS}, next_attempt_at`,
  );
  const requestById = db.prepare<{ id: string }, RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invitation_requests WHERE id = @id`,
  );
  const held = "WHERE seq = @seq AND lease_owner = @owner";
  // The seqs travel as one JSON array, so a batch is one statement whatever its size.
  const heldBatch = "WHERE seq IN (SELECT value FROM json_each(@seqs)) AND lease_owner = @owner";
  const delivered = db.prepare<{ seqs: string; owner: string }, { seq: number }>(
    `DELETE FROM invitation_notifications ${heldBatch} RETURNING seq`,
  );
  const retry = db.prepare(
    `UPDATE invitation_notifications SET attempts = attempts + 1, last_error = @reason, next_attempt_at = @retryAt,
       lease_owner = NULL, lease_until = NULL ${held}`,
  );
  const release = db.prepare(`UPDATE invitation_notifications SET lease_owner = NULL, lease_until = NULL ${heldBatch}`);
  const nextAt = db.prepare<[], { at: number | null }>(
    `SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM invitation_notifications`,
  );
  const all = db.prepare<[], NotificationRow>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM invitation_notifications ORDER BY seq`,
  );
  const byEmail = db.prepare<{ email: string }, RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invitation_requests
     WHERE email_key(json_extract(fields, '$.email')) = email_key(@email) ORDER BY seq`,
  );
  const eraseNotifications = db.prepare(
    `DELETE FROM invitation_notifications WHERE request_id IN (
       SELECT id FROM invitation_requests WHERE email_key(json_extract(fields, '$.email')) = email_key(@email))`,
  );
  const eraseRequests = db.prepare(
    `DELETE FROM invitation_requests WHERE email_key(json_extract(fields, '$.email')) = email_key(@email)`,
  );
  const purgeNotifications = db.prepare(
    `DELETE FROM invitation_notifications WHERE request_id IN (
       SELECT id FROM invitation_requests WHERE received_at < @before)`,
  );
  const purgeRequests = db.prepare(`DELETE FROM invitation_requests WHERE received_at < @before`);
  const erase = db.transaction((email: string) => ({
    notifications: eraseNotifications.run({ email }).changes,
    requests: eraseRequests.run({ email }).changes,
  }));
  const purge = db.transaction((before: number) => ({
    notifications: purgeNotifications.run({ before }).changes,
    requests: purgeRequests.run({ before }).changes,
  }));

  return {
    enqueue(
      requestId: string,
      kind: NotificationKind,
      channel: NotificationChannel,
      refusal: RelayRefusal | null,
      now: number,
    ) {
      insert.run({ requestId, kind, channel, refusal: refusal ? JSON.stringify(refusal) : null, now });
    },
    methods: {
      async claimNotifications(owner, now, leaseMs, limit) {
        // One transaction, so each request read is the one its claim is about.
        return whenUnlocked(() =>
          db
            .transaction(() => {
              const rows = claim.all({ owner, now, until: now + leaseMs, limit });
              const claims: NotificationClaim[] = [];
              const orphans: number[] = [];
              for (const row of rows.sort(byDueOrder)) {
                const request = requestById.get({ id: row.request_id });
                // Its request was erased after it was queued: nothing left to tell.
                if (request) claims.push(toNotificationClaim(row, toStoredRequest(request)));
                else orphans.push(Number(row.seq));
              }
              if (orphans.length > 0) delivered.all({ seqs: JSON.stringify(orphans), owner });
              return claims;
            })
            .immediate(),
        );
      },
      async markNotificationsDelivered(seqs, owner) {
        if (seqs.length === 0) return [];
        const rows = await whenUnlocked(() => delivered.all({ seqs: JSON.stringify(seqs), owner }));
        return rows.map((row) => row.seq);
      },
      async scheduleNotificationRetry(seq, owner, retryAt, reason) {
        return (await whenUnlocked(() => retry.run({ seq, owner, retryAt, reason }))).changes === 1;
      },
      async releaseNotifications(seqs, owner) {
        if (seqs.length > 0) await whenUnlocked(() => release.run({ seqs: JSON.stringify(seqs), owner }));
      },
      async nextNotificationAt() {
        return (await whenUnlocked(() => nextAt.get()))?.at ?? null;
      },
      async listNotifications() {
        return (await whenUnlocked(() => all.all())).map(toQueuedNotification);
      },
      async findByEmail(email) {
        return (await whenUnlocked(() => byEmail.all({ email }))).map(toStoredRequest);
      },
      async eraseByEmail(email) {
        return whenUnlocked(() => erase.immediate(email));
      },
      async purgeBefore(before) {
        return whenUnlocked(() => purge.immediate(before));
      },
    } satisfies Partial<RequestStore>,
  };
}

/** RETURNING gives rows in no set order: claims go out longest-waiting first, as they were chosen. */
function byDueOrder(a: DueNotificationRow, b: DueNotificationRow): number {
  return a.next_attempt_at - b.next_attempt_at || Number(a.seq) - Number(b.seq);
}
