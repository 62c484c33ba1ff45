/**
 * The outbox of the team's notifications in either engine's database, one query set
 * (server/database/engine.ts). So far the queueing, shared by the parts that moved to it (the
 * relay's refusal alert, a stopped channel's), and the stopped channels; the rest of the outbox is
 * still in sqlite-store.ts and postgres-store.ts.
 */
import { changes, rows, type Work, type Engine } from "../../database/engine";
import { toMs } from "../../database/schema";
import type { NotificationChannel, NotificationOutbox, StoppableChannel, StoreLifecycle } from "../store";
import { newNotificationRow, type QueuedSubject } from "./store-core";

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
