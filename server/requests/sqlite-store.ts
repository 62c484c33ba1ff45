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
import type { InvitationMode } from "~/features/invitation/mode";
import type { RelayClaim, RelayContext, RelayState, RequestStore, StoredInvitationRequest } from "./store";
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

/** Each entry moves the schema one version up; PRAGMA user_version records how far a file is. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE invitation_requests (
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
];

interface Row {
  id: string;
  received_at: number;
  mode: InvitationMode;
  fields: string;
  context: string;
  relay: RelayState;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
}

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
  if (version() > MIGRATIONS.length) {
    throw new Error(`${path} has schema version ${version()}, newer than this server knows (${MIGRATIONS.length}).`);
  }
  if (version() === MIGRATIONS.length) return;
  // IMMEDIATE takes the write lock first, so two processes starting together migrate once.
  db.transaction(() => {
    for (let next = version(); next < MIGRATIONS.length; next += 1) db.exec(MIGRATIONS[next]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

export function openSqliteStore(dataDir: string): RequestStore {
  const path = createPrivateFile(resolve(dataDir));
  const db = new Database(path, { timeout: OPEN_BUSY_TIMEOUT_MS });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  migrate(db, path);
  // From here on a lock never blocks the event loop (whenUnlocked retries on a timer).
  db.pragma("busy_timeout = 0");

  const insert = db.prepare(
    `INSERT INTO invitation_requests (id, received_at, mode, fields, context, relay, next_attempt_at)
     VALUES (@id, @receivedAt, @mode, @fields, @context, @relay, @nextAttemptAt)`,
  );
  const all = db.prepare<[], Row>(
    `SELECT id, received_at, mode, fields, context, relay, attempts, last_error, sent_at
     FROM invitation_requests ORDER BY seq`,
  );
  const claim = db.prepare<{ owner: string; now: number; until: number }, Row>(
    `UPDATE invitation_requests SET lease_owner = @owner, lease_until = @until
     WHERE seq = (
       SELECT seq FROM invitation_requests
       WHERE relay = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY next_attempt_at, seq LIMIT 1
     )
     RETURNING id, received_at, mode, fields, context, relay, attempts, last_error, sent_at`,
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
  const releaseAll = db.prepare(
    `UPDATE invitation_requests SET lease_owner = NULL, lease_until = NULL
     WHERE relay = 'pending' AND lease_owner IS NOT NULL`,
  );

  return {
    description: `SQLite database ${path}`,
    async save(request) {
      await whenUnlocked(() =>
        insert.run({
          id: request.id,
          receivedAt: request.receivedAt,
          mode: request.mode,
          fields: JSON.stringify(request.fields),
          context: JSON.stringify(request.context),
          relay: request.relay,
          nextAttemptAt: request.relay === "pending" ? request.receivedAt : null,
        }),
      );
    },
    async list() {
      return (await whenUnlocked(() => all.all())).map(toStored);
    },
    async claimNext(owner, now, leaseMs) {
      const row = await whenUnlocked(() => claim.get({ owner, now, until: now + leaseMs }));
      return row ? toClaim(row) : null;
    },
    async markSent(id, owner, now) {
      return (await whenUnlocked(() => sent.run({ id, owner, now }))).changes === 1;
    },
    async markFailed(id, owner, reason) {
      return (await whenUnlocked(() => failed.run({ id, owner, reason }))).changes === 1;
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
      return (await whenUnlocked(() => releaseAll.run())).changes;
    },
    async ping(timeoutMs) {
      await withinTimeLimit(
        whenUnlocked(() => ping.get()),
        timeoutMs,
      );
    },
  };
}

function toStored(row: Row): StoredInvitationRequest {
  return {
    id: row.id,
    receivedAt: row.received_at,
    mode: row.mode,
    fields: JSON.parse(row.fields) as Record<string, string>,
    context: JSON.parse(row.context) as RelayContext,
    relay: row.relay,
    relayAttempts: row.attempts,
    relayError: row.last_error,
    sentAt: row.sent_at,
  };
}

function toClaim(row: Row): RelayClaim {
  const stored = toStored(row);
  return {
    id: stored.id,
    receivedAt: stored.receivedAt,
    mode: stored.mode,
    fields: stored.fields,
    context: stored.context,
    attempts: stored.relayAttempts,
  };
}
