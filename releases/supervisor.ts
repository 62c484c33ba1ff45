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
 * - SIGTERM or SIGINT: the server drains, then the supervisor exits 0.
 * - A server that dies by itself (a crash, SIGKILL, the out-of-memory killer) is started again
 *   by the supervisor, the same release, after a pause that doubles with each crash in a row
 *   (RESTART_MIN_MS to RESTART_MAX_MS); the socket stays open meanwhile, so visitors' connections
 *   wait in its queue and are answered by the new server rather than refused. When it keeps
 *   crashing (KEEPS_CRASHING crashes within CRASH_WINDOW_MS) the team is told once
 *   (`onKeepsCrashing`). The same under `npm start` and systemd (whose Restart=on-failure is
 *   for the supervisor itself).
 *
 * The servers write to the supervisor's own stdout and stderr (inherited, unchanged): their
 * lines are the ones without `[supervisor]`. A debugger attaches to a server, not to this
 * process: `npm start -- --inspect` passes the flag on to each server's Node (`nodeFlags`).
 *
 * It uses nothing but Node's own modules (and the server's contract, server/supervision.ts,
 * which loads nothing), and stays small: a change to it needs a restart of the
 * supervisor itself, which systemd's socket makes refuse nothing (a checkout's `npm start`
 * has no such outer holder).
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { lookup } from "node:dns/promises";
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
// A namespace, not named imports: on an older Node, BoundSocket's absence must not stop the
// module from loading before server/node-runtime.ts has said which Node to use.
import * as net from "node:net";
import { join, resolve } from "node:path";
import {
  LISTEN_FD,
  SERVER_ENTRY,
  SHUTDOWN_DEADLINE_MS,
  supervisedServeArgs,
  type ServerMessage,
  type SupervisorMessage,
} from "../server/supervision";
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
/** After SIGTERM, the server's own deadline and a margin. */
export const STOP_DEADLINE_MS = SHUTDOWN_DEADLINE_MS + 2000;
/** The descriptor systemd passes the first socket on (sd_listen_fds(3)). */
const SD_LISTEN_FDS_START = 3;
/** Set by systemd for socket activation, and not for the release's server. */
const SYSTEMD_VARIABLES = ["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES"];

/** The pause before a crashed server is started again, doubling with each crash in a row up to the last. */
export const RESTART_MIN_MS = 250;
export const RESTART_MAX_MS = 30_000;
/** Crashes this close together are "in a row"; this many of them, and the team is told. */
export const CRASH_WINDOW_MS = 10 * 60_000;
export const KEEPS_CRASHING = 3;

/** The sockets this process binds, referenced for its life: a BoundSocket that is collected closes its descriptor. */
const heldSockets: net.BoundSocket[] = [];

interface Running {
  release: Release;
  /** The older releases' client folders it answers `/assets/` of. */
  roots: readonly string[];
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
  /** Flags for each server's Node before its entry point: `--inspect` to debug it. */
  nodeFlags?: readonly string[];
  log?: (line: string) => void;
  /** Told once when the server keeps crashing (KEEPS_CRASHING within CRASH_WINDOW_MS): the team's alert. */
  onKeepsCrashing?: (crash: { release: Release; crashes: number; lastExit: string }) => void;
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

/** The control socket's path, once no other supervisor answers on `dataDir`; throws naming the one that does. */
/**
 * DATA_DIR (the requests' database on SQLite, the spool, the control socket) made, or made again,
 * its owner's only before anything listens in it: on PostgreSQL no database file does it, and a
 * folder made under `umask 002` or by hand is group-writable.
 */
export function ownerOnlyDataDir(dataDir: string, log: (line: string) => void = () => {}): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & 0o077) === 0) return;
  chmodSync(dataDir, 0o700);
  log(`${dataDir} was open to other users: now its owner's only`);
}

async function claimControlSocket(dataDir: string): Promise<string> {
  const controlPath = controlSocketPath(dataDir);
  try {
    const answer = await askServer(dataDir, { command: "status" }, 2000);
    const who = answer.ok ? ` (pid ${answer.serving.pid}, release ${answer.serving.release.id})` : "";
    throw new Error(`Another server is using ${dataDir}${who}: run one server per DATA_DIR.`);
  } catch (error) {
    if (!(error instanceof NoServerError)) throw error;
  }
  // A killed supervisor's socket file: nothing answers on it.
  rmSync(controlPath, { force: true });
  return controlPath;
}

/**
 * The servers' environment: this one's, with DATA_DIR absolute (they run in their own folder), the
 * checkout the editor publishes from (server/editor/editor.ts) and no systemd socket variables.
 */
function serverEnv(dataDir: string, checkout: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, CHECKOUT_DIR: checkout };
  for (const name of SYSTEMD_VARIABLES) delete env[name];
  return env;
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

/** The server serving now, the switch under way, the stop: one release's server at a time takes visitors. */
class Supervisor {
  private current: Running | null = null;
  private switching = false;
  private stopping = false;

