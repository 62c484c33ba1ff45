// A bounded load run on loopback against the production server of `npm start`:
// autocannon, 50 connections for 10 s each against / and one content-hashed script,
// as a browser asks for them (Accept-Encoding: br, gzip), and against the request API:
// valid invitation requests POSTed to a server in its own process, with a fresh store
// and the rate limit raised for the run, then the stored rows counted: they must equal
// the 2xx answers. Once on SQLite, once on PostgreSQL (a throw-away cluster on loopback). Prints requests per second, p99 latency and errors as a table;
// exits 1 on any error, timeout or non-2xx answer, or rows that do not match.
//
//   BUILD_DIR=build-x npm run bench:load [-- --nginx] [-- --api-only] [-- --notifications [--pairs N]]
//
// The SQLite API row runs twice: without notifications, and with email notifications to
// an SMTP sink on loopback (in this process), whose delivery must stay off the request's
// path (docs/product.md#notifications-and-privacy): the two figures should be within about 10%. --notifications runs
// only that pair, several times (below).
//
// It builds first when BUILD_DIR is missing or stale (like `npm start`). --nginx runs
// the same load against nginx with the build's generated configuration, for comparison.
// Figures depend on the machine and what else runs on it: they are measurements, not
// budgets, and no test asserts them.
import { spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";
import { ensureFreshBuild } from "../../server/build-stamp";
import { loadConfig } from "../../server/load-config";
import { startSiteServer } from "../../server/http/site-server";
import { freePort } from "../lib/free-port";
import { createDatabase, startPostgresCluster, type PostgresCluster } from "../lib/postgres-cluster";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { openRequestStore } from "../../server/requests/stores/open-store";
import { CLIENT_FOLDER, buildDirOf } from "#shared/build-dir.ts";

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const SERVER_READY_TIMEOUT_MS = 15_000;

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const buildDir = resolve(projectRoot, buildDirOf(process.env));
const client = join(buildDir, CLIENT_FOLDER);

interface Server {
  name: string;
  origin: string;
  stop: () => Promise<void>;
}

async function startNode(): Promise<Server> {
  const { app, url } = await startSiteServer({ root: client, port: 0, host: "127.0.0.1" });
  return { name: "node", origin: url.replace(/\/$/, ""), stop: () => app.close() };
}

/** Starts a server script in its own process and resolves once `origin` answers. */
async function startProcess(
  name: string,
  args: string[],
  origin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited with code ${child.exitCode}`);
    const ready = await fetch(`${origin}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
      return { name, origin, stop: () => (child.kill("SIGTERM"), exited) };
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  child.kill("SIGTERM");
  throw new Error(`${name} did not answer on ${origin} within ${SERVER_READY_TIMEOUT_MS} ms`);
}

async function startNginx(): Promise<Server> {
  const port = await freePort();
  return startProcess(
    "nginx",
    ["scripts/lib/serve-nginx.ts", "--port", String(port), "--build", buildDir],
    `http://127.0.0.1:${port}`,
  );
}

/** A valid request of each mode, as the site's own form sends it with JavaScript. */
const API_BODY = JSON.stringify({
  mode: "candidate",
  fields: {
    firstname: "Ada",
    lastname: "Lovelace",
    email: "ada@example.com",
    jobtitle: "VP, Talent Acquisition",
    company: "Analytical Engines",
  },
  fill_ms: 12_000,
});

interface ApiTarget {
  name: string;
  /** Email notifications to an SMTP sink on loopback (docs/product.md#notifications-and-privacy): delivery must stay off the request's path. */
  notify?: boolean;
  /** DATA_DIR or DATABASE_URL of a fresh, empty store, and how to let it go afterwards. */
  store(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const sqliteTarget: ApiTarget = {
  name: "node + SQLite",
  async store() {
    const folder = mkdtempSync(join(tmpdir(), "bench-requests-"));
    return {
      env: { DATA_DIR: join(folder, "data") },
      dispose: async () => rmSync(folder, { recursive: true, force: true }),
    };
  },
};

/** The same store with the team's email notifications on, delivered to a sink in this process. */
const sqliteNotifyTarget: ApiTarget = { ...sqliteTarget, name: "node + SQLite + email", notify: true };

/** An SMTP server on loopback that accepts and counts every message, as a mail relay would take them. */
async function startSmtpSink(): Promise<{ url: string; received: () => number; stop(): Promise<void> }> {
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolveListen) => sink.listen(0, "127.0.0.1", () => resolveListen()));
  const address = sink.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    stop: () => new Promise<void>((resolveStop) => sink.close(() => resolveStop())),
  };
}

/** How long the bench waits after the load for the outbox to drain before it counts what was delivered. */
const DRAIN_TIMEOUT_MS = 120_000;

