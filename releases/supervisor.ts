/**
 * The process `npm start` (and systemd's ExecStart) runs: it holds the listening socket and
 * runs the live release's server as its child, so that a release replaces another without a
 * refused connection (docs/decisions/0024-releases-not-restarts.md):
 *
 * - The socket is systemd's (socket activation: fd 3, LISTEN_FDS) or one it binds itself
 *   (net.BoundSocket), never accepted on here. Every release's server listens on a copy of
 *   it, so there is one accept queue: closing one copy loses nothing that waits in it.
 * - A switch (`npm run update`, `npm run rollback`, through DATA_DIR/control.sock, control.ts,
 *   which answers whatever it is sent and starts only the checkout or a release folder under
 *   RELEASES_DIR) starts the new release's server with that release's own Node; once it says it is ready
 *   (listening), the old one drains: it stops accepting and ends each connection after its
 *   answer (server/http/site-server.ts). A release that does not come up leaves the old one
 *   serving, and the answer says why.
 * - SIGTERM or SIGINT: the server drains, then the supervisor exits 0. A server that dies by
 *   itself ends the supervisor too (exit 1), for systemd to restart it (Restart=on-failure)
 *   on the socket it keeps.
 *
 * It uses nothing but Node's own modules, and stays small: a change to it needs a restart
 * of the supervisor itself, which systemd's socket makes refuse nothing (a checkout's
 * `npm start` has no such outer holder).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { lookup } from "node:dns/promises";
import { existsSync, mkdirSync, rmSync } from "node:fs";
// A namespace, not named imports: on an older Node, BoundSocket's absence must not stop the
// module from loading before server/node-runtime.ts has said which Node to use.
import * as net from "node:net";
import { join, resolve } from "node:path";
import type { SupervisorMessage, WorkerMessage } from "../server/main";
import {
  askServer,
  controlServer,
  controlSocketPath,
  NoServerError,
  releaseToStart,
  type ControlAnswer,
  type Serving,
} from "./control";
import { CHECKOUT_ID, type Release, type ReleasePlaces } from "./on-disk";

/** How long a release's server may take from spawn to listening (tsx compiling it, the store opening). */
export const START_TIMEOUT_MS = 60_000;
/** After SIGTERM, the server's own deadline (SHUTDOWN_DEADLINE_MS) and a margin. */
const STOP_DEADLINE_MS = 12_000;
/** The descriptor systemd passes the first socket on (sd_listen_fds(3)). */
const SD_LISTEN_FDS_START = 3;
/** Set by systemd for socket activation, and not for the release's server. */
const SYSTEMD_VARIABLES = ["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"];

/** The sockets this process binds, referenced for its life: a BoundSocket that is collected closes its descriptor. */
const heldSockets: net.BoundSocket[] = [];

interface Running {
  release: Release;
  child: ChildProcess;
  since: number;
  url: string;
}

export interface SuperviseOptions {
  dataDir: string;
  /** HOST and PORT, when systemd passes no socket. */
  host: string;
  port: number;
  /** The checkout and RELEASES_DIR: a switch starts nothing else. */
  places: ReleasePlaces;
  first: Release;
  olderRoots: string[];
  log?: (line: string) => void;
}

/** The listening socket: systemd's when it passed one to this process, else one bound here. */
async function listeningSocket(host: string, port: number): Promise<{ fd: number; what: string }> {
  if (process.env.LISTEN_PID === String(process.pid) && Number(process.env.LISTEN_FDS) >= 1) {
    return { fd: SD_LISTEN_FDS_START, what: "the socket systemd passed (ta-network.socket)" };
  }
  const address = net.isIP(host) ? host : (await lookup(host)).address;
  const bound = new net.BoundSocket({ host: address, port });
  heldSockets.push(bound);
  return { fd: bound.fd(), what: `${address}:${bound.address().port}` };
}

/** A message to a server; one whose channel has closed is exiting already. */
function tell(child: ChildProcess, message: SupervisorMessage): void {
  if (child.connected) child.send(message);
}

/** The release's own Node (it may bring a newer one), else this one. */
export function nodeOf(dir: string): string {
  const own = join(dir, "node_modules", ".bin", "node");
  return existsSync(own) ? own : process.execPath;
}

