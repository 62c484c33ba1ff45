/**
 * A database made by the release before the query builder (commit 7197f7b, its schema kept as SQL
 * in tests/fixtures/schema-7197f7b.json), every table filled, opens with this store on both
 * engines, migrates in place and keeps every row, column for column.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../scripts/lib/postgres-cluster";
import { openPostgresStore } from "../../server/requests/stores/postgres-store";
import { openSqliteStore, SQLITE_FILE } from "../../server/requests/stores/sqlite-store";
import { throwawayDir } from "../support/store-targets";

interface OldSchema {
  commit: string;
  applied: number;
  required: number;
  sqlite: string[];
  postgres: string[];
}
const OLD: OldSchema = JSON.parse(readFileSync(new URL("../fixtures/schema-7197f7b.json", import.meta.url), "utf8"));

const T = Date.UTC(2026, 11, 1, 9);
const role = { slug: "platform-engineer", title: "Platform engineer" };
/** One row of every table, every column given (times in ms, JSON as values): `time` and `json` say which. */
const ROWS: Record<string, { order: string; time: string[]; json: string[]; rows: Record<string, unknown>[] }> = {
  invitation_requests: {
    order: "id",
    time: [
      "received_at",
      "next_attempt_at",
      "lease_until",
      "sent_at",
      "acknowledged_at",
      "reply_by",
      "answered_at",
      "reminded_at",
    ],
    json: ["fields", "context", "source", "consent", "role"],
    rows: [
      {
        id: "r-1",
        received_at: T,
        mode: "candidate",
        fields: { email: "Ada@Example.org", name: "Ada" },
        context: { page: "/roles/platform-engineer/" },
        relay: "pending",
        attempts: 2,
        next_attempt_at: T + 1,
        lease_owner: "server-a",
        lease_until: T + 2,
        last_error: "HubSpot 503",
        sent_at: T + 3,
        notice_version: "2026-11",
        held: "fill-time",
        idempotency_key: "key-1",
        source: { kind: "direct" },
        consent: { version: "2026-11", checked: true },
        role,
        acknowledged_at: T + 4,
        acknowledged_mailbox: "ada@example.org",
        acknowledgement_dropped: "refused",
        reply_by: T + 5,
        answer: "invite",
        answered_at: T + 6,
        reminded_at: T + 7,
      },
    ],
  },
  invitation_notifications: {
    order: "seq",
    time: ["queued_at", "next_attempt_at", "lease_until"],
    json: ["details"],
    rows: [
      {
        seq: 1,
        request_id: "r-1",
        kind: "outcome",
        channel: "requester-outcome",
        details: { answer: "invite" },
        delivery_id: "d-1",
        queued_at: T,
        attempts: 1,
        next_attempt_at: T + 1,
        lease_owner: "server-a",
        lease_until: T + 2,
        last_error: "SMTP 451",
      },
    ],
  },
  invitation_channels: {
    order: "channel",
    time: ["stopped_at"],
    json: [],
    rows: [{ channel: "webhook", stopped_at: T, reason: "410 Gone" }],
  },
  invitation_jobs: { order: "job", time: ["last_run_at"], json: [], rows: [{ job: "held-summary", last_run_at: T }] },
  search_pushes: {
    order: "url",
    time: ["generation", "changed_at", "next_attempt_at", "lease_until", "pushed_at"],
    json: [],
    rows: [
      {
        engine: "google",
        url: "https://network.example/roles/platform-engineer/",
        state: "shown:v2",
        pushed_state: "shown:v1",
        generation: T,
        changed_at: T + 1,
        attempts: 3,
        next_attempt_at: T + 2,
        lease_owner: "server-a",
        lease_until: T + 3,
        last_error: "429",
        pushed_at: T + 4,
      },
    ],
  },
  search_push_quota: { order: "day", time: [], json: [], rows: [{ engine: "google", day: "2026-12-01", used: 17 }] },
  editor_links: {
    order: "token_hash",
    time: ["expires_at", "used_at"],
    json: [],
    rows: [{ token_hash: "a".repeat(64), email: "editor@example.org", expires_at: T, used_at: T - 1 }],
  },
  editor_sessions: {
    order: "id_hash",
    time: ["created_at", "expires_at"],
    json: [],
    rows: [{ id_hash: "b".repeat(64), email: "editor@example.org", created_at: T, expires_at: T + 1 }],
  },
};

