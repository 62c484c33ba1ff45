/**
 * The relay to HubSpot (RelayOutbox, ../store.ts) in either engine's database, one query set
 * (server/database/engine.ts): the request rows are its outbox, claimed with a lease. A claim locks
 * the rows it takes (`FOR UPDATE SKIP LOCKED` on PostgreSQL, where several servers claim at once;
 * SQLite's IMMEDIATE transaction has one writer); a refusal queues the team's alert in the same
 * transaction (outbox-queries.ts).
 */
import { sql } from "kysely";
import { claimableAt, dueFirst, changes, rows, type Engine } from "../../database/engine";
import { toMs } from "../../database/schema";
import type { RelayOutbox, TeamCommandsStore } from "../store";
import { enqueue } from "./outbox-queries";
import { REQUEST_COLUMN_LIST, toRelayClaim, type RequestRow } from "./store-core";

export function relayQueries(engine: Engine): RelayOutbox & Pick<TeamCommandsStore, "requeueFailed"> {
  const { db, time } = engine;
  const ended = { next_attempt_at: null, lease_owner: null, lease_until: null } as const;
  /** The pending rows of `ids` while `owner` holds their claims. */
  const claimed = (ids: readonly string[], owner: string) =>
    db
      .updateTable("invitation_requests")
      .where("id", "in", ids)
      .where("lease_owner", "=", owner)
      .where("relay", "=", "pending");
  const one = async (query: ReturnType<ReturnType<typeof claimed>["set"]>) =>
    (await engine.run(() => changes(query))) === 1;

  return {
    async claimRelays(owner, now, leaseMs, limit) {
      const at = time(now);
      const due = engine.lockRows(
        db
          .selectFrom("invitation_requests")
          .select("seq")
          .where("relay", "=", "pending")
          .where("held", "is", null)
          .$call((query) => dueFirst(query, at, limit)),
        true,
      );
      const claims = await engine.run(() =>
        rows(
          db
            .updateTable("invitation_requests")
            .set({ lease_owner: owner, lease_until: time(now + leaseMs) })
            .where("seq", "in", due)
            .returning([...REQUEST_COLUMN_LIST, "next_attempt_at", "seq"]),
        ),
      );
      // RETURNING gives rows in no set order: claims go out longest-waiting first, as they were chosen.
      claims.sort((a, b) => toMs(a.next_attempt_at!) - toMs(b.next_attempt_at!) || Number(a.seq) - Number(b.seq));
      return claims.map((row) => toRelayClaim(row as unknown as RequestRow));
    },
    async relayStillClaimed(id, owner) {
      const found = await engine.run(() =>
        rows(
          db
            .selectFrom("invitation_requests")
            .select("id")
            .where("id", "=", id)
            .where("lease_owner", "=", owner)
            .where("relay", "=", "pending"),
        ),
      );
      return found.length === 1;
    },
    markSent: (id, owner, now) =>
      one(
        claimed([id], owner).set({
          relay: "sent",
          sent_at: time(now),
          attempts: sql`attempts + 1`,
          last_error: null,
          ...ended,
        }),
      ),
    markFailed: (id, owner, reason, alert) =>
      engine.transaction(function* () {
        const owned =
          (yield* changes(
            claimed([id], owner).set({ relay: "failed", attempts: sql`attempts + 1`, last_error: reason, ...ended }),
          )) === 1;
        if (owned && alert)
          yield* enqueue(
            engine,
            { kind: "relay-refused", requestId: id, details: alert.refusal },
            alert.channels,
            alert.now,
          );
        return owned;
      }),
    scheduleRetry: (id, owner, retryAt, reason) =>
      one(
        claimed([id], owner).set({
          attempts: sql`attempts + 1`,
          last_error: reason,
          ...ended,
          next_attempt_at: time(retryAt),
        }),
      ),
    async returnRelays(ids, owner) {
      if (ids.length > 0)
        await engine.run(() => changes(claimed(ids, owner).set({ lease_owner: null, lease_until: null })));
    },
    async nextRelayAt() {
      const [row] = await engine.run(() =>
        rows(
          db
            .selectFrom("invitation_requests")
            .select(claimableAt(engine).as("at"))
            .where("relay", "=", "pending")
            .where("held", "is", null),
        ),
      );
      return row?.at == null ? null : toMs(row.at);
    },
    requeueFailed: (now) =>
      engine.run(() =>
        changes(
          db
            .updateTable("invitation_requests")
            .set({ relay: "pending", attempts: 0, next_attempt_at: time(now), lease_owner: null, lease_until: null })
            .where("relay", "=", "failed"),
        ),
      ),
  };
}
