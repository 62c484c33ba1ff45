// @vitest-environment node
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { describeOutboxStore } from "../../../tests/support/outbox-contract";
import { describePromiseStore } from "../../../tests/support/promise-contract";
import { describeSearchPushStore } from "../../../tests/support/search-push-contract";
import { describeRequestStore, sampleRequest } from "../../../tests/support/store-contract";
import { openSqliteStore, SQLITE_FILE } from "./sqlite-store";
import { MIGRATIONS, REQUIRED_VERSION, SCHEMA_VERSION } from "./store-core";

/** The schema version of the release before roles and acknowledgements (8da67d9), which it refuses to exceed. */
const PREVIOUS_RELEASE_SCHEMA = 7;

const folders: string[] = [];
function tempDataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), "requests-sqlite-"));
  folders.push(folder);
  return join(folder, "data");
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describeRequestStore("SQLite", async () => openSqliteStore(tempDataDir()));
describeOutboxStore("SQLite", async () => openSqliteStore(tempDataDir()));
describePromiseStore("SQLite", async () => openSqliteStore(tempDataDir()));
describeSearchPushStore("SQLite", async () => openSqliteStore(tempDataDir()));

describe("the SQLite file", () => {
  it("is created with its folder on first use, readable by its owner only", async () => {
    const dataDir = tempDataDir();
    const store = openSqliteStore(dataDir);
    await store.save(sampleRequest(1));
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`]) {
      expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    }
    await store.close();
  });

  it("closes an existing DATA_DIR and database file that others could read", async () => {
    const dataDir = tempDataDir();
    const first = openSqliteStore(dataDir);
    await first.save(sampleRequest(1));
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, SQLITE_FILE), 0o644);
    const second = openSqliteStore(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, SQLITE_FILE)).mode & 0o777).toBe(0o600);
    await second.close();

    const created = tempDataDir();
    mkdirSync(created, { mode: 0o755 });
    chmodSync(created, 0o755);
    (await openSqliteStore(created)).close();
    expect(statSync(created).mode & 0o777).toBe(0o700);
  });

  it("never waits for another process's lock on the event loop: it tries again on a timer", async () => {
    const dataDir = tempDataDir();
    const store = openSqliteStore(dataDir);
    await store.save(sampleRequest(1));
    const other = new Database(join(dataDir, SQLITE_FILE));
    other.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const saving = store.save(sampleRequest(2));
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    // The timer kept running while the save waited: the loop was never blocked (a blocked loop
    // fires it at most once, after; a free one about 40 times, 5 beside a busy neighbour).
    expect(ticks).toBeGreaterThan(1);
    other.exec("ROLLBACK");
    other.close();
    await saving;
    clearInterval(ticker);
    expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(1).id, sampleRequest(2).id]);
    expect(await store.returnClaimsOfPreviousProcess()).toBe(0);
    await store.ping(1000);
    await store.close();
  });

  it("is in WAL mode with every commit synced, and keeps its rows across a reopen", async () => {
    const dataDir = tempDataDir();
    const first = openSqliteStore(dataDir);
    await first.save(sampleRequest(1));
    await first.close();
    const db = new Database(join(dataDir, SQLITE_FILE), { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
    const second = openSqliteStore(dataDir);
    expect((await second.list()).map((request) => request.id)).toEqual([sampleRequest(1).id]);
    await second.close();
  });

  it("can be read by a second process while the first keeps writing", async () => {
    const dataDir = tempDataDir();
    const server = openSqliteStore(dataDir);
    await server.save(sampleRequest(1));
    const read = () =>
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `const { openSqliteStore } = await import("./server/requests/stores/sqlite-store.ts");
           const store = openSqliteStore(${JSON.stringify(dataDir)});
           console.log((await store.list()).length);
           await store.close();`,
        ],
        { encoding: "utf8" },
      ).trim();
    expect(read()).toBe("1");
    await server.save(sampleRequest(2));
    expect(read()).toBe("2");
    await server.save(sampleRequest(3));
    expect((await server.list()).length).toBe(3);
    await server.close();
    // Two child processes that each load tsx: seconds on a busy machine, not the default 5 s.
  }, 30_000);

  it("refuses a database made by a newer version of the schema", async () => {
    const dataDir = tempDataDir();
    await openSqliteStore(dataDir).close();
    const db = new Database(join(dataDir, SQLITE_FILE));
    db.pragma("user_version = 99");
    db.close();
    expect(() => openSqliteStore(dataDir)).toThrow(/schema version 99, newer/);
  });

  it("migrates the previous release's database keeping its rows, and leaves it a version that release still runs on", async () => {
    const dataDir = tempDataDir();
    mkdirSync(dataDir, { recursive: true });
    const old = new Database(join(dataDir, SQLITE_FILE));
    for (const migration of MIGRATIONS.slice(0, PREVIOUS_RELEASE_SCHEMA)) old.exec(migration.sqlite);
    old.pragma(`user_version = ${PREVIOUS_RELEASE_SCHEMA}`);
    const { id, fields, context } = sampleRequest(1);
    old
      .prepare(
        `INSERT INTO invitation_requests (id, received_at, mode, fields, context, relay) VALUES (?, ?, 'candidate', ?, ?, 'off')`,
      )
      .run(id, 1000, JSON.stringify(fields), JSON.stringify(context));
    old
      .prepare(
        `INSERT INTO invitation_notifications (request_id, kind, channel, delivery_id, queued_at, next_attempt_at)
         VALUES (?, 'request', 'email', 'd-1', 1000, 1000)`,
      )
      .run(id);
    old.close();

    const store = openSqliteStore(dataDir);
    expect((await store.list())[0]).toMatchObject({ id, fields, role: null, acknowledgedAt: null });
    expect((await store.listNotifications()).map(({ requestId, kind, channel }) => [requestId, kind, channel])).toEqual(
      [[id, "request", "email"]],
    );
    await store.close();
    // The previous release reads user_version as the schema's version and refuses one above its own.
    const db = new Database(join(dataDir, SQLITE_FILE));
    expect(db.pragma("user_version", { simple: true })).toBe(PREVIOUS_RELEASE_SCHEMA);
    expect(REQUIRED_VERSION).toBe(PREVIOUS_RELEASE_SCHEMA);
    // A later release's compatible step (one more applied) leaves this one running as it is.
    db.prepare("UPDATE invitation_schema SET applied = ?").run(SCHEMA_VERSION + 1);
    db.close();
    const later = openSqliteStore(dataDir);
    expect(await later.list()).toHaveLength(1);
    await later.close();
  });
});
