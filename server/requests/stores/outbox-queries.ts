/**
 * The outbox of the team's notifications in either engine's database, one query set
 * (server/database/engine.ts). So far the queueing, shared by the parts that moved to it (the
 * relay's refusal alert, a stopped channel's), the stopped channels, and the claims of the
 * delivery loop (a claim locks its rows: `FOR UPDATE SKIP LOCKED` on PostgreSQL, SQLite's one
 * writer). What queues with a request (its save, admission, answer, the daily jobs) is still in
 * sqlite-store.ts and postgres-store.ts.
 */
import { sql } from "kysely";
import { claimableAt, dueFirst, changes, first, rows, type Work, type Engine } from "../../database/engine";
import { toMs } from "../../database/schema";
import type {
  NotificationChannel,
  NotificationClaim,
  NotificationOutbox,
  PrivacyStore,
  StoppableChannel,
  StoreLifecycle,
} from "../store";
import {
  newNotificationRow,
  NOTIFICATION_COLUMN_LIST,
  REQUEST_COLUMN_LIST,
  toNotificationClaim,
  toQueuedNotification,
  toStoredRequest,
  type NotificationRow,
  type QueuedSubject,
  type RequestRow,
} from "./store-core";

/** Queues one notification of `subject` per channel, due at once, inside the caller's unit of work. */
export function* enqueue(
  engine: Engine,
  subject: QueuedSubject,
  channels: readonly NotificationChannel[],
  now: number,
): Work<void> {
  if (channels.length === 0) return;
  yield* changes(
    engine.db.insertInto("invitation_notifications").values(
      channels.map((channel) => {
        const row = newNotificationRow(subject);
        return {
          request_id: row.requestId,
          kind: row.kind,
          channel,
          details: engine.json(row.details),
          delivery_id: row.deliveryId,
          queued_at: engine.time(now),
          next_attempt_at: engine.time(now),
        };
      }),
    ),
  );
}

/** The channels stopped for good (a refusal), shared by every server on the database until reopened. */
export function channelQueries(
  engine: Engine,
): Pick<NotificationOutbox, "stopChannel" | "stoppedChannels"> & Pick<StoreLifecycle, "reopenChannels"> {
  const { db } = engine;
  return {
    stopChannel: (channel, reason, now, alertChannels) =>
      engine.transaction(function* () {
        const stopped = yield* changes(
          db
            .insertInto("invitation_channels")
            .values({ channel, stopped_at: engine.time(now), reason })
            .onConflict((conflict) => conflict.column("channel").doNothing()),
        );
        if (stopped === 0) return false;
        yield* enqueue(engine, { kind: "channel-refused", details: { channel, reason } }, alertChannels, now);
        return true;
      }),
    async stoppedChannels() {
      const stopped = await engine.run(() =>
        rows(db.selectFrom("invitation_channels").select(["channel", "stopped_at", "reason"]).orderBy("channel")),
      );
      return stopped.map((row) => ({
        channel: row.channel as StoppableChannel,
        reason: row.reason,
        stoppedAt: toMs(row.stopped_at),
      }));
    },
    reopenChannels: () => engine.run(() => changes(db.deleteFrom("invitation_channels"))),
  };
}

/** The outbox's claims: a batch due on the server's channels, each with its request, delivered, retried or given back. */
export function notificationQueries(
  engine: Engine,
): Pick<
  NotificationOutbox,
  | "claimNotifications"
  | "notificationStillWanted"
  | "markNotificationsDelivered"
  | "dropAcknowledgement"
  | "scheduleNotificationRetry"
  | "returnNotifications"
  | "nextNotificationAt"