  /** When the recent crashes were (ms): the pause before a restart grows with them. */
  private crashes: number[] = [];
  private toldKeepsCrashing = false;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socketFd: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly nodeFlags: readonly string[],
    private readonly log: (line: string) => void,
    private readonly onKeepsCrashing: SuperviseOptions["onKeepsCrashing"] = undefined,
  ) {}

  status(): ControlAnswer {
    return this.current ? { ok: true, serving: serving(this.current) } : { ok: false, error: "starting" };
  }

  /** Starts `release`'s server; once it is ready, the one serving before drains. */
  async switchTo(release: Release, roots: readonly string[]): Promise<ControlAnswer> {
    if (this.switching) return { ok: false, error: "another switch is under way" };
    if (this.stopping) return { ok: false, error: "the server is stopping" };
    this.switching = true;
    try {
      const next = await this.startServer(release, roots);
      const old = this.current;
      this.current = next;
      next.child.once("exit", (code, signal) => this.exitedByItself(next, code, signal));
      clearTimeout(this.restartTimer);
      if (old && old.child.exitCode === null && old.child.signalCode === null) {
        tell(old.child, { type: "drain", why: `Release ${release.id} is serving` });
        this.log(
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
      this.switching = false;
    }
  }

  /** SIGTERM or SIGINT: the server drains, then this process exits; false when a stop is under way already. */
  stop(signal: NodeJS.Signals): boolean {
    if (this.stopping) return false;
    this.stopping = true;
    setTimeout(() => {
      this.log(`the server did not stop within ${STOP_DEADLINE_MS / 1000} s of ${signal}: exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    clearTimeout(this.restartTimer);
    const current = this.current;
    if (!current || current.child.exitCode !== null || current.child.signalCode !== null) process.exit(0);
    // A terminal's Ctrl-C and systemd's stop signal the server too; this covers a signal sent to this process alone.
    tell(current.child, { type: "drain", why: `${signal} received` });
    current.child.once("exit", () => process.exit(0));
    return true;
  }

  /**
   * The serving server died by itself: it is started again after a pause that grows with the
   * crashes in a row, on the socket this process keeps (visitors wait in its queue meanwhile).
   */
  private exitedByItself(running: Running, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.current?.child !== running.child || this.stopping) return;
    this.crashed(running, signal ?? `code ${code}`);
  }

  private crashed(running: Running, how: string): void {
    const now = Date.now();
    this.crashes = [...this.crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    const pause = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** (this.crashes.length - 1));
    this.log(
      `the server of release ${running.release.id} exited (${how}): starting it again in ${pause} ms; ` +
        "visitors wait on the socket meanwhile",
    );
    if (this.crashes.length >= KEEPS_CRASHING && !this.toldKeepsCrashing) {
      this.toldKeepsCrashing = true;
      this.log(`it crashed ${this.crashes.length} times within ${CRASH_WINDOW_MS / 60_000} min: telling the team`);
      this.onKeepsCrashing?.({ release: running.release, crashes: this.crashes.length, lastExit: how });
    }
    this.restartTimer = setTimeout(() => void this.restart(running), pause);
  }

  /** Starts the crashed server's release again, unless a switch or a stop came first; a start that fails is another crash. */
  private async restart(crashed: Running): Promise<void> {
    if (this.current !== crashed || this.stopping) return;
    const answer = await this.switchTo(crashed.release, crashed.roots);
    if (answer.ok) {
      this.log(`release ${crashed.release.id} serves again (pid ${answer.serving.pid})`);
      return;
    }
    // Another switch under way replaces it anyway; otherwise the start failed like a crash.
    if (this.current === crashed && !this.stopping && answer.error !== "another switch is under way") {
      this.crashed(crashed, answer.error);
    }
  }

  /** Spawns `release`'s server on the socket; resolves once it says it is ready, rejects when it exits or times out first. */
  private startServer(release: Release, roots: readonly string[]): Promise<Running> {
    const what = release.id === CHECKOUT_ID ? "the production build" : `release ${release.id}`;
    const args = [
      ...this.nodeFlags,
      "--import",
      "tsx",
      SERVER_ENTRY,
      ...supervisedServeArgs({ client: release.client, what, olderRoots: roots }),
    ];
    // The server's output goes where this process's goes, unchanged; the socket is its
    // descriptor LISTEN_FD, then comes the IPC channel.
    const stdio: StdioOptions = ["ignore", "inherit", "inherit"];
    stdio[LISTEN_FD] = this.socketFd;
    stdio.push("ipc");
    const child = spawn(nodeOf(release.dir), args, { cwd: release.dir, env: this.env, stdio });
    return new Promise((resolveReady, reject) => {
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
      child.on("message", (message: ServerMessage) => {
        if (message.type !== "ready") return;
        clearTimeout(timer);
        child.off("exit", failed);
        resolveReady({ release, roots, child, since: Date.now(), url: message.url });
      });
    });
  }
}

function serving(running: Running): Serving {
  return { release: running.release, pid: running.child.pid!, since: running.since, url: running.url };
}

export async function supervise({
  dataDir,
  host,
  port,
  places,
  first,
  olderRoots,
  nodeFlags = [],
  log = (line) => console.log(`[supervisor] ${line}`),
  onKeepsCrashing,
}: SuperviseOptions): Promise<void> {
  const absoluteDataDir = resolve(dataDir);
  ownerOnlyDataDir(absoluteDataDir, log);
  const controlPath = await claimControlSocket(absoluteDataDir);
  const socket = await listeningSocket(host, port);
  const supervisor = new Supervisor(
    socket.fd,
    serverEnv(absoluteDataDir, places.checkout),
    nodeFlags,
    log,
    onKeepsCrashing,
  );
  const control = controlServer({
    status: () => supervisor.status(),
    async switch(request) {
      const asked = releaseToStart(places, request.release, request.olderRoots);
      return supervisor.switchTo(asked.release, asked.olderRoots);
    },
  });
  await new Promise<void>((listening, failed) => {
    control.once("error", failed);
    control.listen(controlPath, () => listening());
  });
  // Made with the umask's bits (002 leaves it group-writable); in a folder of its owner's only, then its owner's too.
  chmodSync(controlPath, 0o600);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (supervisor.stop(signal)) control.close();
    });
  }
  const answer = await supervisor.switchTo(first, olderRoots);
  if (!answer.ok) throw new Error(answer.error);
  log(`listening on ${socket.what}; control socket ${controlPath}`);
}
