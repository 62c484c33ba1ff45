/**
 * The PostgreSQL store against the store contract (tests/support/store-contract.ts, the
 * same suite the SQLite store passes), plus what only it must do: migrate safely when
 * several servers start at once, and hand each pending row to exactly one of many
 * workers claiming at the same time.
 */
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../scripts/lib/postgres-cluster";
import { describeDatabaseUrl, openPostgresStore } from "../../server/requests/stores/postgres-store";
import { MIGRATIONS, SCHEMA_VERSION } from "../../server/requests/stores/store-core";
import { describeOutboxStore } from "../support/outbox-contract";
import { describePromiseStore } from "../support/promise-contract";
import { describeSearchPushStore } from "../support/search-push-contract";
import { describeRequestStore, sampleRequest, claimRelay } from "../support/store-contract";

const freshStore = async () => openPostgresStore(await createDatabase(inject("postgresAdminUrl")));
/** The schema version of the release before roles and acknowledgements (8da67d9), which it refuses to exceed. */
const PREVIOUS_RELEASE_SCHEMA = 7;

describeRequestStore("PostgreSQL", freshStore);
describeOutboxStore("PostgreSQL", freshStore);
describePromiseStore("PostgreSQL", freshStore);
describeSearchPushStore("PostgreSQL", freshStore);

describe("the PostgreSQL store", () => {
  it("migrates once when several servers open the same new database at once", async () => {
    const url = await createDatabase(inject("postgresAdminUrl"));
    const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresStore(url)));
    await stores[0]!.save(sampleRequest(1));
    for (const store of stores)
      expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(1).id]);
    await Promise.all(stores.map((store) => store.close()));
    // And a later start finds the schema current and keeps the rows.
    const again = await openPostgresStore(url);
    expect(await again.list()).toHaveLength(1);
    await again.close();
  });

  it("migrates the previous release's database keeping its rows, and leaves it a version that release still runs on", async () => {
    const url = await createDatabase(inject("postgresAdminUrl"));
    const sql = postgres(url, { onnotice: () => {} });
    const { id, fields, context } = sampleRequest(1);
    try {
      // The schema as the previous release left it, with a request and its queued email.
      for (const migration of MIGRATIONS.slice(0, PREVIOUS_RELEASE_SCHEMA))
        await sql.unsafe(migration.postgres || "SELECT 1");
      await sql`CREATE TABLE invitation_schema (version integer NOT NULL)`;
      await sql`INSERT INTO invitation_schema (version) VALUES (${PREVIOUS_RELEASE_SCHEMA})`;
      await sql`INSERT INTO invitation_requests (id, received_at, mode, fields, context, relay)
        VALUES (${id}, now(), 'candidate', ${JSON.stringify(fields)}::json, ${JSON.stringify(context)}::json, 'off')`;
      await sql`INSERT INTO invitation_notifications (request_id, kind, channel, delivery_id, queued_at, next_attempt_at)
        VALUES (${id}, 'request', 'email', 'd-1', now(), now())`;

      const store = await openPostgresStore(url);
      expect((await store.list())[0]).toMatchObject({ id, fields, role: null, acknowledgedAt: null });
      expect((await store.listNotifications()).map((row) => [row.requestId, row.kind, row.channel])).toEqual([
        [id, "request", "email"],
      ]);
      await store.close();
      // The previous release reads `version` and refuses one above its own.
      expect(await sql`SELECT version, applied FROM invitation_schema`).toEqual([
        { version: PREVIOUS_RELEASE_SCHEMA, applied: SCHEMA_VERSION },
      ]);
      // A later release's compatible step (one more applied) leaves this one running as it is.
      await sql`UPDATE invitation_schema SET applied = ${SCHEMA_VERSION + 1}`;
      const later = await openPostgresStore(url);
      expect(await later.list()).toHaveLength(1);
      await later.close();
    } finally {
      await sql.end();
    }
  });

  it("gives each pending row to exactly one of many workers claiming at once", async () => {
    const url = await createDatabase(inject("postgresAdminUrl"));
    const writer = await openPostgresStore(url);
    const ROWS = 60;
    for (let index = 1; index <= ROWS; index += 1) await writer.save(sampleRequest(index));
    const workers = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url)));
    const now = sampleRequest(ROWS).receivedAt + 1000;
    const claimed: string[] = [];
    await Promise.all(
      workers.map(async (store, worker) => {
        for (;;) {
          const claim = await claimRelay(store, `worker-${worker}`, now, 60_000);
          if (!claim) return;
          claimed.push(claim.id);
          expect(await store.markSent(claim.id, `worker-${worker}`, now)).toBe(true);
        }
      }),
    );
    expect(claimed).toHaveLength(ROWS);
    expect(new Set(claimed).size).toBe(ROWS);
    expect((await writer.list()).every((request) => request.relay === "sent")).toBe(true);
    await Promise.all([writer, ...workers].map((store) => store.close()));
  });

  it("names the database without its password in logs", () => {
    expect(describeDatabaseUrl("postgres://app:s3cret@db.internal:5433/requests")).toBe(
      "PostgreSQL database requests on db.internal:5433",
    );
    // A multi-host list, which the configuration accepts, is not a WHATWG URL.
    expect(
      describeDatabaseUrl("postgres://app:s3cret@db1:5432,db2:5433/requests?target_session_attrs=read-write"),
    ).toBe("PostgreSQL database requests on db1:5432,db2:5433");
  });

  it("says which database it could not reach", async () => {
    await expect(openPostgresStore("postgres://postgres@127.0.0.1:9/requests")).rejects.toThrow(
      /Could not open the PostgreSQL database requests on 127.0.0.1:9/,
    );
  });
});
