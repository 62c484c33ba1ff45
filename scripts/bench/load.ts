// A bounded load run on loopback against the production server of `npm start`:
// autocannon, 50 connections for 10 s each against / and one content-hashed script,
// as a browser asks for them (Accept-Encoding: br, gzip). Prints requests per second,
// p99 latency and errors as a table; exits 1 on any error, timeout or non-2xx answer.
//
//   BUILD_DIR=build-x npm run bench:load [-- --nginx]
//
// It builds first when BUILD_DIR is missing or stale (like `npm start`). --nginx runs
// the same load against nginx with the build's generated configuration, for comparison.
// Figures depend on the machine and what else runs on it: they are measurements, not
// budgets, and no test asserts them.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ensureFreshBuild } from "../build/build-stamp";
import { loadConfig } from "../../server/load-config";
import { closeGracefully, startSiteServer } from "../../server/http/site-server";
import { freePort } from "../lib/free-port";

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const SERVER_READY_TIMEOUT_MS = 15_000;

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
const client = join(buildDir, "client");

interface Server {
  name: string;
  origin: string;
  stop: () => Promise<void>;
}

async function startNode(): Promise<Server> {
  const { server, url } = await startSiteServer({ root: client, port: 0, host: "127.0.0.1" });
  return { name: "node", origin: url.replace(/\/$/, ""), stop: () => closeGracefully(server) };
}

async function startNginx(): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "server/deploy/serve-nginx.ts", "--port", String(port), "--build", buildDir],
    { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] },
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server/deploy/serve-nginx.ts exited with code ${child.exitCode}`);
    const ready = await fetch(`${origin}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
      return { name: "nginx", origin, stop: () => (child.kill("SIGTERM"), exited) };
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  child.kill("SIGTERM");
  throw new Error(`nginx did not answer on ${origin} within ${SERVER_READY_TIMEOUT_MS} ms`);
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

const paths = ["/", hashedAsset()];
const servers = [await startNode(), ...(process.argv.includes("--nginx") ? [await startNginx()] : [])];
const rows: Record<string, string | number>[] = [];
let failures = 0;

try {
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
}

const columns = Object.keys(rows[0] ?? {});
const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
console.log(
  [
    "",
    `Load on loopback: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per row, Accept-Encoding: br, gzip`,
    line(columns),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map((row) => line(columns.map((column) => String(row[column])))),
    "",
  ].join("\n"),
);
if (failures > 0) {
  console.error(`${failures} errors, timeouts or non-2xx answers.`);
  process.exit(1);
}
