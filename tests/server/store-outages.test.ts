/**
 * The database away or locked (issues 18 and 59), with the real server in a child process:
 * PostgreSQL stopped in the middle of a burst and started again, a PostgreSQL table
 * locked, another process holding SQLite's write lock; then what happens at a start
 * after a crash on SQLite, and the export command pointed at a folder with no database.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, startPostgresCluster } from "../../scripts/lib/postgres-cluster";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { openRequestStore } from "../../server/requests/stores/open-store";
import { SQLITE_FILE } from "../../server/requests/stores/sqlite-store";
import { SPOOL_FOLDER } from "../../server/requests/spool";
import { startFakeHubSpotApi } from "../support/fake-hubspot-api";
import { hubspotEnv, postRequest, requestBody, SITE_URL, until } from "../support/requests-client";
import { PROJECT_ROOT, runRequestsCommand } from "../support/site-process";
import { rawRequest } from "../support/raw-client";
import { serveFixture } from "../support/site-under-test";
import { postgresTarget, sqliteTarget, throwawayDir } from "../support/store-targets";
import { claimRelay } from "../support/store-contract";
import { refusedWords } from "../support/words";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const serve = (env: Record<string, string>) => serveFixture(cleanups, env);

const health = async (origin: string) => {
  const response = await fetch(`${origin}/api/health`);
  return { status: response.status, body: await response.json() };
};

/** The moments, in order, at which the things a test waits for happened. */
function timeline() {
  const events: string[] = [];
  return {
    events,
    track: <T>(name: string, promise: Promise<T>) => promise.finally(() => events.push(name)),
  };
}

/**
 * Waits for the start-up's transactions (the purge, the held summary) to be done, so the database
 * stops after them: postgres.js 3.4.9 ends the process when a connection closes inside a
 * transaction (docs/deployment/node-server.md), which is not what these tests are about.
 */
async function startupTransactionsDone(server: { output(): string }, databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await until(
      async () => (await sql`SELECT 1 FROM invitation_jobs`).length > 0 && server.output().includes("[privacy] purge"),
      (done) => done,
      "the start-up's purge and held summary",
    );
  } finally {
    await sql.end({ timeout: 1 });
  }
}

