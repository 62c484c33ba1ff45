/**
 * What tests/server/update.test.ts runs the update path on, as a deployment has it: a bare
 * repository as the remote, a checkout of it served with `npm start`, a second clone a
 * developer (or the editor) pushes from, and visitors: a steady load of page views, hashed
 * files and API posts with idempotency keys, each answer counted.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { buildDirOf } from "#shared/build-dir.ts";
import { buildFingerprint, staleReason } from "../../server/build-stamp";
import { parseConfig } from "../../server/config";
import { linkNodeModules } from "../../releases/steps";
import { requestBody, sendOnce } from "./requests-client";
import { PROJECT_ROOT, runCommand, servingUrl } from "./site-process";

const GIT_IDENTITY = ["-c", "user.name=Update Test", "-c", "user.email=update-test@example.com"];

export function git(dir: string, ...args: string[]): string {
  const result = spawnSync("git", ["-C", dir, ...GIT_IDENTITY, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

export interface Deployment {
  root: string;
  /** The clone `npm start` and the update run in. */
  checkout: string;
  /** The clone edits are pushed from. */
  dev: string;
}

/**
 * The project as it is now (tracked and new files, nothing ignored) pushed to a bare
 * repository, and cloned twice. The checkout gets the project's node_modules as hard links
 * (the update's own way) and, when the project's build is of these very files and settings,
 * a copy of it, so `npm start` need not build again.
 */