interface PostLoad {
  answered2xx: number;
  other: number;
  errors: number;
  latencies: number[];
  seconds: number;
}

/**
 * `connections` keep-alive connections, each posting one request after another for
 * `seconds`; then no new request starts and those in flight are awaited, so every
 * request has an answer (autocannon drops the answers still in flight at its cut-off,
 * which would hide stored rows from the count).
 */
async function postForDuration(url: string, body: string, connections: number, seconds: number): Promise<PostLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const load: PostLoad = { answered2xx: 0, other: 0, errors: 0, latencies: [], seconds: 0 };
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  const postOnce = () =>
    new Promise<void>((resolvePost) => {
      const sentAt = performance.now();
      const req = httpRequest(url, {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => {
          load.latencies.push(performance.now() - sentAt);
          if (res.statusCode! >= 200 && res.statusCode! < 300) load.answered2xx += 1;
          else load.other += 1;
          resolvePost();
        });
      });
      req.on("error", () => {
        load.errors += 1;
        resolvePost();
      });
      req.end(body);
    });
  const connection = async () => {
    while (performance.now() < stopAt) await postOnce();
  };
  await Promise.all(Array.from({ length: connections }, connection));
  load.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return load;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * A database in a throw-away PostgreSQL cluster on loopback, durable like production
 * (fsync and synchronous commit on), started for the first row that needs it.
 */
const clusters: PostgresCluster[] = [];
const postgresTarget: ApiTarget = {
  name: "node + PostgreSQL",
  async store() {
    if (clusters.length === 0) clusters.push(await startPostgresCluster({ durable: true }));
    return { env: { DATABASE_URL: await createDatabase(clusters[0]!.adminUrl, "bench") }, dispose: async () => {} };
  },
};

/** One API row: a server in its own process on a fresh store, loaded, then its rows counted. */
async function benchApi(target: ApiTarget, seconds = DURATION_SECONDS): Promise<Record<string, string | number>> {
  const store = await target.store();
  const port = await freePort();
  const sink = target.notify ? await startSmtpSink() : null;
  const env = {
    ...process.env,
    ...store.env,
    ...(sink ? { SMTP_URL: sink.url, NOTIFY_EMAIL_TO: "team@example.com" } : {}),
    // Raised for the run: the bench measures the API and its store, not the limiter.
    RATE_LIMIT_MAX: "100000000",
    HUBSPOT_PORTAL_ID: "",
    HUBSPOT_FORM_ID_CANDIDATE: "",
    HUBSPOT_FORM_ID_EMPLOYER: "",
  };
  const server = await startProcess(
    target.name,
    ["server/serve.ts", "--port", String(port), "--dir", client],
    `http://127.0.0.1:${port}`,
    env,
  );
  let stopped = false;
  try {
    console.log(`${target.name} POST ${INVITATION_API_PATH}: ${CONNECTIONS} connections for ${seconds} s...`);
    const load = await postForDuration(`${server.origin}${INVITATION_API_PATH}`, API_BODY, CONNECTIONS, seconds);
    const emailsDuringLoad = sink?.received() ?? 0;
    const requests = await openRequestStore({
      dataDir: store.env.DATA_DIR ?? "",
      databaseUrl: store.env.DATABASE_URL ?? null,
    });
    // With notifications on, the server keeps delivering after the load: wait for the outbox to drain.
    let drainSeconds = 0;
    if (sink) {
      const drainStart = performance.now();
      while ((await requests.listNotifications()).length > 0 && performance.now() - drainStart < DRAIN_TIMEOUT_MS) {
        await new Promise((wait) => setTimeout(wait, 250));
      }
      drainSeconds = (performance.now() - drainStart) / 1000;
    }
    await server.stop();
    stopped = true;
    const stored = (await requests.list()).length;
    await requests.close();
    if (sink && sink.received() < stored) {
      failures += 1;
      console.error(`${target.name}: ${stored} rows stored but ${sink.received()} emails delivered`);
    }
    const errors = load.errors + load.other;
    const mismatch = stored === load.answered2xx ? 0 : 1;
    failures += errors + mismatch;
    if (mismatch) console.error(`${target.name}: ${load.answered2xx} answers 2xx but ${stored} rows stored`);
    const total = load.answered2xx + load.other + load.errors;
    return {
      server: target.name,
      path: `POST ${INVITATION_API_PATH}`,
      "requests/s": Math.round(total / load.seconds),
      "p99 latency (ms)": Math.round(percentile(load.latencies, 0.99)),
      requests: total,
      errors,
      "2xx answers = rows stored": `${load.answered2xx} = ${stored}`,
      ...(sink
        ? {
            "emails during load, after (drain s)": `${emailsDuringLoad}, ${sink.received()} (${drainSeconds.toFixed(1)})`,
          }
        : {}),
    };
  } finally {
    if (!stopped) await server.stop();
    await sink?.stop();
    await store.dispose();
  }
}