export async function supervise({
  dataDir,
  host,
  port,
  places,
  first,
  olderRoots,
  log = (line) => console.log(`[supervisor] ${line}`),
}: SuperviseOptions): Promise<void> {
  const absoluteDataDir = resolve(dataDir);
  mkdirSync(absoluteDataDir, { recursive: true, mode: 0o700 });
  const controlPath = controlSocketPath(absoluteDataDir);
  try {
    const answer = await askServer(absoluteDataDir, { command: "status" }, 2000);
    const who = answer.ok ? ` (pid ${answer.serving.pid}, release ${answer.serving.release.id})` : "";
    throw new Error(`Another server is using ${absoluteDataDir}${who}: run one server per DATA_DIR.`);
  } catch (error) {
    if (!(error instanceof NoServerError)) throw error;
    // A killed supervisor's socket file: nothing answers on it.
    rmSync(controlPath, { force: true });
  }

  const socket = await listeningSocket(host, port);
  // The servers read DATA_DIR from their own folder: it must not be relative to it.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: absoluteDataDir };
  for (const name of SYSTEMD_VARIABLES) delete childEnv[name];

  let current: Running | null = null;
  let switching = false;
  let stopping = false;

  function startServer(release: Release, roots: readonly string[]): Promise<Running> {
    return new Promise((resolveReady, reject) => {
      const child = spawn(
        nodeOf(release.dir),
        [
          "--import",
          "tsx",
          "server/serve.ts",
          "--listen-fd",
          "3",
          "--dir",
          release.client,
          "--what",
          release.id === CHECKOUT_ID ? "the production build" : `release ${release.id}`,
          ...roots.flatMap((root) => ["--assets-from", root]),
        ],
        { cwd: release.dir, env: childEnv, stdio: ["ignore", "inherit", "inherit", socket.fd, "ipc"] },
      );
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`its server was not ready within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      const failed = (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        reject(
          new Error(`its server exited (${signal ?? `code ${code}`}) before it was ready; why is in the server's log`),
        );
      };
      child.once("exit", failed);
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("message", (message: WorkerMessage) => {
        if (message.type !== "ready") return;
        clearTimeout(timer);
        child.off("exit", failed);
        resolveReady({ release, child, since: Date.now(), url: message.url });
      });
    });
  }

  const serving = (running: Running): Serving => ({
    release: running.release,
    pid: running.child.pid!,
    since: running.since,
    url: running.url,
  });

  async function switchTo(release: Release, roots: readonly string[]): Promise<ControlAnswer> {
    if (switching) return { ok: false, error: "another switch is under way" };
    if (stopping) return { ok: false, error: "the server is stopping" };
    switching = true;
    try {
      const next = await startServer(release, roots);
      const old = current;
      current = next;
      next.child.once("exit", (code, signal) => {
        if (current?.child !== next.child || stopping) return;
        log(`the server of release ${release.id} exited (${signal ?? `code ${code}`}): stopping`);
        process.exit(1);
      });
      if (old) {
        tell(old.child, { type: "drain", why: `Release ${release.id} is serving` });
        log(
          `release ${release.id} serves (pid ${next.child.pid}); release ${old.release.id} (pid ${old.child.pid}) drains`,
        );
      }
      return {
        ok: true,
        serving: serving(next),
        ...(old ? { replaced: { pid: old.child.pid!, release: old.release } } : {}),
      };
    } catch (error) {
      return { ok: false, error: `release ${release.id} did not start: ${(error as Error).message}` };
    } finally {
      switching = false;
    }
  }

  const control = controlServer({
    status: () => (current ? { ok: true, serving: serving(current) } : { ok: false, error: "starting" }),
    async switch(request) {
      const asked = releaseToStart(places, request.release, request.olderRoots);
      return switchTo(asked.release, asked.olderRoots);
    },
  });
  await new Promise<void>((listening, failed) => {
    control.once("error", failed);
    control.listen(controlPath, () => listening());
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    control.close();
    setTimeout(() => {
      log(`the server did not stop within ${STOP_DEADLINE_MS / 1000} s of ${signal}: exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    if (!current || current.child.exitCode !== null) process.exit(0);
    // A terminal's Ctrl-C and systemd's stop signal the server too; this covers a signal sent to this process alone.
    tell(current.child, { type: "drain", why: `${signal} received` });
    current.child.once("exit", () => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  const answer = await switchTo(first, olderRoots);
  if (!answer.ok) throw new Error(answer.error);
  log(`listening on ${socket.what}; control socket ${controlPath}`);
}