describe("PostgreSQL away", () => {
  it("stopped mid-burst: requests kept on the server and answered 201, health 503; back: health 200, each stored, same process", async () => {
    // A cluster of its own: the run's shared cluster keeps serving the other tests.
    const cluster = await startPostgresCluster({ durable: false });
    cleanups.push(() => cluster.stop());
    const databaseUrl = await createDatabase(cluster.adminUrl);
    const server = await serve({ DATABASE_URL: databaseUrl });
    await startupTransactionsDone(server, databaseUrl);
    const pid = server.child.pid;
    expect(await health(server.origin)).toEqual({ status: 200, body: { status: "ok" } });

    const results: { index: number; status: number; id?: string; ms: number }[] = [];
    const post = async (index: number) => {
      const started = Date.now();
      const response = await fetch(`${server.origin}${INVITATION_API_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(requestBody(index)),
      });
      const body = (await response.json()) as { id?: string; error?: string };
      results.push({
        index,
        status: response.status,
        id: body.id,
        ms: Date.now() - started,
      });
    };

    let next = 0;
    let stopped = false;
    const burst = async () => {
      while (!stopped) await post(next++);
    };
    const clients = Array.from({ length: 4 }, burst);
    await until(
      async () => results.length,
      (count) => count >= 20,
      "the burst to be under way",
    );
    cluster.pause();
    await until(
      async () => server.output().split("on this server (").length - 1,
      (count) => count >= 8,
      "requests kept on the server while the database is stopped",
    );
    const whileAway = await health(server.origin);
    stopped = true;
    await Promise.all(clients);
    expect(whileAway).toEqual({ status: 503, body: { status: "unavailable" } });

    cluster.resume();
    await until(
      () => health(server.origin),
      (answer) => answer.status === 200,
      "health to answer 200 again",
    );
    expect((await postRequest(server.origin, 10_000))?.status).toBe(201);
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();

    // None turned away, and every 201 a stored row once the database is back (tests/server/requests-kept.test.ts counts the rest).
    expect(results.every((result) => result.status === 201)).toBe(true);
    const store = await openRequestStore({ dataDir: "", databaseUrl });
    cleanups.push(() => store.close());
    const created = results.map((result) => result.id!);
    await until(
      async () => new Set((await store.list()).map((row) => row.id)),
      (storedIds) => created.every((id) => storedIds.has(id)),
      "every request answered 201 to be stored",
    );
    console.log(
      `PostgreSQL stopped: ${results.length} requests answered 201, slowest in ${Math.max(...results.map((result) => result.ms))} ms`,
    );
  });

  it("a table another session has locked: kept and answered 201 while the lock is still held, stored once it is released", async () => {
    const fresh = await postgresTarget.fresh();
    const server = await serve(fresh.env);
    expect((await postRequest(server.origin, 0))?.status).toBe(201);
    const sql = postgres(fresh.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    cleanups.push(() => sql.end({ timeout: 5 }));
    const { events, track } = timeline();
    let release!: () => void;
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    const lockHeld = new Promise<void>((resolveLocked) => {
      void track(
        "lock released",
        sql.begin(async (tx) => {
          await tx`LOCK TABLE invitation_requests IN ACCESS EXCLUSIVE MODE`;
          resolveLocked();
          await held;
        }),
      );
    });
    await lockHeld;
    const answer = await track("answered", postRequest(server.origin, 1));
    release();
    await until(
      async () => events.length,
      (count) => count === 2,
      "the lock to be released",
    );
    expect(answer?.status).toBe(201);
    expect(events).toEqual(["answered", "lock released"]);
    expect((await postRequest(server.origin, 2))?.status).toBe(201);
    const store = await fresh.open();
    cleanups.push(() => store.close());
    await until(
      async () => (await store.list()).map((row) => row.fields.email).sort(),
      (emails) => emails.length === 3,
      "the kept request to be stored",
    );
    expect((await store.list()).map((row) => row.fields.email).sort()).toEqual([
      "grace0@example.com",
      "grace1@example.com",
      "grace2@example.com",
    ]);
  });
});

/** Another process holding SQLite's write lock (as a backup or the `retry` command does) until told to let go. */
function holdSqliteWriteLock(
  path: string,
): Promise<{ release(): Promise<void>; child: ChildProcessWithoutNullStreams }> {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(path)});
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("locked\\n");
    process.stdin.once("data", () => { db.exec("ROLLBACK"); db.close(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ["-e", script], { cwd: PROJECT_ROOT, stdio: "pipe" });
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  cleanups.push(() => (child.exitCode === null ? (child.kill("SIGKILL"), exited) : undefined));
  return new Promise((resolveLocked, reject) => {
    child.stderr.on("data", (chunk: Buffer) => reject(new Error(chunk.toString())));
    child.stdout.once("data", () =>
      resolveLocked({
        child,
        release: async () => {
          child.stdin.write("release\n");
          await exited;
        },
      }),
    );
  });
}

describe("SQLite locked or left behind", () => {
  it("serves files while another process holds the write lock; a POST that cannot be kept on the server either answers 503 with Retry-After, and 201 once it is free", async () => {
    const fresh = await sqliteTarget.fresh();
    const server = await serve(fresh.env);
    expect((await postRequest(server.origin, 0))?.status).toBe(201);
    const lock = await holdSqliteWriteLock(join(fresh.env.DATA_DIR!, SQLITE_FILE));
    // A file where the spool's folder would be: a request the store cannot take cannot be kept either.
    writeFileSync(join(fresh.env.DATA_DIR!, SPOOL_FOLDER), "");

    const { events, track } = timeline();
    const posted = track(
      "POST answered",
      rawRequest(server.port, {
        target: INVITATION_API_PATH,
        headers: [
          ["Content-Type", "application/x-www-form-urlencoded"],
          ["Origin", SITE_URL],
          ["Referer", `${SITE_URL}/request-invitation?type=employer`],
        ],
        body: new URLSearchParams({ mode: "employer", ...requestBody(1).fields }).toString(),
      }),
    );
    // Sent after the POST has reached the locked database.
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    const started = Date.now();
    const page = await track("GET answered", fetch(`${server.origin}/`));
    const getMs = Date.now() - started;
    expect(page.status).toBe(200);
    const answer = await posted;
    expect(events).toEqual(["GET answered", "POST answered"]);
    expect(lock.child.exitCode).toBeNull();
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(answer.body).toContain(refusedWords.failed.heading);
    expect(answer.body).toContain('href="/request-invitation?type=employer"');
    console.log(`SQLite write lock held: GET / answered in ${getMs} ms while a POST waited for the lock`);

    await lock.release();
    expect((await postRequest(server.origin, 2))?.status).toBe(201);
    const store = await fresh.open();
    cleanups.push(() => store.close());
    expect((await store.list()).map((row) => row.fields.email)).toEqual(["grace0@example.com", "grace2@example.com"]);
  });

  it("a POST waiting for a short lock is stored once the lock is released", async () => {
    const fresh = await sqliteTarget.fresh();
    const server = await serve(fresh.env);
    const lock = await holdSqliteWriteLock(join(fresh.env.DATA_DIR!, SQLITE_FILE));
    const posted = postRequest(server.origin, 0);
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    await lock.release();
    expect((await posted)?.status).toBe(201);
  });

  it("at start, sends at once a request a crashed server had claimed, without waiting for its lease", async () => {
    const fresh = await sqliteTarget.fresh();
    const store = await fresh.open();
    cleanups.push(() => store.close());
    const now = Date.now();
    await store.save({
      id: "a1b2c3d4-0000-4000-8000-000000000001",
      receivedAt: now,
      mode: "candidate",
      fields: requestBody(0).fields,
      context: { pageUri: `${SITE_URL}/request-invitation`, pageName: "Request an Invitation" },
      relay: "pending",
    });
    // A claim of a process that is gone, with most of a 10-minute lease still to run.
    const leaseMs = 10 * 60 * 1000;
    expect(await claimRelay(store, "crashed-host:1:dead", now, leaseMs)).not.toBeNull();
    expect(await store.nextRelayAt()).toBe(now + leaseMs);

    const hubspot = await startFakeHubSpotApi();
    cleanups.push(() => hubspot.close());
    const server = await serve({ ...fresh.env, ...hubspotEnv(hubspot), DELIVERY_LEASE_SECONDS: "600" });
    await until(
      () => store.list(),
      (rows) => rows[0]?.relay === "sent",
      "the claimed request to be sent",
    );
    expect(Date.now()).toBeLessThan(now + leaseMs);
    expect(hubspot.acceptedCount("grace0@example.com")).toBe(1);
    expect(server.output()).toContain("returned 1 claim(s) left by a previous process");
  });

  it("lets one server use a SQLite database: a second one on the same DATA_DIR stops with a message", async () => {
    const fresh = await sqliteTarget.fresh();
    const first = await serve(fresh.env);
    await expect(serve(fresh.env)).rejects.toThrow(/Another server is using/);
    // The commands still work beside the running server.
    const exported = await runRequestsCommand(["export", "--format", "json"], fresh.env);
    expect(exported.code, exported.stderr).toBe(0);
    expect((await postRequest(first.origin, 0))?.status).toBe(201);
  });

  it("on PostgreSQL, leaves another server's claim to its lease", async () => {
    const fresh = await postgresTarget.fresh();
    const store = await fresh.open();
    cleanups.push(() => store.close());
    await store.save({
      id: "a1b2c3d4-0000-4000-8000-000000000002",
      receivedAt: Date.now(),
      mode: "candidate",
      fields: requestBody(0).fields,
      context: { pageUri: `${SITE_URL}/request-invitation`, pageName: "Request an Invitation" },
      relay: "pending",
    });
    expect(await claimRelay(store, "other-server:1:live", Date.now(), 60_000)).not.toBeNull();
    expect(await store.returnClaimsOfPreviousProcess()).toBe(0);
    expect(await claimRelay(store, "this-server:1:new", Date.now(), 60_000)).toBeNull();
  });

  it("`requests export` refuses a DATA_DIR with no database, and creates nothing", async () => {
    const dataDir = join(throwawayDir(), "mistyped");
    const exported = await runRequestsCommand(["export", "--format", "json"], { DATA_DIR: dataDir });
    expect(exported.code).toBe(1);
    expect(exported.stdout).toBe("");
    expect(exported.stderr).toContain(`No request database at ${join(dataDir, SQLITE_FILE)}`);
    expect(existsSync(dataDir)).toBe(false);
  });
});