/** A row as an engine stores it: SQLite's ms and JSON text, PostgreSQL's Date and JSON text (cast on insert). */
const stored = (table: string, row: Record<string, unknown>, sqlite: boolean) =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => {
      if (ROWS[table]!.time.includes(column)) return [column, sqlite ? value : new Date(value as number)];
      if (ROWS[table]!.json.includes(column)) return [column, JSON.stringify(value)];
      return [column, value];
    }),
  );
/** A row as an engine reads it back: PostgreSQL parses JSON, SQLite keeps its text; bigint seq as text. */
const read = (table: string, row: Record<string, unknown>, sqlite: boolean) =>
  Object.fromEntries(
    Object.entries(stored(table, row, sqlite)).map(([column, value]) => {
      if (!sqlite && ROWS[table]!.json.includes(column)) return [column, JSON.parse(value as string)];
      if (!sqlite && column === "seq") return [column, String(value)];
      return [column, value];
    }),
  );

/** A SQLite database's schema as it behaves: each table's columns, indexes (partial or not) and checks. */
function sqliteSchema(db: Database.Database) {
  const tables = db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name <> 'invitation_schema' ORDER BY name",
    )
    .all();
  const words = (text: string) => text.toLowerCase().replace(/["\s]/g, "");
  return tables.map(({ name, sql }) => ({
    name,
    columns: db.pragma(`table_info(${name})`),
    checks: [...words(sql).matchAll(/check\(([^()]*(\([^()]*\))?[^()]*)\)/g)].map((match) => match[1]).sort(),
    indexes: (db.pragma(`index_list(${name})`) as { name: string; unique: number; partial: number }[])
      .filter((index) => !index.name.startsWith("sqlite_autoindex"))
      .map((index) => ({
        ...index,
        columns: db.pragma(`index_info(${index.name})`),
        where: words(
          db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = ?").get(index.name)!.sql,
        ).split("where")[1],
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }));
}

/** A PostgreSQL database's schema as it behaves: columns, indexes, constraints and unlogged tables. */
async function postgresSchema(sql: postgres.Sql) {
  return {
    columns: [
      ...(await sql`SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity, identity_generation
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'invitation_schema'
        ORDER BY table_name, column_name`),
    ],
    indexes: [
      ...(await sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`),
    ],
    constraints: [
      ...(await sql`SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS definition
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY conname`),
    ],
    unlogged: [
      ...(await sql`SELECT relname FROM pg_class WHERE relpersistence = 'u' AND relkind = 'r' ORDER BY relname`),
    ],
  };
}

describe("a new database, made by the baseline written once for both engines", () => {
  it("has on SQLite the schema the steps of 7197f7b make", async () => {
    const dataDir = join(throwawayDir(), "data");
    await (await openSqliteStore(dataDir)).close();
    const made = new Database(join(dataDir, SQLITE_FILE), { readonly: true });
    const old = new Database(":memory:");
    for (const statement of OLD.sqlite) old.exec(statement);
    try {
      expect(sqliteSchema(made)).toEqual(sqliteSchema(old));
      expect(made.pragma("user_version", { simple: true })).toBe(OLD.required);
    } finally {
      made.close();
      old.close();
    }
  });

  it("has on PostgreSQL the schema the steps of 7197f7b make", async () => {
    const madeUrl = await createDatabase(inject("postgresAdminUrl"));
    await (await openPostgresStore(madeUrl)).close();
    const made = postgres(madeUrl, { onnotice: () => {} });
    const old = postgres(await createDatabase(inject("postgresAdminUrl")), { onnotice: () => {} });
    try {
      for (const statement of OLD.postgres) await old.unsafe(statement);
      expect(await postgresSchema(made)).toEqual(await postgresSchema(old));
      expect([...(await made`SELECT version, applied FROM invitation_schema`)]).toEqual([
        { version: OLD.required, applied: OLD.applied },
      ]);
    } finally {
      await made.end();
      await old.end();
    }
  });
});

describe("a database made before the query builder", () => {
  it("opens on SQLite, migrates in place and keeps every row of every table", async () => {
    const dataDir = join(throwawayDir(), "data");
    // The store makes the private folder and file; the old schema is then written into it.
    await (await openSqliteStore(dataDir)).close();
    const path = join(dataDir, SQLITE_FILE);
    const old = new Database(path);
    for (const table of Object.keys(ROWS).concat("invitation_schema")) old.exec(`DROP TABLE IF EXISTS ${table}`);
    for (const statement of OLD.sqlite) old.exec(statement);
    old.exec("CREATE TABLE invitation_schema (applied INTEGER NOT NULL)");
    old.prepare("INSERT INTO invitation_schema (applied) VALUES (?)").run(OLD.applied);
    old.pragma(`user_version = ${OLD.required}`);
    for (const [table, { rows }] of Object.entries(ROWS))
      for (const row of rows) {
        const values = stored(table, row, true);
        const columns = Object.keys(values);
        old
          .prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
          .run(...Object.values(values));
      }
    old.close();

    const store = await openSqliteStore(dataDir);
    expect((await store.list()).map((request) => [request.id, request.answer, request.role])).toEqual([
      ["r-1", "invite", role],
    ]);
    await store.close();
    const db = new Database(path, { readonly: true });
    try {
      for (const [table, { order, rows }] of Object.entries(ROWS)) {
        const after = db.prepare(`SELECT ${Object.keys(rows[0]!).join(", ")} FROM ${table} ORDER BY ${order}`).all();
        expect(after, table).toEqual(rows.map((row) => read(table, row, true)));
      }
    } finally {
      db.close();
    }
  });

  it("opens on PostgreSQL, migrates in place and keeps every row of every table", async () => {
    const url = await createDatabase(inject("postgresAdminUrl"));
    const sql = postgres(url, { onnotice: () => {} });
    try {
      for (const statement of OLD.postgres) await sql.unsafe(statement);
      await sql`CREATE TABLE invitation_schema (version integer NOT NULL, applied integer)`;
      await sql`INSERT INTO invitation_schema (version, applied) VALUES (${OLD.required}, ${OLD.applied})`;
      await sql`INSERT INTO invitation_rate_limits (key, hits, window_ends_at) VALUES ('2001:db8::/64', 3, ${new Date(T)})`;
      for (const [table, { rows, json }] of Object.entries(ROWS))
        for (const row of rows) {
          const values = stored(table, row, false);
          const columns = Object.keys(values);
          const placeholders = columns.map(
            (column, index) => `$${index + 1}${json.includes(column) ? "::text::json" : ""}`,
          );
          const overriding = table === "invitation_notifications" ? " OVERRIDING SYSTEM VALUE" : "";
          await sql.unsafe(
            `INSERT INTO ${table} (${columns.join(", ")})${overriding} VALUES (${placeholders.join(", ")})`,
            Object.values(values) as postgres.ParameterOrJSON<never>[],
          );
        }

      const store = await openPostgresStore(url);
      expect((await store.list()).map((request) => [request.id, request.answer, request.role])).toEqual([
        ["r-1", "invite", role],
      ]);
      await store.close();
      for (const [table, { order, rows }] of Object.entries(ROWS)) {
        const after = await sql.unsafe(`SELECT ${Object.keys(rows[0]!).join(", ")} FROM ${table} ORDER BY ${order}`);
        expect([...after], table).toEqual(rows.map((row) => read(table, row, false)));
      }
      expect([...(await sql`SELECT key, hits, window_ends_at FROM invitation_rate_limits`)]).toEqual([
        { key: "2001:db8::/64", hits: 3, window_ends_at: new Date(T) },
      ]);
    } finally {
      await sql.end();
    }
  });
});
