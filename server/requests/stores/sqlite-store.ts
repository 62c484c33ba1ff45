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
 *   static files keep being served meanwhile (docs/deployment/node-server.md, "Time limits").
 * - secure_delete: a deleted row's bytes are overwritten, and an erase or purge ends with
 *   a checkpoint that empties the write-ahead log, so erased text lingers neither in free
 *   pages nor in the log (docs/deployment/personal-data.md).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { mailboxKey } from "../mailbox";
import {
  OVERDUE_LIST_MAX,
  PROMISE_WINDOW_DAYS,
  REQUESTER_CHANNEL,
  REQUESTER_OUTCOME_CHANNEL,
  STATUS_OVERDUE_MAX,
  type NewInvitationRequest,
  type NotificationChannel,
  type RequestStore,
  type SaveOutcome,
  type TeamChannel,
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
  type SchemaState,
} from "./store-core";
import { withinTimeLimit } from "../../time-limit";
import type { Answer } from "../answer-links";
import { editorSessionStore } from "../../editor/session-store";
import { searchPushStore } from "../../search/push-store";
import { sqliteEngine } from "../../database/engine";
import { relayQueries } from "./relay-queries";
import { channelQueries, notificationQueries } from "./outbox-queries";

export const SQLITE_FILE = "requests.sqlite";
/** Held (an exclusive SQLite lock) by the one server that uses DATA_DIR, for as long as it runs. */
export const SERVER_LOCK_FILE = "server.lock";
/** How long opening (and migrating) waits for another process's write lock, before the server listens. */
const OPEN_BUSY_TIMEOUT_MS = 5000;
/** How long a statement keeps trying while another process holds the lock; below the API's limit. */
export const OPERATION_TIME_LIMIT_MS = 3500;
/** The pause between two tries of a locked statement. */
const BUSY_RETRY_MS = 20;

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

/** The `code` of the error that says another server holds DATA_DIR's one-server lock (SERVER_LOCK_FILE). */
export const DATA_DIR_IN_USE = "DATA_DIR_IN_USE";

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
    // A plain Error (its message is what the operator reads) with a code the handover waits on (server/main.ts).
    throw Object.assign(
      new Error(
        `Another server is using ${dataDir}: run one server per SQLite database, or several on PostgreSQL (DATABASE_URL).`,
        { cause: error },
      ),
      { code: DATA_DIR_IN_USE },
    );
  }
  return lock;
}

/**
 * The schema's state (store-core.ts, MIGRATIONS): `user_version` is the version a server must
 * know, as every release reads it; the steps applied are in `invitation_schema`, absent until
 * the first compatible step (then as many as `user_version` says).
 */
