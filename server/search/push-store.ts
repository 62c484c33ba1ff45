/**
 * The pushes' outbox (push-outbox.ts) in the store's database, SQLite or PostgreSQL, one query set
 * for both (server/database/engine.ts). A claim locks the rows it takes (`FOR UPDATE SKIP LOCKED`
 * on PostgreSQL, where several servers claim at once; SQLite's IMMEDIATE transaction has one
 * writer), so two servers never push one change twice; Google's daily quota is one row every
 * server counts against, locked while a claim takes from it.
 */
import { sql, type UpdateObject } from "kysely";
import { claimableAt, unleased, changes, first, rows, type Engine, type Work } from "../database/engine";
import { toMs, type Database, type Time } from "../database/schema";
import {
  ABSENT,
  nextQuotaDayAt,
  quotaDay,
  RECENT_PUSHES,
  type AddressState,
  type PushKey,
  type SearchEngine,
  type SearchPushClaim,
  type SearchPushOutbox,
} from "./push-outbox";

/** Rows per insert of address states: well under either engine's limit on a statement's parameters. */
const RECORD_BATCH = 500;

export function searchPushStore(engine: Engine): SearchPushOutbox {
  const { db } = engine;
  /** The rows of `keys` that `owner` still holds. */
  const held = (keys: readonly PushKey[], owner: string) =>
    sql<boolean>`${engine.tuplesIn(
      ["engine", "url", "state"],
      keys.map(({ engine: name, url, state }) => [name, url, state]),
    )} AND lease_owner = ${owner}`;
  const ended = { lease_owner: null, lease_until: null } as const;

  function* usedToday(now: number): Work<number> {
    const row = yield* first(
      db.selectFrom("search_push_quota").select("used").where("engine", "=", "google").where("day", "=", quotaDay(now)),
    );
    return row?.used ?? 0;
  }
  /** The day's count, its row locked until the claim commits: servers claiming at once take from it in turn. */
  function* lockedUsedToday(now: number): Work<number> {
    yield* changes(
      db
        .insertInto("search_push_quota")
        .values({ engine: "google", day: quotaDay(now), used: 0 })
        .onConflict((conflict) => conflict.columns(["engine", "day"]).doNothing()),
    );
    const row = yield* first(
      engine.lockRows(
        db
          .selectFrom("search_push_quota")
          .select("used")
          .where("engine", "=", "google")
          .where("day", "=", quotaDay(now)),
      ),
    );
    return row!.used;
  }
  /** Counts `count` more (or, negative, fewer) of Google's pushes in the quota's day. */
  const use = (now: number, count: number) =>
    changes(
      db
        .insertInto("search_push_quota")
        .values({ engine: "google", day: quotaDay(now), used: Math.max(count, 0) })
        .onConflict((conflict) =>
          conflict
            .columns(["engine", "day"])
            .doUpdateSet({ used: engine.greatest(sql<number>`search_push_quota.used + ${count}`, sql.lit(0)) }),
        ),
    );

  /** Same state as recorded: the column keeps its value; a new state takes `changed`. */
  const unlessSame = <T>(column: string, changed: unknown) =>
    sql<T>`CASE WHEN search_pushes.state = excluded.state THEN ${sql.ref(`search_pushes.${column}`)} ELSE ${changed} END`;

  function* record(
    states: readonly AddressState[],
    engines: readonly SearchEngine[],
    generation: number,
    now: number,
  ): Work<number> {
    const named = new Set(states.map(({ engine: name, url }) => `${name} ${url}`));
    const known = yield* rows(
      engine.lockRows(db.selectFrom("search_pushes").select(["engine", "url"]).where("engine", "in", engines)),
    );
    const gone = known
      .filter(({ engine: name, url }) => !named.has(`${name} ${url}`))
      .map(({ engine: name, url }) => ({ engine: name, url, state: ABSENT }));
    const all = [...states, ...gone];
    for (let start = 0; start < all.length; start += RECORD_BATCH) {
      // A state that differs from the one recorded is a push to make, unless the engine was last told it.
      yield* changes(
        db
          .insertInto("search_pushes")
          .values(
            all.slice(start, start + RECORD_BATCH).map(({ engine: name, url, state }) => ({
              engine: name,
              url,
              state,
              generation: engine.time(generation),
              changed_at: engine.time(now),
              next_attempt_at: state === ABSENT ? null : engine.time(now),
            })),
          )
          .onConflict((conflict) =>
            conflict
              .columns(["engine", "url"])
              .doUpdateSet({
                generation: sql`excluded.generation`,
                state: sql`excluded.state`,
                changed_at: unlessSame<Time>("changed_at", sql`excluded.changed_at`),
                next_attempt_at: sql`CASE
                  WHEN search_pushes.state = excluded.state THEN search_pushes.next_attempt_at
                  WHEN excluded.state = coalesce(search_pushes.pushed_state, ${ABSENT}) THEN NULL
                  ELSE excluded.changed_at END`,
                attempts: unlessSame<number>("attempts", sql.lit(0)),
                last_error: unlessSame<string | null>("last_error", null),
                lease_owner: unlessSame<string | null>("lease_owner", null),
                lease_until: unlessSame<Time | null>("lease_until", null),
              })
              .where(
                sql<boolean>`search_pushes.generation <= excluded.generation
                  AND (search_pushes.state <> excluded.state OR search_pushes.generation < excluded.generation)`,
              ),
          ),
      );
    }
    const due = yield* first(
      db
        .selectFrom("search_pushes")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("engine", "in", engines)
        .where("next_attempt_at", "<=", engine.time(now)),
    );
    return Number(due!.count);
  }

  function* claim(
    ...[owner, now, leaseMs, limit, engines, googleQuota]: Parameters<SearchPushOutbox["claimSearchPushes"]>
  ): Work<SearchPushClaim[]> {
    const at = engine.time(now);
    const claims: SearchPushClaim[] = [];
    for (const name of engines) {
      const allowed = name === "google" ? Math.min(limit, googleQuota - (yield* lockedUsedToday(now))) : limit;
      if (allowed <= 0) continue;
      const due = engine.lockRows(
        db
          .selectFrom("search_pushes")
          .select("url")
          .where("engine", "=", name)
          .where("next_attempt_at", "<=", at)
          .where(unleased(at))
          .orderBy(sql`state = ${ABSENT}`, "desc")
          .orderBy("next_attempt_at")
          .orderBy("url")
          .limit(allowed),
        true,
      );
      const claimed = yield* rows(
        db
          .updateTable("search_pushes")
          .set({ lease_owner: owner, lease_until: engine.time(now + leaseMs) })
          .where("engine", "=", name)
          .where("url", "in", due)
          .returning(["url", "state", "attempts", "next_attempt_at"]),
      );
      const deletion = (state: string) => (state === ABSENT ? 1 : 0);
      // RETURNING gives rows in no set order: deletions first, then the longest waiting.
      claimed.sort(
        (a, b) =>
          deletion(b.state) - deletion(a.state) ||
          toMs(a.next_attempt_at!) - toMs(b.next_attempt_at!) ||
          a.url.localeCompare(b.url),
      );
      if (name === "google" && claimed.length > 0) yield* use(now, claimed.length);
      claims.push(...claimed.map(({ url, state, attempts }) => ({ engine: name, url, state, attempts })));
    }
    return claims;
  }

  function* giveBack(keys: readonly PushKey[], owner: string, now: number): Work<void> {
    const returned = yield* rows(
      db.updateTable("search_pushes").set(ended).where(held(keys, owner)).returning("engine"),
    );
    const google = returned.filter((row) => row.engine === "google").length;
    if (google > 0) yield* use(now, -google);
  }

  function* nextDue(engines: readonly SearchEngine[], now: number, googleQuota: number): Work<number | null> {
    const due = yield* rows(
      db
        .selectFrom("search_pushes")
        .select(["engine", claimableAt(engine).as("at")])
        .where("engine", "in", engines)
        .where("next_attempt_at", "is not", null)
        .groupBy("engine"),
    );
    const spent = engines.includes("google") && (yield* usedToday(now)) >= googleQuota;
    const times = due
      .filter((row) => row.at !== null)
      .map((row) => (row.engine === "google" && spent ? Math.max(toMs(row.at!), nextQuotaDayAt(now)) : toMs(row.at!)));
    return times.length > 0 ? Math.min(...times) : null;
  }

  function* status(now: number) {
    const backlog = yield* rows(
      db
        .selectFrom("search_pushes as pushes")
        .select((eb) => [
          "engine",
          eb.fn.countAll().as("pending"),
          eb.fn.min("changed_at").as("oldest_at"),
          eb
            .selectFrom("search_pushes as failed")
            .select("failed.last_error")
            .whereRef("failed.engine", "=", "pushes.engine")
            .where("failed.next_attempt_at", "is not", null)
            .where("failed.last_error", "is not", null)
            .orderBy("failed.changed_at", "desc")
            .limit(1)
            .as("last_error"),
        ])
        .where("next_attempt_at", "is not", null)
        .groupBy("engine")
        .orderBy("engine"),
    );
    const recent = yield* rows(
      db
        .selectFrom("search_pushes")
        .select(["engine", "url", "pushed_state", "pushed_at"])
        .where("pushed_at", "is not", null)
        .orderBy("pushed_at", "desc")
        .orderBy("engine")
        .orderBy("url")
        .limit(RECENT_PUSHES),
    );
    return {
      backlog: backlog.map((row) => ({
        engine: row.engine,
        pending: Number(row.pending),
        oldestAt: toMs(row.oldest_at!),
        lastError: row.last_error,
      })),
      recent: recent.map((row) => ({
        engine: row.engine,
        url: row.url,
        state: row.pushed_state!,
        pushedAt: toMs(row.pushed_at!),
      })),
      googleUsedToday: yield* usedToday(now),
    };
  }

  const update = (keys: readonly PushKey[], owner: string, set: UpdateObject<Database, "search_pushes">) =>
    engine.run(() => changes(db.updateTable("search_pushes").set(set).where(held(keys, owner))));

  return {
    async recordAddressStates(states, engines, generation, now) {
      if (engines.length === 0) return 0;
      return engine.transaction(() => record(states, engines, generation, now));
    },
    async claimSearchPushes(owner, now, leaseMs, limit, engines, googleQuota) {
      if (engines.length === 0) return [];
      return engine.transaction(() => claim(owner, now, leaseMs, limit, engines, googleQuota));
    },
    async searchPushesStillClaimed(keys, owner) {
      const row = await engine.run(() =>
        first(
          db
            .selectFrom("search_pushes")
            .select((eb) => eb.fn.countAll().as("count"))
            .where(held(keys, owner)),
        ),
      );
      return Number(row!.count) === keys.length;
    },
    async markSearchPushesSent(keys, owner, now) {
      const sent = await update(keys, owner, {
        pushed_state: sql`state`,
        pushed_at: engine.time(now),
        next_attempt_at: null,
        attempts: 0,
        last_error: null,
        ...ended,
      });
      return sent === keys.length;
    },
    async scheduleSearchPushRetry(keys, owner, retryAt, reason) {
      await update(keys, owner, {
        attempts: sql`attempts + 1`,
        last_error: reason,
        next_attempt_at: engine.time(retryAt),
        ...ended,
      });
    },
    async markSearchPushesRefused(keys, owner, reason) {
      await update(keys, owner, { attempts: sql`attempts + 1`, last_error: reason, next_attempt_at: null, ...ended });
    },
    async returnSearchPushes(keys, owner, now) {
      if (keys.length > 0) await engine.transaction(() => giveBack(keys, owner, now));
    },
    async spendGoogleQuota(now, googleQuota) {
      await engine.run(() =>
        changes(
          db
            .insertInto("search_push_quota")
            .values({ engine: "google", day: quotaDay(now), used: googleQuota })
            .onConflict((conflict) =>
              conflict.columns(["engine", "day"]).doUpdateSet({
                used: engine.greatest(sql<number>`search_push_quota.used`, sql<number>`${googleQuota}`),
              }),
            ),
        ),
      );
    },
    async nextSearchPushAt(engines, now, googleQuota) {
      if (engines.length === 0) return null;
      return engine.run(() => nextDue(engines, now, googleQuota));
    },
    async returnSearchClaimsOfPreviousProcess() {
      // Other servers on a shared database may hold live claims: theirs run out by their lease.
      if (!engine.oneServer) return 0;
      return engine.run(() => changes(db.updateTable("search_pushes").set(ended).where("lease_owner", "is not", null)));
    },
    async searchPushStatus(now) {
      return engine.run(() => status(now));
    },
  };
}