/**
 * The API without and with notifications, `count` pairs in alternating order: each run, then
 * the medians (min-max) of each and of the pairs' ratios.
 */
async function notificationPairs(count: number): Promise<Record<string, string | number>[]> {
  const runs: Record<string, string | number>[] = [];
  const ratios: number[] = [];
  for (let pair = 0; pair < count; pair += 1) {
    const order = pair % 2 === 0 ? [sqliteTarget, sqliteNotifyTarget] : [sqliteNotifyTarget, sqliteTarget];
    const results = new Map<ApiTarget, Record<string, string | number>>();
    for (const target of order) results.set(target, { ...(await benchApi(target, PAIR_RUN_SECONDS)), pair: pair + 1 });
    const [without, withEmail] = [results.get(sqliteTarget)!, results.get(sqliteNotifyTarget)!];
    ratios.push(Number(withEmail["requests/s"]) / Number(without["requests/s"]));
    runs.push(without, { ...withEmail, "with / without": ratios.at(-1)!.toFixed(2) });
  }
  const spread = (values: number[], digits = 0) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;
  const summaries = [sqliteTarget, sqliteNotifyTarget].map((target): Record<string, string | number> => {
    const mine = runs.filter((row) => row.server === target.name);
    return {
      server: `${target.name}, median of ${mine.length}`,
      path: `POST ${INVITATION_API_PATH}`,
      "requests/s": spread(mine.map((row) => Number(row["requests/s"]))),
      "p99 latency (ms)": spread(mine.map((row) => Number(row["p99 latency (ms)"]))),
    };
  });
  summaries[1]!["with / without"] = spread(ratios, 2);
  return [...runs, ...summaries];
}

/** The app's entry script: content-hashed, requested by every page. */
function hashedAsset(): string {
  const scripts = readdirSync(join(client, "assets")).filter((file) => file.endsWith(".js"));
  const name = scripts.find((file) => file.startsWith("entry.client-")) ?? scripts[0];
  if (!name) throw new Error(`no script in ${client}/assets`);
  return `/assets/${name}`;
}

const { site } = loadConfig({ warn: false });
ensureFreshBuild({ projectRoot, buildDir, site });

// --notifications: only the API on SQLite without and with email notifications, side by side,
// in --pairs N pairs (default 8) of 5 s runs in alternating order. Every save is synced to
// disk, and on a shared machine a neighbour's disk and CPU load move single runs by tens of
// percent within a minute: each pair's ratio, and the median of the ratios, do not.
const notificationsOnly = process.argv.includes("--notifications");
const pairsFlag = process.argv.indexOf("--pairs");
const PAIR_RUN_SECONDS = 5;
const pairs = pairsFlag === -1 ? 8 : Number(process.argv[pairsFlag + 1]);
if (!Number.isInteger(pairs) || pairs < 1) throw new Error("--pairs takes a whole number of pairs, 1 or more");
const apiOnly = notificationsOnly || process.argv.includes("--api-only");
const paths = ["/", hashedAsset()];
const servers = apiOnly ? [] : [await startNode(), ...(process.argv.includes("--nginx") ? [await startNginx()] : [])];
const rows: Record<string, string | number>[] = [];
let failures = 0;

try {
  if (notificationsOnly) {
    rows.push(...(await notificationPairs(pairs)));
  } else {
    for (const target of [sqliteTarget, sqliteNotifyTarget, postgresTarget]) rows.push(await benchApi(target));
  }
  for (const server of servers) {
    for (const path of paths) {
      console.log(`${server.name} ${path}: ${CONNECTIONS} connections for ${DURATION_SECONDS} s...`);
      const result = await autocannon({
        url: `${server.origin}${path}`,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        headers: { "accept-encoding": "br, gzip" },
      });
      const errors = result.errors + result.timeouts + result.non2xx;
      failures += errors;
      rows.push({
        server: server.name,
        path,
        "requests/s": Math.round(result.requests.average),
        "p99 latency (ms)": result.latency.p99,
        requests: result.requests.total,
        "MB/s": (result.throughput.average / 1_000_000).toFixed(1),
        errors,
      });
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  for (const cluster of clusters) cluster.stop();
}

const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
console.log(
  [
    "",
    `Load on loopback: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per row (pages with Accept-Encoding: br, gzip)`,
    line(columns),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map((row) => line(columns.map((column) => String(row[column] ?? "")))),
    "",
  ].join("\n"),
);
if (failures > 0) {
  console.error(`${failures} errors, timeouts or non-2xx answers.`);
  process.exit(1);
}
