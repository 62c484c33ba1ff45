/**
 * The pushes' outbox (push-outbox.ts) in the SQLite store's database
 * (server/requests/stores/sqlite-store.ts opens it with its connection and its retry on a lock).
 * Times are milliseconds; one server uses the file, so a claim is never contended.
 */
import type Database from "better-sqlite3";
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

type Row = { engine: SearchEngine; url: string; state: string; attempts: number };

export function sqliteSearchPushes(
  db: Database.Database,
  whenUnlocked: <T>(run: () => T) => Promise<T>,
): SearchPushOutbox {
  const list = (values: readonly unknown[]) => JSON.stringify(values);
  const keysJson = (keys: readonly PushKey[]) => list(keys.map(({ engine, url, state }) => [engine, url, state]));
  /** The rows of `@keys` (a JSON array of [engine, url, state]) that `@owner` still holds. */
  const held = `(engine, url, state) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(@keys))
    AND lease_owner = @owner`;

  const known = db.prepare<{ engines: string }, { engine: SearchEngine; url: string }>(
    `SELECT engine, url FROM search_pushes WHERE engine IN (SELECT value FROM json_each(@engines))`,
  );
  // A state that differs from the one recorded is a push to make, unless the engine was last told it.
  const record = db.prepare<
    { engine: string; url: string; state: string; generation: number; now: number },
    { next_attempt_at: number | null }
  >(
    `INSERT INTO search_pushes (engine, url, state, generation, changed_at, next_attempt_at)
     VALUES (@engine, @url, @state, @generation, @now, CASE WHEN @state = '${ABSENT}' THEN NULL ELSE @now END)
     ON CONFLICT (engine, url) DO UPDATE SET
       generation = excluded.generation,
       state = excluded.state,
       changed_at = CASE WHEN search_pushes.state = excluded.state THEN search_pushes.changed_at ELSE excluded.changed_at END,
       next_attempt_at = CASE
         WHEN search_pushes.state = excluded.state THEN search_pushes.next_attempt_at
         WHEN excluded.state = coalesce(search_pushes.pushed_state, '${ABSENT}') THEN NULL
         ELSE excluded.changed_at END,
       attempts = CASE WHEN search_pushes.state = excluded.state THEN search_pushes.attempts ELSE 0 END,
       last_error = CASE WHEN search_pushes.state = excluded.state THEN search_pushes.last_error ELSE NULL END,
       lease_owner = CASE WHEN search_pushes.state = excluded.state THEN search_pushes.lease_owner ELSE NULL END,
       lease_until = CASE WHEN search_pushes.state = excluded.state THEN search_pushes.lease_until ELSE NULL END
     WHERE search_pushes.generation <= excluded.generation
       AND (search_pushes.state <> excluded.state OR search_pushes.generation < excluded.generation)
     RETURNING next_attempt_at`,
  );
  const due = db.prepare<{ now: number; engines: string }, { count: number }>(
    `SELECT count(*) AS count FROM search_pushes
     WHERE engine IN (SELECT value FROM json_each(@engines)) AND next_attempt_at <= @now`,
  );
  const used = db.prepare<{ engine: string; day: string }, { used: number }>(
    `SELECT used FROM search_push_quota WHERE engine = @engine AND day = @day`,
  );
  const use = db.prepare(
    `INSERT INTO search_push_quota (engine, day, used) VALUES (@engine, @day, max(@count, 0))
     ON CONFLICT (engine, day) DO UPDATE SET used = max(search_push_quota.used + @count, 0)`,
  );
  const spend = db.prepare(
    `INSERT INTO search_push_quota (engine, day, used) VALUES ('google', @day, @quota)
     ON CONFLICT (engine, day) DO UPDATE SET used = max(search_push_quota.used, @quota)`,
  );
  const claim = db.prepare<
    { owner: string; now: number; until: number; limit: number; engine: string },
    Row & { next_attempt_at: number; deletion: number }
  >(
    `UPDATE search_pushes SET lease_owner = @owner, lease_until = @until
     WHERE (engine, url) IN (
       SELECT engine, url FROM search_pushes
       WHERE engine = @engine AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY state = '${ABSENT}' DESC, next_attempt_at, url LIMIT @limit
     )
     RETURNING engine, url, state, attempts, next_attempt_at, state = '${ABSENT}' AS deletion`,
  );
  const stillHeld = db.prepare<{ keys: string; owner: string }, { count: number }>(
    `SELECT count(*) AS count FROM search_pushes WHERE ${held}`,
  );
  const sent = db.prepare(
    `UPDATE search_pushes SET pushed_state = state, pushed_at = @now, next_attempt_at = NULL, attempts = 0,
       last_error = NULL, lease_owner = NULL, lease_until = NULL WHERE ${held}`,
  );
  const retry = db.prepare(
    `UPDATE search_pushes SET attempts = attempts + 1, last_error = @reason, next_attempt_at = @retryAt,
       lease_owner = NULL, lease_until = NULL WHERE ${held}`,
  );
  const refused = db.prepare(
    `UPDATE search_pushes SET attempts = attempts + 1, last_error = @reason, next_attempt_at = NULL,
       lease_owner = NULL, lease_until = NULL WHERE ${held}`,
  );
  const giveBack = db.prepare<{ keys: string; owner: string }, { engine: SearchEngine }>(
    `UPDATE search_pushes SET lease_owner = NULL, lease_until = NULL WHERE ${held} RETURNING engine`,
  );
  const nextDue = db.prepare<{ engine: string }, { at: number | null }>(
    `SELECT min(max(next_attempt_at, coalesce(lease_until, 0))) AS at FROM search_pushes
     WHERE engine = @engine AND next_attempt_at IS NOT NULL`,
  );
  const returnAll = db.prepare(
    `UPDATE search_pushes SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL`,
  );
  const backlog = db.prepare<
    [],
    { engine: SearchEngine; pending: number; oldest_at: number; last_error: string | null }
  >(
    `SELECT engine, count(*) AS pending, min(changed_at) AS oldest_at,
       (SELECT last_error FROM search_pushes AS failed WHERE failed.engine = search_pushes.engine
          AND failed.next_attempt_at IS NOT NULL AND failed.last_error IS NOT NULL
          ORDER BY failed.changed_at DESC LIMIT 1) AS last_error
     FROM search_pushes WHERE next_attempt_at IS NOT NULL GROUP BY engine ORDER BY engine`,
  );
  const recent = db.prepare<[], { engine: SearchEngine; url: string; pushed_state: string; pushed_at: number }>(
    `SELECT engine, url, pushed_state, pushed_at FROM search_pushes WHERE pushed_at IS NOT NULL
     ORDER BY pushed_at DESC, engine, url LIMIT ${RECENT_PUSHES}`,
  );

  const usedToday = (now: number) => used.get({ engine: "google", day: quotaDay(now) })?.used ?? 0;
  const transactions = {
    record: db.transaction(
      (states: readonly AddressState[], engines: readonly SearchEngine[], generation: number, now: number) => {
        const named = new Set(states.map(({ engine, url }) => `${engine} ${url}`));
        const gone = known
          .all({ engines: list(engines) })
          .filter(({ engine, url }) => !named.has(`${engine} ${url}`))
          .map(({ engine, url }) => ({ engine, url, state: ABSENT }));
        for (const state of [...states, ...gone]) record.all({ ...state, generation, now });
        return due.get({ now, engines: list(engines) })!.count;
      },
    ),
    claim: db.transaction(
      (owner: string, now: number, leaseMs: number, limit: number, engines: readonly SearchEngine[], quota: number) => {
        const claims: SearchPushClaim[] = [];
        for (const engine of engines) {
          const allowed = engine === "google" ? Math.min(limit, quota - usedToday(now)) : limit;
          if (allowed <= 0) continue;
          const rows = claim.all({ owner, now, until: now + leaseMs, limit: allowed, engine });
          rows.sort(
            (a, b) => b.deletion - a.deletion || a.next_attempt_at - b.next_attempt_at || a.url.localeCompare(b.url),
          );
          if (engine === "google" && rows.length > 0) use.run({ engine, day: quotaDay(now), count: rows.length });
          claims.push(...rows.map(({ url, state, attempts }) => ({ engine, url, state, attempts })));
        }
        return claims;
      },
    ),
    giveBack: db.transaction((keys: readonly PushKey[], owner: string, now: number) => {
      const returned = giveBack.all({ keys: keysJson(keys), owner });
      const google = returned.filter((row) => row.engine === "google").length;
      if (google > 0) use.run({ engine: "google", day: quotaDay(now), count: -google });
    }),
  };

  return {
    async recordAddressStates(states, engines, generation, now) {
      if (engines.length === 0) return 0;
      return whenUnlocked(() => transactions.record.immediate(states, engines, generation, now));
    },
    async claimSearchPushes(owner, now, leaseMs, limit, engines, googleQuota) {
      if (engines.length === 0) return [];
      return whenUnlocked(() => transactions.claim.immediate(owner, now, leaseMs, limit, engines, googleQuota));
    },
    async searchPushesStillClaimed(keys, owner) {
      const { count } = (await whenUnlocked(() => stillHeld.get({ keys: keysJson(keys), owner })))!;
      return count === keys.length;
    },
    async markSearchPushesSent(keys, owner, now) {
      return (await whenUnlocked(() => sent.run({ keys: keysJson(keys), owner, now }))).changes === keys.length;
    },
    async scheduleSearchPushRetry(keys, owner, retryAt, reason) {
      await whenUnlocked(() => retry.run({ keys: keysJson(keys), owner, retryAt, reason }));
    },
    async markSearchPushesRefused(keys, owner, reason) {
      await whenUnlocked(() => refused.run({ keys: keysJson(keys), owner, reason }));
    },
    async returnSearchPushes(keys, owner, now) {
      if (keys.length > 0) await whenUnlocked(() => transactions.giveBack.immediate(keys, owner, now));
    },
    async spendGoogleQuota(now, googleQuota) {
      await whenUnlocked(() => spend.run({ day: quotaDay(now), quota: googleQuota }));
    },
    async nextSearchPushAt(engines, now, googleQuota) {
      const times = await whenUnlocked(() =>
        engines.map((engine) => {
          const at = nextDue.get({ engine })?.at ?? null;
          if (at === null || engine !== "google" || usedToday(now) < googleQuota) return at;
          return Math.max(at, nextQuotaDayAt(now));
        }),
      );
      const known = times.filter((at): at is number => at !== null);
      return known.length > 0 ? Math.min(...known) : null;
    },
    async returnSearchClaimsOfPreviousProcess() {
      return (await whenUnlocked(() => returnAll.run())).changes;
    },
    async searchPushStatus(now) {
      return whenUnlocked(() => ({
        backlog: backlog.all().map((row) => ({
          engine: row.engine,
          pending: row.pending,
          oldestAt: row.oldest_at,
          lastError: row.last_error,
        })),
        recent: recent.all().map((row) => ({
          engine: row.engine,
          url: row.url,
          state: row.pushed_state,
          pushedAt: row.pushed_at,
        })),
        googleUsedToday: usedToday(now),
      }));
    },
  };
}
