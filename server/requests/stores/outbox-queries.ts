/**
 * The outbox of the team's notifications in either engine's database, one query set
 * (server/database/engine.ts). So far the queueing, shared by the parts that moved to it (the
 * relay's refusal alert); the rest of the outbox is still in sqlite-store.ts and postgres-store.ts.
 */
import { changes, type Work, type Engine } from "../../database/engine";
import type { NotificationChannel } from "../store";
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
