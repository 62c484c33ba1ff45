/**
 * The production build (BUILD_DIR) served for a server test file, as playwright.config.ts
 * serves it to the browser specs: the Node server of `npm start` (server/serve.ts, with a
 * DATA_DIR of its own) and nginx with the build's generated configuration
 * (scripts/lib/serve-nginx.ts, in a throw-away prefix), each on a free loopback port.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { SITE_VARIABLES } from "#shared/site-config.ts";
import { freePort } from "../../scripts/lib/free-port";
import { BUILD_CLIENT, BUILD_DIR, requireBuild, type ServerTarget } from "./served-build";
import { PROJECT_ROOT, startSiteProcess } from "./site-process";

const READY_TIMEOUT_MS = 30_000;

/**
 * The page settings of this environment, the ones the build was made with (and the tests'
 * `site` reads): the Node server redirects plain http to SITE_URL's host. Nothing else of
 * the environment reaches it.
 */
export function buildSettingsEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of SITE_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** A temporary request database folder for one Node server, and its removal. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "ta-network-build-server-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Whether anything answers HTTP at `url` (whatever the status). */
const answers = (url: string) =>
  fetch(url, { redirect: "manual" }).then(
    async (response) => (await response.body?.cancel(), true),
    () => false,
  );

export interface NginxProcess {
  /** http://127.0.0.1:<port>, answering once this resolves. */
  origin: string;
  port: number;
  /** The runner's throw-away nginx prefix, removed when it stops. */
  prefix: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Resolves with the runner's exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, the signal the runner answers by stopping nginx gracefully: resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts scripts/lib/serve-nginx.ts on `port` (and its http -> https redirect on
 * `redirectPort`, when given) for `buildDir`, proxying to the Node server on `upstreamPort`
 * (the API, the roles, the sitemap) when given; resolves once nginx answers on `port`.
 */
export async function startNginx({
  port,
  buildDir = BUILD_DIR,
  redirectPort,
  upstreamPort,
}: {
  port: number;
  buildDir?: string;
  redirectPort?: number;
  upstreamPort?: number;
}): Promise<NginxProcess> {
  const args = ["--import", "tsx", "scripts/lib/serve-nginx.ts", "--port", String(port), "--build", buildDir];
  if (redirectPort !== undefined) args.push("--redirect-port", String(redirectPort));
  if (upstreamPort !== undefined) args.push("--upstream", `127.0.0.1:${upstreamPort}`);
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: process.env, stdio: "pipe" });
  let output = "";
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  const [origin, prefix] = await new Promise<[string, string]>((resolveReady, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`nginx not ready in ${READY_TIMEOUT_MS} ms:\n${output}`));
    }, READY_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at (http:\/\/\S+?)\/? \(prefix (\S+)\)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveReady([match[1]!, match[2]!]);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the nginx runner exited with ${code} before it was ready:\n${output}`));
    });
  });
  // The runner prints its line as it starts nginx, which binds its ports a moment later.
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(origin))) {
    if (child.exitCode !== null) throw new Error(`the nginx runner exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      // SIGTERM: the runner then stops nginx too (a SIGKILL would leave nginx running).
      child.kill("SIGTERM");
      throw new Error(`nginx did not answer at ${origin} in ${READY_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return {
    origin,
    port,
    prefix,
    child,
    output: () => output,
    exited,
    stop: () => (child.exitCode === null && child.kill("SIGTERM"), exited),
  };
}

/**
 * Serves the build with both servers for the tests of the calling file: started before
 * them, stopped after them. Returns the two targets, whose ports are set once started
 * (the tests read them when they run, not when they are declared).
 */
export function serveBuild(): readonly ServerTarget[] {
  const node: ServerTarget = { name: "node", port: 0 };
  const nginx: ServerTarget = { name: "nginx", port: 0 };
  const stops: (() => Promise<unknown> | void)[] = [];

  beforeAll(async () => {
    requireBuild();
    const data = tempDataDir();
    stops.push(() => data.remove());
    const [nodePort, nginxPort] = [await freePort(), await freePort()];
    const started = await Promise.allSettled([
      startSiteProcess({ dir: BUILD_CLIENT, port: nodePort, env: { ...buildSettingsEnv(), DATA_DIR: data.dir } }),
      startNginx({ port: nginxPort, upstreamPort: nodePort }),
    ]);
    for (const result of started) if (result.status === "fulfilled") stops.push(() => result.value.stop());
    const failure = started.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    node.port = nodePort;
    nginx.port = nginxPort;
  });

  afterAll(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  return [node, nginx];
}