> &
  Pick<PrivacyStore, "listNotifications"> {
  const { db, time } = engine;
  const owned = (seqs: readonly number[], owner: string) =>
    db.deleteFrom("invitation_notifications").where("seq", "in", seqs).where("lease_owner", "=", owner);

  function* claim(
    ...[owner, now, leaseMs, limit, channels]: Parameters<NotificationOutbox["claimNotifications"]>
  ): Work<NotificationClaim[]> {
    const at = time(now);
    const due = engine.lockRows(
      db
        .selectFrom("invitation_notifications")
        .select("seq")
        .where("channel", "in", channels)
        .$call((query) => dueFirst(query, at, limit)),
      true,
    );
    const claimed = yield* rows(
      db
        .updateTable("invitation_notifications")
        .set({ lease_owner: owner, lease_until: time(now + leaseMs) })
        .where("seq", "in", due)
        .returning([...NOTIFICATION_COLUMN_LIST, "next_attempt_at"]),
    );
    if (claimed.length === 0) return [];
    const ids = [...new Set(claimed.flatMap((row) => (row.request_id === null ? [] : [row.request_id])))];
    const requests =
      ids.length === 0
        ? []
        : yield* rows(db.selectFrom("invitation_requests").select(REQUEST_COLUMN_LIST).where("id", "in", ids));
    const byId = new Map(requests.map((row) => [row.id, toStoredRequest(row as unknown as RequestRow)]));
    // RETURNING gives rows in no set order: claims go out longest-waiting first, as they were chosen.
    claimed.sort((a, b) => toMs(a.next_attempt_at) - toMs(b.next_attempt_at) || Number(a.seq) - Number(b.seq));
    const claims: NotificationClaim[] = [];
    const orphans: number[] = [];
    for (const row of claimed) {
      const request = row.request_id === null ? null : (byId.get(row.request_id) ?? null);
      const notification = toNotificationClaim(row as unknown as NotificationRow, request);
      // Its request was erased after it was queued: nothing left to tell.
      if (notification) claims.push(notification);
      else orphans.push(Number(row.seq));
    }
    if (orphans.length > 0) yield* changes(owned(orphans, owner));
    return claims;
  }

  return {
    async claimNotifications(owner, now, leaseMs, limit, channels) {
      if (channels.length === 0) return [];
      return engine.transaction(() => claim(owner, now, leaseMs, limit, channels));
    },
    notificationStillWanted: (seq, owner) =>
      engine.transaction(function* () {
        const row = yield* first(
          db
            .selectFrom("invitation_notifications as n")
            .leftJoin("invitation_requests as r", "r.id", "n.request_id")
            .select(["n.request_id", "r.id as present"])
            .where("n.seq", "=", seq)
            .where("n.lease_owner", "=", owner),
        );
        if (!row) return false;
        if (row.request_id === null || row.present !== null) return true;
        yield* changes(owned([seq], owner));
        return false;
      }),
    async markNotificationsDelivered(seqs, owner) {
      if (seqs.length === 0) return [];
      const deleted = await engine.run(() => rows(owned(seqs, owner).returning("seq")));
      return deleted.map((row) => Number(row.seq));
    },
    dropAcknowledgement: (seq, owner, why) =>
      engine.transaction(function* () {
        yield* changes(
          db
            .updateTable("invitation_requests")
            .set({ acknowledgement_dropped: why })
            .where("id", "in", (eb) =>
              eb
                .selectFrom("invitation_notifications")
                .select("request_id")
                .where("seq", "=", seq)
                .where("lease_owner", "=", owner),
            ),
        );
        yield* changes(owned([seq], owner));
      }),
    scheduleNotificationRetry: async (seq, owner, retryAt, reason) =>
      (await engine.run(() =>
        changes(
          db
            .updateTable("invitation_notifications")
            .set({
              attempts: sql`attempts + 1`,
              last_error: reason,
              next_attempt_at: time(retryAt),
              lease_owner: null,
              lease_until: null,
            })
            .where("seq", "=", seq)
            .where("lease_owner", "=", owner),
        ),
      )) === 1,
    async returnNotifications(seqs, owner) {
      if (seqs.length === 0) return;
      await engine.run(() =>
        changes(
          db
            .updateTable("invitation_notifications")
            .set({ lease_owner: null, lease_until: null })
            .where("seq", "in", seqs)
            .where("lease_owner", "=", owner),
        ),
      );
    },
    async nextNotificationAt(channels) {
      if (channels.length === 0) return null;
      const row = await engine.run(() =>
        first(
          db
            .selectFrom("invitation_notifications")
            .select(claimableAt(engine).as("at"))
            .where("channel", "in", channels),
        ),
      );
      return row?.at == null ? null : toMs(row.at);
    },
    async listNotifications() {
      const all = await engine.run(() =>
        rows(db.selectFrom("invitation_notifications").select(NOTIFICATION_COLUMN_LIST).orderBy("seq")),
      );
      return all.map((row) => toQueuedNotification(row as unknown as NotificationRow));
    },
  };
}
