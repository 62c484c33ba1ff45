/**
 * The real production server as a child process (server/serve.ts, as `npm run serve`
 * runs it) for API and fault tests: a tiny site folder, a chosen port so a restart
 * answers at the same address, its own environment, SIGTERM or SIGKILL to stop it.
 * Also the requests command (releases/requests-cli.ts); the raw HTTP client for
 * requests fetch would not send is tests/support/raw-client.ts.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writePolicyConfig } from "../../server/http/policy-config";
import { GONE_FILE } from "../../server/http/static-policy";
import { ROLE_TIMETABLE_FILE, type RoleTimetable } from "#shared/roles/timetable.ts";

/** The address in the server's start-up line (`Serving <what> at <url> (Node.js <version>)`), once printed. */
export function servingUrl(output: string): string | null {
  return /Serving .+? at (http:\/\/\S+?)\/? \(Node\.js [\d.]+\)\n/.exec(output)?.[1] ?? null;
}

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const READY_TIMEOUT_MS = 30_000;

/**
 * The least a server needs to serve, laid out as a build (BUILD_DIR/client and the
 * policy configuration beside it): a 404 page and a home page, and the roles' timetable
 * with the page of a closed role when given. The API does not need the real build. Returns the client folder.
 */
export function fixtureSite({ roles }: { roles?: RoleTimetable } = {}): string {
  const buildDir = mkdtempSync(join(tmpdir(), "site-fixture-"));
  const dir = join(buildDir, "client");
  mkdirSync(dir);
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title><h1>Not found</h1>\n");
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title><h1>Home</h1>\n");
  writePolicyConfig(buildDir, { hubspot: null, reports: true });
  if (roles) {
    writeFileSync(join(buildDir, ROLE_TIMETABLE_FILE), JSON.stringify(roles));
    // A build with roles has the page of a closed one (the server refuses one without it).
    writeFileSync(join(dir, GONE_FILE.slice(1)), "<!doctype html><title>Gone</title><h1>This role is closed</h1>\n");
  }
  return dir;
}

/** Removes what `fixtureSite` made. */
export function removeFixtureSite(dir: string): void {
  rmSync(dirname(dir), { recursive: true, force: true });
}

/** Only what a server needs from the test runner's environment, so nothing leaks in by accident. */
export function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR } = process.env;
  return { PATH, HOME, TMPDIR, ...env };
}

export interface SiteProcess {
  origin: string;
  port: number;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** SIGTERM: resolves with the exit code once the server has shut down. */
  stop(): Promise<number | null>;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
}

export async function startSiteProcess({
  dir,
  port,
  env,
}: {
  dir: string;
  port: number;
  env: Record<string, string>;
}): Promise<SiteProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/serve.ts", "--port", String(port), "--dir", dir], {
    cwd: PROJECT_ROOT,
    env: baseEnv(env),
    stdio: "pipe",
  });
  let output = "";
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  const origin = await new Promise<string>((resolveReady, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = servingUrl(output);
      if (url) {
        clearTimeout(timer);
        resolveReady(url);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    origin,
    port: Number(new URL(origin).port),
    child,
    output: () => output,
    stop: () => (child.kill("SIGTERM"), exited),
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Runs an entry point (`releases/start.ts`, `server/serve.ts`...) that is expected to stop
 * by itself, as a start that fails does; killed after `timeoutMs` (a start that should
 * have failed and is serving instead). Everything it printed, and its exit code.
 */
export function runToExit(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ output: string; code: number | null }> {
  return runCommand(process.execPath, ["--import", "tsx", script, ...args], { env: baseEnv(env), timeoutMs });
}

/**
 * Runs a command in `cwd` to its exit (killed after `timeoutMs`, when given): everything it
 * printed, its exit code and how long it took.
 */
export function runCommand(
  file: string,
  args: string[],
  { cwd = PROJECT_ROOT, env, timeoutMs }: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ output: string; code: number | null; ms: number }> {
  return new Promise((resolveRun) => {
    const started = performance.now();
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolveRun({ output, code, ms: Math.round(performance.now() - started) });
    });
  });
}

/** Runs `releases/requests-cli.ts` with the given environment; stdout, stderr and the exit code. */
export function runRequestsCommand(
  args: string[],
  env: Record<string, string>,
  { viaNpm = false } = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  const [file, argv] = viaNpm
    ? ["npm", ["run", "--silent", "requests", "--", ...args]]
    : [process.execPath, ["--import", "tsx", "releases/requests-cli.ts", ...args]];
  return new Promise((resolveRun) => {
    execFile(file, argv, { cwd: PROJECT_ROOT, env: baseEnv(env) }, (error, stdout, stderr) => {
      resolveRun({ stdout, stderr, code: error ? Number((error as { code?: number }).code ?? 1) : 0 });
    });
  });
}