export async function makeDeployment(siteEnv: Record<string, string>): Promise<Deployment> {
  // Short: DATA_DIR/control.sock must stay under 108 bytes.
  const root = mkdtempSync("/tmp/upd-");
  const seed = join(root, "seed");
  mkdirSync(seed);
  const listed = spawnSync("git", ["-C", PROJECT_ROOT, "ls-files", "-co", "--exclude-standard", "-z"], {
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`the project's files could not be listed: ${listed.stderr}`);
  const files = listed.stdout.split("\0").filter((file) => file !== "" && existsSync(join(PROJECT_ROOT, file)));
  for (const file of files) cpSync(join(PROJECT_ROOT, file), join(seed, file), { recursive: true });
  git(seed, "init", "--quiet", "-b", "main");
  git(seed, "add", "-A");
  git(seed, "commit", "--quiet", "-m", "The site as tested");
  git(root, "clone", "--quiet", "--bare", seed, join(root, "remote.git"));
  const checkout = join(root, "checkout");
  const dev = join(root, "dev");
  for (const clone of [checkout, dev]) git(root, "clone", "--quiet", join(root, "remote.git"), clone);
  await linkNodeModules(join(PROJECT_ROOT, "node_modules"), join(checkout, "node_modules"), join(root, "link.log"));
  const projectBuild = resolve(PROJECT_ROOT, buildDirOf(process.env));
  const site = parseConfig(siteEnv).site;
  if (staleReason(projectBuild, buildFingerprint(checkout, site)) === null) {
    cpSync(projectBuild, join(checkout, "build"), { recursive: true });
  }
  return { root, checkout, dev };
}

/** Edits files of the developer's clone (each a replacement that must match), commits and pushes. */
export function pushEdit(dev: string, message: string, edits: [file: string, from: string, to: string][]): string {
  for (const [file, from, to] of edits) {
    const path = join(dev, file);
    const text = readFileSync(path, "utf8");
    if (!text.includes(from)) throw new Error(`${file} has no "${from}": the test's edit needs updating`);
    writeFileSync(path, text.replace(from, to));
  }
  git(dev, "commit", "--quiet", "-am", message);
  git(dev, "push", "--quiet", "origin", "main");
  return git(dev, "rev-parse", "HEAD");
}

export interface Started {
  child: ChildProcess;
  origin: string;
  output(): string;
  /** Each line of the output with when it arrived (ms since the epoch): the switch's steps, to set beside slow answers. */
  lines(): { at: number; text: string }[];
  /** SIGTERM to its process group (npm, tsx, the supervisor and the servers); resolves on exit. */
  stop(): Promise<void>;
}

/** `npm start` in the checkout, in a process group of its own; resolves once it serves. */
export async function npmStart(checkout: string, env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<Started> {
  const child = spawn("npm", ["start"], { cwd: checkout, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  const lines: { at: number; text: string }[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const text of chunk.toString().split("\n")) if (text.trim() !== "") lines.push({ at: Date.now(), text });
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const deadline = Date.now() + timeoutMs;
  while (!servingUrl(output) || !output.includes("[supervisor] listening")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not serve:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return {
    child,
    origin: servingUrl(output)!,
    output: () => output,
    lines: () => lines,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

/** `npm run <script>` in the checkout: its output, exit code (-1 when killed) and how long it took. */
export async function npmRun(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string; ms: number }> {
  const run = await runCommand("npm", ["run", "--silent", ...args], { cwd, env });
  return { ...run, code: run.code ?? -1 };
}

export interface LoadCounts {
  served: number;
  failed: number;
  /** What failed, by error code or status. */
  failures: Record<string, number>;
  maxLatencyMs: number;
  /** The slowest page view or file (GET). */
  maxGetMs: number;
  /** The answers that took longer than SLOW_MS, or failed: when each was sent (ms since the epoch), what, how long. */
  slow: { at: number; what: string; ms: number; failure: string | null }[];
}

/** An answer slower than this is listed in LoadCounts.slow. */
export const SLOW_MS = 1000;
const noCounts = (): LoadCounts => ({ served: 0, failed: 0, failures: {}, maxLatencyMs: 0, maxGetMs: 0, slow: [] });

/** One visitor's answer that was not what a page, a file or a post should get. */
const failureOf = (status: number, expected: number) => (status === expected ? null : `HTTP ${status}`);

/**
 * Visitors: `clients` loops, each a page view, a hashed file, another page and an API post
 * with a fresh idempotency key, pausing `pauseMs` between requests; half keep their
 * connection alive, half open one per request. Never retried: every failure counts.
 */
export function startLoad(
  origin: string,
  {
    clients = 8,
    pauseMs = 120,
    paths,
    asset,
  }: { clients?: number; pauseMs?: number; paths: string[]; asset: () => string },
) {
  const keepAlive = new Agent({ keepAlive: true });
  const acknowledged: { id: string; key: string; body: string }[] = [];
  let counts: LoadCounts = noCounts();
  let running = true;
  let posted = 0;

  async function one(method: string, path: string, agent: Agent | false, expected: number, body?: string) {
    const started = performance.now();
    const sentAt = Date.now();
    let failure: string | null;
    let answer: { status: number; body: string } | null = null;
    try {
      answer = await sendOnce(`${origin}${path}`, { method, agent, body, timeoutMs: 15_000 });
      failure = failureOf(answer.status, expected);
    } catch (error) {
      failure = String((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    }
    const ms = Math.round(performance.now() - started);
    counts.maxLatencyMs = Math.max(counts.maxLatencyMs, ms);
    if (method === "GET") counts.maxGetMs = Math.max(counts.maxGetMs, ms);
    if (ms > SLOW_MS || failure) {
      counts.slow.push({ at: sentAt, what: `${method} ${path}${agent ? " (kept alive)" : ""}`, ms, failure });
    }
    if (failure) {
      counts.failed += 1;
      counts.failures[failure] = (counts.failures[failure] ?? 0) + 1;
      return null;
    }
    counts.served += 1;
    return answer;
  }

  async function visitor(index: number) {
    const agent = index % 2 === 0 ? keepAlive : false;
    const pause = () => new Promise((resolvePause) => setTimeout(resolvePause, pauseMs));
    for (let round = 0; running; round += 1) {
      await one("GET", paths[round % paths.length]!, agent, 200);
      await pause();
      await one("GET", asset(), agent, 200);
      await pause();
      const key = randomUUID();
      const body = JSON.stringify({ ...requestBody(posted++), idempotencyKey: key });
      const answer = await one("POST", INVITATION_API_PATH, agent, 201, body);
      if (answer) acknowledged.push({ id: (JSON.parse(answer.body) as { id: string }).id, key, body });
      await pause();
    }
  }

  const loops = Array.from({ length: clients }, (_, index) => visitor(index));
  return {
    acknowledged,
    /** The counts since the last call, and a fresh start. */
    take(): LoadCounts {
      const taken = counts;
      counts = noCounts();
      return taken;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      keepAlive.destroy();
    },
  };
}

/** The resident memory (kB) of a process and its descendants, from /proc. */
export function treeRssKb(pid: number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${next}/status`, "utf8"))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${next}/task`)) {
        const children = readFileSync(`/proc/${next}/task/${task}/children`, "utf8").trim();
        if (children) pending.push(...children.split(" ").map(Number));
      }
    } catch {
      // It exited meanwhile.
    }
  }
  return total;
}
