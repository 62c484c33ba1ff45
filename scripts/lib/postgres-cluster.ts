/**
 * A throw-away PostgreSQL cluster for the server tests and the bench: Debian's binaries
 * (scripts/checks/ensure-postgresql.ts), a fresh data folder in the temp directory,
 * listening on loopback only on a free port, trust authentication (nothing but this
 * machine can reach it), stopped and deleted afterwards.
 *
 * PostgreSQL refuses to run as root. As root, the cluster runs as the `postgres` user
 * Debian's package creates (or `nobody`), through runuser; otherwise as the current user.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { ensurePostgresql } from "../checks/ensure-postgresql";
import { freePort } from "./free-port";

const SUPERUSER = "postgres";
const CANDIDATE_USERS = ["postgres", "nobody"];

export interface PostgresCluster {
  port: number;
  /** The URL of the `postgres` database, from which others are created. */
  adminUrl: string;
  stop(): void;
  /** Stops the database server (fast shutdown: connections are cut), keeping its data, for fault tests. */
  pause(): void;
  /** Starts it again on the same port, after pause(). */
  resume(): void;
}

let createdDatabases = 0;

/** Creates an empty database in the cluster of `adminUrl` and returns its URL. */
export async function createDatabase(adminUrl: string, prefix = "requests"): Promise<string> {
  createdDatabases += 1;
  const name = `${prefix}_${process.pid}_${createdDatabases}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

interface RunAs {
  user: string | null;
  uid: number;
  gid: number;
}

function unprivilegedUser(): RunAs {
  if (process.getuid?.() !== 0) return { user: null, uid: process.getuid?.() ?? -1, gid: process.getgid?.() ?? -1 };
  for (const user of CANDIDATE_USERS) {
    const id = spawnSync("id", ["-u", user], { encoding: "utf8" });
    const group = spawnSync("id", ["-g", user], { encoding: "utf8" });
    if (id.status === 0 && group.status === 0) return { user, uid: Number(id.stdout), gid: Number(group.stdout) };
  }
  throw new Error(`PostgreSQL cannot run as root, and none of the users ${CANDIDATE_USERS.join(", ")} exists.`);
}

export interface ClusterOptions {
  /**
   * Durable like production (fsync, synchronous commit) or fast for tests, where the
   * database server itself is never killed and durability is not what is checked.
   */
  durable: boolean;
}

export async function startPostgresCluster({ durable }: ClusterOptions): Promise<PostgresCluster> {
  const bin = ensurePostgresql();
  const runAs = unprivilegedUser();
  const root = mkdtempSync(join(tmpdir(), "pg-cluster-"));
  const dataDir = join(root, "data");
  if (runAs.user) chownSync(root, runAs.uid, runAs.gid);
  const run = (program: string, args: string[]) => {
    const [file, argv] = runAs.user
      ? ["runuser", ["-u", runAs.user, "--", join(bin, program), ...args]]
      : [join(bin, program), args];
    execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], cwd: root });
  };

  const port = await freePort();
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    `-k ${root}`,
    "-c max_connections=200",
    ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ].join(" ");
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } catch {
        // Already gone: nothing to stop.
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  // However the process ends, the cluster does not outlive it.
  process.once("exit", stop);

  try {
    run("initdb", ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"]);
    run("pg_ctl", ["-D", dataDir, "-l", join(root, "server.log"), "-o", settings, "-w", "-t", "60", "start"]);
    running = true;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    const log = existsSync(join(root, "server.log")) ? readFileSync(join(root, "server.log"), "utf8") : "";
    stop();
    throw new Error(`Could not start a PostgreSQL cluster: ${(error as Error).message}\n${stderr}${log}`, {
      cause: error,
    });
  }

  const start = () =>
    run("pg_ctl", ["-D", dataDir, "-l", join(root, "server.log"), "-o", settings, "-w", "-t", "60", "start"]);
  return {
    port,
    adminUrl: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
    stop,
    pause: () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    resume: start,
  };
}