function schemaState(db: Database.Database): SchemaState {
  const required = db.pragma("user_version", { simple: true }) as number;
  const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'invitation_schema'`).get();
  const row = table ? db.prepare<[], { applied: number }>("SELECT applied FROM invitation_schema").get() : undefined;
  return { applied: row?.applied ?? required, required };
}

function migrate(db: Database.Database, path: string) {
  const current = (plan: ReturnType<typeof migrationPlan>, state: SchemaState) =>
    plan.statements.length === 0 && plan.after.applied === state.applied && plan.after.required === state.required;
  // Checked before the write lock too, so a current file (the usual start) takes no lock.
  const before = schemaState(db);
  if (current(migrationPlan(before, "sqlite", path), before)) return;
  // IMMEDIATE takes the write lock first, so two processes starting together migrate once.
  db.transaction(() => {
    const state = schemaState(db);
    const plan = migrationPlan(state, "sqlite", path);
    if (current(plan, state)) return;
    for (const statement of plan.statements) db.exec(statement);
    db.exec("CREATE TABLE IF NOT EXISTS invitation_schema (applied INTEGER NOT NULL)");
    db.exec("DELETE FROM invitation_schema");
    db.prepare("INSERT INTO invitation_schema (applied) VALUES (?)").run(plan.after.applied);
    db.pragma(`user_version = ${plan.after.required}`);
  }).immediate();
}

export function openSqliteStore(dataDir: string): RequestStore {
  const path = createPrivateFile(resolve(dataDir));
  const db = new Database(path, { timeout: OPEN_BUSY_TIMEOUT_MS });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("secure_delete = ON");
  migrate(db, path);
  // SQLite's lower() folds ASCII only; addresses are compared as JavaScript folds them (docs/product.md#notifications-and-privacy).
  db.function("email_key", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? value.trim().toLowerCase() : null,
  );
  // From here on a lock never blocks the event loop (whenUnlocked retries on a timer).
  db.pragma("busy_timeout = 0");
  // The queries written once for both engines (server/database/engine.ts), on this connection.
  const engine = sqliteEngine(db, whenUnlocked);

  // --- Requests and the relay ---
  // A key stored already: this is a retry of that request, which stays the only one.
  const insert = db.prepare(
    `INSERT INTO invitation_requests
       (id, received_at, mode, fields, context, relay, next_attempt_at, notice_version, held, idempotency_key, source,
        consent, role, acknowledged_at, acknowledged_mailbox, reply_by)
     VALUES (@id, @receivedAt, @mode, @fields, @context, @relay, @nextAttemptAt, @noticeVersion, @held, @idempotencyKey,
       @source, @consent, @role, @acknowledgedAt, @acknowledgedMailbox, @replyBy)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
  );
  const requestByKey = db.prepare<{ key: string | null }, RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invitation_requests WHERE idempotency_key = @key`,
  );
  const all = db.prepare<[], RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM invitation_requests ORDER BY seq`);
  const requestById = db.prepare<{ id: string }, RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invitation_requests WHERE id = @id`,
  );

  // --- The outbox of the team's notifications ---
  const enqueueRow = db.prepare(
    `INSERT INTO invitation_notifications (request_id, kind, channel, details, delivery_id, queued_at, next_attempt_at)
     VALUES (@requestId, @kind, @channel, @details, @deliveryId, @now, @now)`,
  );
  const enqueue = (subject: QueuedSubject, channels: readonly NotificationChannel[], now: number) => {
    for (const channel of channels) enqueueRow.run({ ...newNotificationRow(subject), channel, now });
  };

  // --- Stopped channels, held requests, daily jobs, status ---
  const heldState = db.prepare<{ id: string }, { held: string | null; email: string | null }>(
    `SELECT held, json_extract(fields, '$.email') AS email FROM invitation_requests WHERE id = @id`,
  );
  // --- The requester's acknowledgement: at most one per mailbox a day, remembered on the request row ---
  const acknowledgedSince = db.prepare<{ mailbox: string; since: number }, { id: string }>(
    `SELECT id FROM invitation_requests WHERE acknowledged_mailbox = @mailbox AND acknowledged_at > @since LIMIT 1`,
  );
  const markAcknowledged = db.prepare(
    `UPDATE invitation_requests SET acknowledged_at = @now, acknowledged_mailbox = @mailbox WHERE id = @id`,
  );
  /** The mailbox `email` reaches when it may have an acknowledgement at `now` (none was queued for it in the last day), else null. */
  const mailboxToAcknowledge = (email: unknown, now: number): string | null => {
    if (typeof email !== "string") return null;
    const mailbox = mailboxKey(email);
    return acknowledgedSince.get({ mailbox, since: now - DAY_MS }) === undefined ? mailbox : null;
  };
  const unhold = db.prepare(
    `UPDATE invitation_requests SET held = NULL, reply_by = @replyBy,
       next_attempt_at = CASE WHEN relay = 'pending' THEN @now ELSE next_attempt_at END
     WHERE id = @id AND held IS NOT NULL`,
  );
  // --- The promise: answers, reminders, what is overdue ---
  const answerState = db.prepare<{ id: string }, { held: string | null; answer: string | null }>(
    `SELECT held, answer FROM invitation_requests WHERE id = @id`,
  );
  const markAnswered = db.prepare(
    `UPDATE invitation_requests SET answer = @answer, answered_at = @now WHERE id = @id AND answer IS NULL`,
  );
  const dropReminders = db.prepare(`DELETE FROM invitation_notifications WHERE request_id = @id AND kind = 'reminder'`);
  const unanswered = "answered_at IS NULL AND reply_by IS NOT NULL";
  const dueReminders = db.prepare<{ now: number; until: number }, { id: string }>(
    `UPDATE invitation_requests SET reminded_at = @now
     WHERE ${unanswered} AND reminded_at IS NULL AND reply_by > @now AND reply_by <= @until
     RETURNING id`,
  );
  const overdueNow = db.prepare<{ now: number; limit: number }, { id: string; reply_by: number }>(
    `SELECT id, reply_by FROM invitation_requests WHERE ${unanswered} AND reply_by <= @now
     ORDER BY reply_by, seq LIMIT @limit`,
  );
  const overdueCount = db.prepare<{ now: number }, { count: number }>(
    `SELECT COUNT(*) AS count FROM invitation_requests WHERE ${unanswered} AND reply_by <= @now`,
  );
  const promisedSince = db.prepare<
    { since: number },
    { received_at: number; reply_by: number; answer: Answer | null; answered_at: number | null }
  >(
    `SELECT received_at, reply_by, answer, answered_at FROM invitation_requests
     WHERE received_at >= @since AND reply_by IS NOT NULL`,
  );
  const overdueOf = (now: number, max: number) =>
    overdueList(overdueNow.all({ now, limit: max }), overdueCount.get({ now })!.count, max);
  const lastRun = db.prepare<{ job: string }, { last_run_at: number }>(
    `SELECT last_run_at FROM invitation_jobs WHERE job = @job`,
  );
  const recordRun = db.prepare(
    `INSERT INTO invitation_jobs (job, last_run_at) VALUES (@job, @now)
     ON CONFLICT (job) DO UPDATE SET last_run_at = excluded.last_run_at`,
  );
  const heldSince = db.prepare<{ since: number; now: number }, { id: string }>(
    `SELECT id FROM invitation_requests WHERE held IS NOT NULL AND received_at > @since AND received_at <= @now
     ORDER BY seq`,
  );
  const counts = db.prepare<
    { day: number; week: number },
    {
      requests_last_day: number;
      requests_last_week: number;
      relays_pending: number;
      relays_failed: number;
      held: number;
      notifications_queued: number;
      oldest_notification_at: number | null;
      acknowledgements_refused: number;
      acknowledgements_expired: number;
    }
  >(
    `SELECT
       (SELECT COUNT(*) FROM invitation_requests WHERE received_at >= @day) AS requests_last_day,
       (SELECT COUNT(*) FROM invitation_requests WHERE received_at >= @week) AS requests_last_week,
       (SELECT COUNT(*) FROM invitation_requests WHERE relay = 'pending' AND held IS NULL) AS relays_pending,
       (SELECT COUNT(*) FROM invitation_requests WHERE relay = 'failed') AS relays_failed,
       (SELECT COUNT(*) FROM invitation_requests WHERE held IS NOT NULL) AS held,
       (SELECT COUNT(*) FROM invitation_notifications) AS notifications_queued,
       (SELECT MIN(queued_at) FROM invitation_notifications) AS oldest_notification_at,
       (SELECT COUNT(*) FROM invitation_requests WHERE acknowledged_at >= @week AND acknowledgement_dropped = 'refused')
         AS acknowledgements_refused,
       (SELECT COUNT(*) FROM invitation_requests WHERE acknowledged_at >= @week AND acknowledgement_dropped = 'expired')
         AS acknowledgements_expired`,
  );

  const sourcesSince = db.prepare<{ week: number }, { label: string | null; requests: number }>(
    `SELECT coalesce(json_extract(source, '$.utm_source'), json_extract(source, '$.referrer')) AS label,
       COUNT(*) AS requests
     FROM invitation_requests WHERE received_at >= @week GROUP BY label`,
  );
  const rolesSince = db.prepare<{ week: number }, { label: string | null; requests: number }>(
    `SELECT json_extract(role, '$.title') AS label, COUNT(*) AS requests
     FROM invitation_requests WHERE received_at >= @week GROUP BY label`,
  );

  // --- Privacy ---
  const byEmail = db.prepare<{ email: string }, RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM invitation_requests
     WHERE email_key(json_extract(fields, '$.email')) = email_key(@email) ORDER BY seq`,
  );
  const eraseNotifications = db.prepare(
    `DELETE FROM invitation_notifications WHERE request_id IN (
       SELECT id FROM invitation_requests WHERE email_key(json_extract(fields, '$.email')) = email_key(@email))`,
  );
  // Claims still live at the erase: a send may be under way (see ErasureCounts.inFlight).
  const claimedByEmail = db.prepare(
    `SELECT
       (SELECT count(*) FROM invitation_requests
          WHERE email_key(json_extract(fields, '$.email')) = email_key(@email) AND lease_until > @now)
     + (SELECT count(*) FROM invitation_notifications WHERE lease_until > @now AND request_id IN (
          SELECT id FROM invitation_requests WHERE email_key(json_extract(fields, '$.email')) = email_key(@email)))
     AS count`,
  );
  const eraseRequests = db.prepare(
    `DELETE FROM invitation_requests WHERE email_key(json_extract(fields, '$.email')) = email_key(@email)`,
  );
  const purgeNotifications = db.prepare(
    `DELETE FROM invitation_notifications WHERE request_id IN (
       SELECT id FROM invitation_requests WHERE received_at < @before)`,
  );
  const purgeRequests = db.prepare(`DELETE FROM invitation_requests WHERE received_at < @before`);

  // --- Operations ---
  let serverLock: Database.Database | null = null;
  const ping = db.prepare("SELECT 1");
  // Only one server uses a SQLite file: at its start, every claim is a previous process's.
  const returnRelayClaims = db.prepare(
    `UPDATE invitation_requests SET lease_owner = NULL, lease_until = NULL
     WHERE relay = 'pending' AND lease_owner IS NOT NULL`,
  );
  const returnNotificationClaims = db.prepare(
    `UPDATE invitation_notifications SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
  );

  const transactions = {
    save: db.transaction((request: NewInvitationRequest): SaveOutcome => {
      // A held request tells no one until it is admitted.
      const mailbox =
        !request.held && request.acknowledge === true
          ? mailboxToAcknowledge(request.fields.email, request.receivedAt)
          : null;
      const { changes } = insert.run({
        id: request.id,
        receivedAt: request.receivedAt,
        mode: request.mode,
        fields: JSON.stringify(request.fields),
        context: JSON.stringify(request.context),
        relay: request.relay,
        nextAttemptAt: request.relay === "pending" ? request.receivedAt : null,
        noticeVersion: request.noticeVersion ?? null,
        held: request.held ?? null,
        idempotencyKey: request.idempotencyKey ?? null,
        source: jsonOrNull(request.source),
        consent: jsonOrNull(request.consent),
        role: jsonOrNull(request.role),
        acknowledgedAt: mailbox === null ? null : request.receivedAt,
        acknowledgedMailbox: mailbox,
        // A held request's clock starts when it is admitted.
        replyBy: request.held ? null : (request.replyBy ?? null),
      });
      if (changes === 0)
        return { stored: "repeat", first: toStoredRequest(requestByKey.get({ key: request.idempotencyKey ?? null })!) };
      if (!request.held) enqueue({ kind: "request", requestId: request.id }, request.notify ?? [], request.receivedAt);
      if (mailbox !== null)
        enqueue({ kind: "acknowledgement", requestId: request.id }, [REQUESTER_CHANNEL], request.receivedAt);
      return { stored: "new" };
    }),
    admitHeld: db.transaction(
      (id: string, now: number, notify: readonly TeamChannel[], acknowledge: boolean, replyBy: number | null) => {
        const row = heldState.get({ id });
        const decision = admitDecision(row);
        if (decision !== "admit") return decision;
        unhold.run({ id, now, replyBy });
        enqueue({ kind: "request", requestId: id }, notify, now);
        const mailbox = acknowledge ? mailboxToAcknowledge(row!.email, now) : null;
        if (mailbox !== null) {
          markAcknowledged.run({ id, now, mailbox });
          enqueue({ kind: "acknowledgement", requestId: id }, [REQUESTER_CHANNEL], now);
        }
        return "admitted" as const;
      },
    ),
    queueDailySummary: db.transaction((now: number, channels: readonly TeamChannel[], withOverdue: boolean) => {
      const window = heldSummaryWindow(lastRun.get({ job: HELD_SUMMARY_JOB })?.last_run_at ?? null, now);
      if (!window) return null;
      recordRun.run({ job: HELD_SUMMARY_JOB, now });
      const { since } = window;
      const ids = heldSince.all({ since, now }).map((row) => row.id);
      if (ids.length > 0) {
        const details = heldSummaryDetails(ids, since);
        enqueue({ kind: "held-summary", details }, channels, now);
      }
      const overdue = withOverdue ? overdueOf(now, OVERDUE_LIST_MAX) : null;
      if (overdue && overdue.count > 0) enqueue({ kind: "overdue", details: overdue }, channels, now);
      return { held: ids.length, overdue: overdue?.count ?? 0 };
    }),
    queueReminders: db.transaction((now: number, leadMs: number, channels: readonly TeamChannel[]) => {
      const due = dueReminders.all({ now, until: now + leadMs });
      for (const { id } of due) enqueue({ kind: "reminder", requestId: id }, channels, now);
      return due.length;
    }),
    recordAnswer: db.transaction((id: string, answer: Answer, now: number, tellRequester: boolean) => {
      const decision = answerDecision(answerState.get({ id }));
      if (decision === "not-found") return { outcome: decision } as const;
      if (decision === "record") {
        markAnswered.run({ id, answer, now });
        dropReminders.run({ id });
        if (tellRequester && answer !== "other") {
          enqueue({ kind: "outcome", requestId: id, details: { answer } }, [REQUESTER_OUTCOME_CHANNEL], now);
        }
      }
      const request = toStoredRequest(requestById.get({ id })!);
      return { outcome: decision === "record" ? "recorded" : decision, request } as const;
    }),
    erase: db.transaction((email: string, now: number) => ({
      inFlight: (claimedByEmail.get({ email, now }) as { count: number }).count,
      notifications: eraseNotifications.run({ email }).changes,
      requests: eraseRequests.run({ email }).changes,
    })),
    purge: db.transaction((before: number) => ({
      notifications: purgeNotifications.run({ before }).changes,
      requests: purgeRequests.run({ before }).changes,
    })),
    returnAll: db.transaction(() => returnRelayClaims.run().changes + returnNotificationClaims.run().changes),
  };

  /**
   * After an erase or purge: copies the zeroed pages into the database file and empties
   * the write-ahead log, whose frames still hold the erased rows as they were written.
   * A reader holding an old snapshot (a long export) can make it wait; tried on a timer,
   * then said: the daily purge checkpoints again whatever it deleted, so the log keeps
   * erased text for a day at most.
   */
  async function checkpoint(): Promise<void> {
    const deadline = Date.now() + OPERATION_TIME_LIMIT_MS;
    for (;;) {
      const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
      if (result?.busy === 0) return;
      if (Date.now() >= deadline) {
        console.warn(
          `[privacy] another reader kept ${path}-wal from being emptied: erased text stays in it until the next checkpoint (the daily purge, or the same erase run again).`,
        );
        return;
      }
      await sleep(BUSY_RETRY_MS);
    }
  }

  return {
    description: `SQLite database ${path}`,
    searchPushes: searchPushStore(engine),
    editorSessions: editorSessionStore(engine),
    ...relayQueries(engine),
    ...channelQueries(engine),
    ...notificationQueries(engine),
    async save(request) {
      return whenUnlocked(() => transactions.save.immediate(request));
    },
    async list() {
      return (await whenUnlocked(() => all.all())).map(toStoredRequest);
    },
    async close() {
      if (db.open) db.close();
      if (serverLock?.open) serverLock.close();
    },

    async returnClaimsOfPreviousProcess() {
      // Only when this is the one server on the file: its lock proves no other process owns live claims.
      serverLock ??= lockForOneServer(dirname(path));
      return whenUnlocked(() => transactions.returnAll.immediate());
    },
    async ping(timeoutMs) {
      await withinTimeLimit(
        whenUnlocked(() => ping.get()),
        timeoutMs,
      );
    },
    async status(now) {
      const row = (await whenUnlocked(() => counts.get({ day: now - DAY_MS, week: now - 7 * DAY_MS })))!;
      const week = { week: now - 7 * DAY_MS };
      const [sources, roles] = await whenUnlocked(() => [sourcesSince.all(week), rolesSince.all(week)]);
      const [promised, overdue] = await whenUnlocked(
        () =>
          [
            promisedSince.all({ since: now - PROMISE_WINDOW_DAYS * DAY_MS }),
            overdueOf(now, STATUS_OVERDUE_MAX),
          ] as const,
      );
      return {
        requestsLastDay: row.requests_last_day,
        requestsLastWeek: row.requests_last_week,
        ...countsByLabel(sources, roles),
        relaysPending: row.relays_pending,
        relaysFailed: row.relays_failed,
        held: row.held,
        notificationsQueued: row.notifications_queued,
        oldestNotificationAt: row.oldest_notification_at,
        acknowledgementsDroppedLastWeek: {
          refused: row.acknowledgements_refused,
          expired: row.acknowledgements_expired,
        },
        stoppedChannels: await this.stoppedChannels(),
        promise: promiseStatus(promised, overdue, now),
      };
    },

    async admitHeld(id, now, notify, acknowledge = false, replyBy = null) {
      return whenUnlocked(() => transactions.admitHeld.immediate(id, now, notify, acknowledge, replyBy));
    },
    async queueDailySummary(now, channels, { overdue }) {
      return whenUnlocked(() => transactions.queueDailySummary.immediate(now, channels, overdue));
    },
    async queueReminders(now, leadMs, channels) {
      if (channels.length === 0) return 0;
      return whenUnlocked(() => transactions.queueReminders.immediate(now, leadMs, channels));
    },

    async findRequest(id) {
      const row = await whenUnlocked(() => requestById.get({ id }));
      return row ? toStoredRequest(row) : null;
    },
    async recordAnswer(id, answer, now, { tellRequester }) {
      return whenUnlocked(() => transactions.recordAnswer.immediate(id, answer, now, tellRequester));
    },

    async findByEmail(email) {
      return (await whenUnlocked(() => byEmail.all({ email }))).map(toStoredRequest);
    },
    async eraseByEmail(email, now) {
      const counts = await whenUnlocked(() => transactions.erase.immediate(email, now));
      await checkpoint();
      return counts;
    },
    async purgeBefore(before) {
      const counts = await whenUnlocked(() => transactions.purge.immediate(before));
      // Also when nothing was deleted: it empties a log an earlier erase could not.
      await checkpoint();
      return counts;
    },
  };
}
