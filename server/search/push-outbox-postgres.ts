/**
 * The pushes' outbox (push-outbox.ts) in the PostgreSQL store's database
 * (server/requests/stores/postgres-store.ts opens it with its pool), shared by every server on it:
 * a claim takes rows with `FOR UPDATE SKIP LOCKED`, so two servers never push one change twice, and
 * Google's daily quota is one row all of them count against, locked while a claim takes from it.
 */
import type postgres from "postgres";
import {
  ABSENT,
  nextQuotaDayAt,
  quotaDay,
  RECENT_PUSHES,
  type PushKey,
  type SearchEngine,
  type SearchPushClaim,
  type SearchPushOutbox,
} from "./push-outbox";

export function postgresSearchPushes(sql: postgres.Sql): SearchPushOutbox {
  /** The rows of `keys` that `owner` still holds. */
  const held = (keys: readonly PushKey[], owner: string) => sql`
    (engine, url, state) IN (
      SELECT * FROM unnest(${keys.map((key) => key.engine)}::text[], ${keys.map((key) => key.url)}::text[],
        ${keys.map((key) => key.state)}::text[])
    ) AND lease_owner = ${owner}`;
  const usedToday = async (tx: postgres.Sql | postgres.TransactionSql, now: number) => {
    const [row] = await tx<{ used: number }[]>`
      SELECT used FROM search_push_quota WHERE engine = 'google' AND day = ${quotaDay(now)}`;
    return row?.used ?? 0;
  };
  /** The day's count, its row locked until the claim commits: servers claiming at once take from it in turn. */
  const lockedUsedToday = async (tx: postgres.TransactionSql, now: number) => {
    await tx`
      INSERT INTO search_push_quota (engine, day, used) VALUES ('google', ${quotaDay(now)}, 0)
      ON CONFLICT (engine, day) DO NOTHING`;
    const [row] = await tx<{ used: number }[]>`
      SELECT used FROM search_push_quota WHERE engine = 'google' AND day = ${quotaDay(now)} FOR UPDATE`;
    return row!.used;
  };
  const use = (tx: postgres.TransactionSql, now: number, count: number) => tx`
    INSERT INTO search_push_quota AS quota (engine, day, used) VALUES ('google', ${quotaDay(now)}, greatest(${count}, 0))
    ON CONFLICT (engine, day) DO UPDATE SET used = greatest(quota.used + ${count}, 0)`;

  return {
    async recordAddressStates(states, engines, generation, now) {
      if (engines.length === 0) return 0;
      return sql.begin(async (tx) => {
        const at = new Date(now);
        const named = new Set(states.map(({ engine, url }) => `${engine} ${url}`));
        const known = await tx<{ engine: SearchEngine; url: string }[]>`
          SELECT engine, url FROM search_pushes WHERE engine IN ${tx(engines as SearchEngine[])} FOR UPDATE`;
        const gone = known
          .filter(({ engine, url }) => !named.has(`${engine} ${url}`))
          .map(({ engine, url }) => ({ engine, url, state: ABSENT }));
        const all = [...states, ...gone];
        if (all.length > 0) {
          // A state that differs from the one recorded is a push to make, unless the engine was last told it.
          await tx`
            INSERT INTO search_pushes AS pushes (engine, url, state, generation, changed_at, next_attempt_at)
            SELECT engine, url, state, ${new Date(generation)}, ${at}, CASE WHEN state = ${ABSENT} THEN NULL ELSE ${at}::timestamptz END
            FROM unnest(${all.map((row) => row.engine)}::text[], ${all.map((row) => row.url)}::text[],
              ${all.map((row) => row.state)}::text[]) AS given (engine, url, state)
            ON CONFLICT (engine, url) DO UPDATE SET
              generation = excluded.generation,
              state = excluded.state,
              changed_at = CASE WHEN pushes.state = excluded.state THEN pushes.changed_at ELSE excluded.changed_at END,
              next_attempt_at = CASE
                WHEN pushes.state = excluded.state THEN pushes.next_attempt_at
                WHEN excluded.state = coalesce(pushes.pushed_state, ${ABSENT}) THEN NULL
                ELSE excluded.changed_at END,
              attempts = CASE WHEN pushes.state = excluded.state THEN pushes.attempts ELSE 0 END,
              last_error = CASE WHEN pushes.state = excluded.state THEN pushes.last_error ELSE NULL END,
              lease_owner = CASE WHEN pushes.state = excluded.state THEN pushes.lease_owner ELSE NULL END,
              lease_until = CASE WHEN pushes.state = excluded.state THEN pushes.lease_until ELSE NULL END
            WHERE pushes.generation <= excluded.generation
              AND (pushes.state <> excluded.state OR pushes.generation < excluded.generation)`;
        }
        const [row] = await tx<{ count: number }[]>`
          SELECT count(*)::integer AS count FROM search_pushes
          WHERE engine IN ${tx(engines as SearchEngine[])} AND next_attempt_at <= ${at}`;
        return row!.count;
      });
    },

    async claimSearchPushes(owner, now, leaseMs, limit, engines, googleQuota) {
      if (engines.length === 0) return [];
      return sql.begin(async (tx) => {
        const at = new Date(now);
        const claims: SearchPushClaim[] = [];
        for (const engine of engines) {
          const allowed = engine === "google" ? Math.min(limit, googleQuota - (await lockedUsedToday(tx, now))) : limit;
          if (allowed <= 0) continue;
          const rows = await tx<{ url: string; state: string; attempts: number; next_attempt_at: Date }[]>`
            UPDATE search_pushes SET lease_owner = ${owner}, lease_until = ${new Date(now + leaseMs)}
            WHERE (engine, url) IN (
              SELECT engine, url FROM search_pushes
              WHERE engine = ${engine} AND next_attempt_at <= ${at} AND (lease_until IS NULL OR lease_until <= ${at})
              ORDER BY state = ${ABSENT} DESC, next_attempt_at, url
              LIMIT ${allowed}
              FOR UPDATE SKIP LOCKED
            )
            RETURNING url, state, attempts, next_attempt_at`;
          const deletion = (state: string) => (state === ABSENT ? 1 : 0);
          rows.sort(
            (a, b) =>
              deletion(b.state) - deletion(a.state) ||
              a.next_attempt_at.getTime() - b.next_attempt_at.getTime() ||
              a.url.localeCompare(b.url),
          );
          if (engine === "google" && rows.length > 0) await use(tx, now, rows.length);
          claims.push(...rows.map(({ url, state, attempts }) => ({ engine, url, state, attempts })));
        }
        return claims;
      });
    },
    async searchPushesStillClaimed(keys, owner) {
      const [row] = await sql<{ count: number }[]>`
        SELECT count(*)::integer AS count FROM search_pushes WHERE ${held(keys, owner)}`;
      return row!.count === keys.length;
    },
    async markSearchPushesSent(keys, owner, now) {
      const result = await sql`
        UPDATE search_pushes SET pushed_state = state, pushed_at = ${new Date(now)}, next_attempt_at = NULL,
          attempts = 0, last_error = NULL, lease_owner = NULL, lease_until = NULL
        WHERE ${held(keys, owner)}`;
      return result.count === keys.length;
    },
    async scheduleSearchPushRetry(keys, owner, retryAt, reason) {
      await sql`
        UPDATE search_pushes SET attempts = attempts + 1, last_error = ${reason},
          next_attempt_at = ${new Date(retryAt)}, lease_owner = NULL, lease_until = NULL
        WHERE ${held(keys, owner)}`;
    },
    async markSearchPushesRefused(keys, owner, reason) {
      await sql`
        UPDATE search_pushes SET attempts = attempts + 1, last_error = ${reason}, next_attempt_at = NULL,
          lease_owner = NULL, lease_until = NULL
        WHERE ${held(keys, owner)}`;
    },
    async returnSearchPushes(keys, owner, now) {
      if (keys.length === 0) return;
      await sql.begin(async (tx) => {
        const returned = await tx<{ engine: SearchEngine }[]>`
          UPDATE search_pushes SET lease_owner = NULL, lease_until = NULL WHERE ${held(keys, owner)} RETURNING engine`;
        const google = returned.filter((row) => row.engine === "google").length;
        if (google > 0) await use(tx, now, -google);
      });
    },
    async spendGoogleQuota(now, googleQuota) {
      await sql`
        INSERT INTO search_push_quota AS quota (engine, day, used) VALUES ('google', ${quotaDay(now)}, ${googleQuota})
        ON CONFLICT (engine, day) DO UPDATE SET used = greatest(quota.used, ${googleQuota})`;
    },
    async nextSearchPushAt(engines, now, googleQuota) {
      if (engines.length === 0) return null;
      const rows = await sql<{ engine: SearchEngine; at: Date | null }[]>`
        SELECT engine, min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) AS at
        FROM search_pushes WHERE engine IN ${sql(engines as SearchEngine[])} AND next_attempt_at IS NOT NULL
        GROUP BY engine`;
      const spent = engines.includes("google") && (await usedToday(sql, now)) >= googleQuota;
      const times = rows
        .filter((row) => row.at !== null)
        .map((row) =>
          row.engine === "google" && spent ? Math.max(row.at!.getTime(), nextQuotaDayAt(now)) : row.at!.getTime(),
        );
      return times.length > 0 ? Math.min(...times) : null;
    },
    // Other servers on the database may hold live claims: theirs run out by their lease.
    async returnSearchClaimsOfPreviousProcess() {
      return 0;
    },
    async searchPushStatus(now) {
      const backlog = await sql<
        { engine: SearchEngine; pending: number; oldest_at: Date; last_error: string | null }[]
      >`
        SELECT engine, count(*)::integer AS pending, min(changed_at) AS oldest_at,
          (SELECT last_error FROM search_pushes AS failed WHERE failed.engine = pushes.engine
             AND failed.next_attempt_at IS NOT NULL AND failed.last_error IS NOT NULL
             ORDER BY failed.changed_at DESC LIMIT 1) AS last_error
        FROM search_pushes AS pushes WHERE next_attempt_at IS NOT NULL GROUP BY engine ORDER BY engine`;
      const recent = await sql<{ engine: SearchEngine; url: string; pushed_state: string; pushed_at: Date }[]>`
        SELECT engine, url, pushed_state, pushed_at FROM search_pushes WHERE pushed_at IS NOT NULL
        ORDER BY pushed_at DESC, engine, url LIMIT ${RECENT_PUSHES}`;
      return {
        backlog: backlog.map((row) => ({
          engine: row.engine,
          pending: row.pending,
          oldestAt: row.oldest_at.getTime(),
          lastError: row.last_error,
        })),
        recent: recent.map((row) => ({
          engine: row.engine,
          url: row.url,
          state: row.pushed_state,
          pushedAt: row.pushed_at.getTime(),
        })),
        googleUsedToday: await usedToday(sql, now),
      };
    },
  };
}
