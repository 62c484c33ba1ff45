/**
 * `npm run update` and `npm run rollback` (docs/deployment.md#updates-and-rollbacks), as
 * Capistrano and Kamal do it: the fetched commit is built into a release folder of its own
 * beside the live one, checked, and only then switched to by the running server's supervisor
 * (supervisor.ts, through DATA_DIR/control.sock); a rollback switches back to the release
 * before the live one. Whatever fails before the switch has changed nothing live.
 *
 * - One at a time: both hold RELEASES_DIR/update.lock (an exclusive lock the system lets go
 *   of when the process ends, however it ends).
 * - Installing: a release whose package-lock.json is the live release's gets the live
 *   release's node_modules as hard links (0.5 s for 56,000 files, no space), caches copied,
 *   so a build never writes into another release's files; another lock file is `npm ci`.
 * - A commit that fails to build, to pass the check or to start is not tried again until a
 *   newer one is pushed (or `npm run update -- --force`); one rolled back from, neither.
 *   The team is told of a failure once (alert.ts), naming the commit and the reason.
 */
import { spawn } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { constants, hostname } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import type { AppConfig } from "../server/config";
import type { UpdateFailure } from "../server/notifications/messages";
import { redact, secretTextsOf } from "../server/safe-errors";
import { tellTeam } from "./alert";
import { askServer, NoServerError, type ControlAnswer } from "./control";
import { exportCommit, fetchTracked, gitHead, remoteHead } from "./git";
import {
  appendHistory,
  CHECKOUT_ID,
  KEPT_RELEASES,
  keptReleases,
  liveRelease,
  newReleaseId,
  olderRoots,
  pruneReleases,
  readState,
  RELEASE_FILE,
  rollbackTarget,
  writeState,
  type Release,
  type ReleasePlaces,
  type ReleaseState,
  type SwitchedBy,
} from "./on-disk";
import { nodeOf, START_TIMEOUT_MS } from "./supervisor";

const LOCK_FILE = "update.lock";
/** The lines of a failed step's output that the log and the team's alert quote. */
const REASON_LINES = 12;
const REASON_MAX_CHARS = 2000;

export interface ReleaseCommandContext {
  config: AppConfig;
  places: ReleasePlaces;
  log(line: string): void;
  now(): number;
  /** How npm ci, the build and the check run (runStep); a test's runner may build nothing. */
  runStep?: StepRunner;
}

type Stage = UpdateFailure["stage"];

const MINUTE_MS = 60_000;
/**
 * How long each step may take before it is stopped and the update fails (told like any
 * failure). With the fetch's (git.ts) and the switch's, they stay under the 30 min
 * TimeoutStartSec of ta-network-update.service: killed by systemd, no one would be told.
 */
export const STEP_LIMITS_MS = { install: 10 * MINUTE_MS, build: 10 * MINUTE_MS, check: 3 * MINUTE_MS } as const;

/** A command an update runs in a release. */
export interface Step {
  stage: Stage;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Runs a step, its output appended to `logFile`; resolves with the output, rejects with StepFailed. */
export type StepRunner = (step: Step, logFile: string) => Promise<string>;

class StepFailed extends Error {
  constructor(
    readonly stage: Stage,
    reason: string,
  ) {
    super(reason);
  }
}

/** Holds RELEASES_DIR/update.lock until `release()`; throws when another update or rollback holds it. */
export function lockUpdates(places: ReleasePlaces): { release(): void } {
  mkdirSync(places.releasesDir, { recursive: true, mode: 0o700 });
  const path = join(places.releasesDir, LOCK_FILE);
  closeSync(openSync(path, "a", 0o600));
  const lock = new Database(path, { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch {
    lock.close();
    throw new Error("Another update or rollback is running: try again when it has finished.");
  }
  return { release: () => lock.close() };
}

/** The last lines of a step's output, without a secret of the configuration. */
function reasonFrom(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "" && !/^npm (warn|notice)/.test(line));
  const text = lines.slice(-REASON_LINES).join("\n");
  return redact(
    text.length > REASON_MAX_CHARS ? `…${text.slice(-REASON_MAX_CHARS)}` : text,
    secretTextsOf(process.env),
  );
}

/** Runs a step's command in its `cwd`, its output kept in `logFile`; rejects with the output's last lines. */
export function runStep({ stage, command, args, cwd, env, timeoutMs }: Step, logFile: string): Promise<string> {
  return new Promise((resolveStep, reject) => {
    // A process group of its own, stopped whole: a build is npm, sh, astro, vite..., and a
    // grandchild left running would hold the output open (and this update with it).
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const stopGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // It has ended already.
      }
    };
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      stopGroup();
    }, timeoutMs);
    // Its own group is out of reach of a terminal's Ctrl-C: a signal to the update stops it too.
    const onSignal = (signal: NodeJS.Signals) => {
      stopGroup();
      process.exit(128 + constants.signals[signal]);
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    const settle = () => {
      clearTimeout(timer);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    };
    let output = "";
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", (error) => {
      settle();
      reject(new StepFailed(stage, error.message));
    });
    child.once("close", (code) => {
      settle();
      writeFileSync(logFile, output, { flag: "a" });
      const limit = timeoutMs >= MINUTE_MS ? `${timeoutMs / MINUTE_MS} min` : `${timeoutMs / 1000} s`;
      if (overran)
        reject(
          new StepFailed(
            stage,
            `${reasonFrom(output)}\n${[command, ...args].join(" ")} did not finish within ${limit} (stopped)`.trim(),
          ),
        );
      else if (code === 0) resolveStep(output);
      else reject(new StepFailed(stage, reasonFrom(output) || `${command} exited with code ${code}`));
    });
  });
}

/**
 * node_modules of `from` as hard links in `to`, but for the caches at its top (.astro, .cache,
 * .vite), which a build writes: those are copied, so no build writes into another release.
 */
export async function linkNodeModules(from: string, to: string, logFile: string): Promise<void> {
  await runStep(
    {
      stage: "install",
      command: "cp",
      args: ["-al", from, to],
      cwd: join(to, ".."),
      env: process.env,
      timeoutMs: STEP_LIMITS_MS.install,
    },
    logFile,
  );
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!entry.name.startsWith(".") || entry.name === ".bin" || !entry.isDirectory()) continue;
    rmSync(join(to, entry.name), { recursive: true, force: true });
    cpSync(join(from, entry.name), join(to, entry.name), { recursive: true });
  }
}

/** The environment of a release's steps: the operator's settings, paths made absolute (the steps run in the release). */
function stepEnv(context: ReleaseCommandContext): NodeJS.ProcessEnv {
  return {
    ...process.env,
    BUILD_DIR: "build",
    DATA_DIR: resolve(context.config.server.dataDir),
    RELEASES_DIR: context.places.releasesDir,
  };
}

/** The release's own check (check-release.ts), with its own Node. */
function checkRelease(release: Release, context: ReleaseCommandContext, logFile: string): Promise<string> {
  return (context.runStep ?? runStep)(
    {
      stage: "check",
      command: nodeOf(release.dir),
      args: ["--import", "tsx", "releases/check-release.ts", "--dir", release.client],
      cwd: release.dir,
      env: stepEnv(context),
      timeoutMs: STEP_LIMITS_MS.check,
    },
    logFile,
  );
}

/** Asks the running server to serve `release`; NoServerError when none runs. */
async function switchTo(
  release: Release,
  context: ReleaseCommandContext,
  state: ReleaseState,
  head: string | null,
): Promise<ControlAnswer> {
  const kept = keptReleases(context.places, state, head);
  if (!kept.some((entry) => entry.id === release.id)) kept.push(release);
  const roots = olderRoots(kept, release, join(context.places.checkoutBuildDir, "client"));
  return askServer(
    context.config.server.dataDir,
    { command: "switch", release, olderRoots: roots },
    START_TIMEOUT_MS + 10_000,
  );
}

/** Records `release` as live and says so. */
function recordLive(
  release: Release,
  by: SwitchedBy,
  answer: ControlAnswer | null,
  context: ReleaseCommandContext,
  state: ReleaseState,
): void {
  state.live = { id: release.id, commit: release.commit, liveAt: context.now(), by };
  writeState(context.places, state);
  appendHistory(context.places, state.live);
  const commit = release.commit ? ` (commit ${release.commit.slice(0, 12)})` : "";
  if (answer?.ok) {
    const replaced = answer.replaced
      ? `; release ${answer.replaced.release.id} (pid ${answer.replaced.pid}) drains`
      : "";
    context.log(`release ${release.id}${commit} is live: pid ${answer.serving.pid} serves it${replaced}`);
  } else {
    context.log(`release ${release.id}${commit} is the live release: no server runs now, and the next start serves it`);
  }
}

const failureKey = (stage: Stage, commit: string | null) => `${stage} ${commit ?? "-"}`;

export async function update(context: ReleaseCommandContext, { force = false } = {}): Promise<number> {
  const { places, log } = context;
  const run = context.runStep ?? runStep;
  const lock = lockUpdates(places);
  const state = readState(places);
  const head = gitHead(places.checkout);
  const live = liveRelease(places, state, head);
  let target: { commit: string; subject: string; ref: string } | null = null;
  let partial: string | null = null;

  const fail = async (stage: Stage, reason: string): Promise<number> => {
    log(
      `not updated: ${stage} failed${target ? ` for commit ${target.commit.slice(0, 12)}` : ""}; release ${live.id} still serves.\n${reason}`,
    );
    if (partial) rmSync(partial, { recursive: true, force: true });
    if (target && stage !== "fetch" && stage !== "install") {
      state.skip = { commit: target.commit, why: "failed", reason: `${stage}: ${reason}`, at: context.now() };
    }
    writeState(places, state);
    await alertOnce(stage, target?.commit ?? null, target?.subject ?? null, reason);
    return 1;
  };
  const alertOnce = async (stage: Stage, commit: string | null, subject: string | null, reason: string) => {
    const key = failureKey(stage, commit);
    if (state.lastFailure === key) return log("the team was told of this failure already");
    const failure: UpdateFailure = {
      kind: "update-failed",
      stage,
      commit,
      subject,
      reason,
      live: { id: live.id, commit: live.commit },
      host: hostname(),
    };
    if (
      await tellTeam(context.config.server.notifications, failure, {
        timeoutMs: context.config.server.delivery.timeoutMs,
        log,
      })
    ) {
      state.lastFailure = key;
      writeState(places, state);
    }
  };

  try {
    try {
      target = fetchTracked(places.checkout);
    } catch (error) {
      return await fail("fetch", (error as Error).message);
    }
    // --force builds the live commit again too: how new build-time settings go live (the server's
    // own take a restart of the service: the supervisor gives each release its environment).
    // The checkout is never up to date: it was built (if at all) in place, not as a release, and
    // a fresh install's first update is what builds the release its service serves.
    if (target.commit === live.commit && live.id !== CHECKOUT_ID && !force) {
      log(`up to date: release ${live.id} is ${target.ref} (commit ${target.commit.slice(0, 12)})`);
      if (state.lastFailure?.startsWith("fetch ")) state.lastFailure = null;
      writeState(places, state);
      return 0;
    }
    if (!force && state.skip?.commit === target.commit) {
      log(
        `commit ${target.commit.slice(0, 12)} (${target.ref}) is left alone: ${state.skip.why === "failed" ? "it failed" : "it was rolled back from"} ` +
          `(${state.skip.reason.split("\n")[0]}). Push a newer commit, or: npm run update -- --force`,
      );
      // A failure the team could not be told of yet is told now.
      if (state.skip.why === "failed") {
        const [stage] = state.skip.reason.split(":") as [Stage];
        await alertOnce(stage, target.commit, target.subject, state.skip.reason.slice(stage.length + 2));
      }
      return 0;
    }

    const id = newReleaseId(target.commit, context.now());
    const dir = join(places.releasesDir, id);
    partial = `${dir}.partial`;
    const logFile = join(places.releasesDir, `${id}.log`);
    log(
      `updating to ${target.ref} (commit ${target.commit.slice(0, 12)}: ${target.subject}) in release ${id}; its log: ${logFile}`,
    );
    mkdirSync(partial, { recursive: true });
    const started = performance.now();
    try {
      exportCommit(places.checkout, target.commit, partial);
      const lockFile = readFileSync(join(partial, "package-lock.json"));
      const sameLock = [live, ...keptReleases(places, state, head).reverse()].find(
        (release) =>
          existsSync(join(release.dir, "node_modules")) &&
          existsSync(join(release.dir, "package-lock.json")) &&
          readFileSync(join(release.dir, "package-lock.json")).equals(lockFile),
      );
      if (sameLock) {
        await linkNodeModules(join(sameLock.dir, "node_modules"), join(partial, "node_modules"), logFile);
        log(
          `installed: node_modules linked from release ${sameLock.id} (same package-lock.json) in ${Math.round(performance.now() - started)} ms`,
        );
      } else {
        await run(
          {
            stage: "install",
            command: "npm",
            args: ["ci", "--no-audit", "--no-fund"],
            cwd: partial,
            env: stepEnv(context),
            timeoutMs: STEP_LIMITS_MS.install,
          },
          logFile,
        );
        log(`installed: npm ci in ${Math.round(performance.now() - started)} ms`);
      }
      const built = performance.now();
      await run(
        {
          stage: "build",
          command: "npm",
          args: ["--loglevel=error", "run", "build"],
          cwd: partial,
          env: stepEnv(context),
          timeoutMs: STEP_LIMITS_MS.build,
        },
        logFile,
      );
      log(`built in ${Math.round(performance.now() - built)} ms`);
      const release: Release = {
        id,
        dir: partial,
        client: join(partial, "build", "client"),
        commit: target.commit,
        subject: target.subject,
      };
      const checked = performance.now();
      const said = await checkRelease(release, context, logFile);
      log(`${said.trim().split("\n").at(-1)} (${Math.round(performance.now() - checked)} ms)`);
    } catch (error) {
      if (error instanceof StepFailed) return await fail(error.stage, error.message);
      return await fail("install", (error as Error).message);
    }
    writeFileSync(
      join(partial, RELEASE_FILE),
      `${JSON.stringify({ id, commit: target.commit, subject: target.subject, builtAt: context.now() }, null, 2)}\n`,
    );
    renameSync(partial, dir);
    partial = null;
    const release: Release = {
      id,
      dir,
      client: join(dir, "build", "client"),
      commit: target.commit,
      subject: target.subject,
    };

    // Releases beyond the three kept go first (never the live one), so the new server is not
    // given their assets to answer: only what stays on disk.
    const pruned = pruneReleases(places, live);
    let answer: ControlAnswer | null = null;
    try {
      answer = await switchTo(release, context, state, head);
    } catch (error) {
      if (!(error instanceof NoServerError)) throw error;
    }
    if (answer && !answer.ok) {
      rmSync(dir, { recursive: true, force: true });
      return await fail("switch", answer.error);
    }
    if (live.id === CHECKOUT_ID && state.checkoutCommit === null) state.checkoutCommit = live.commit;
    state.skip = null;
    state.lastFailure = null;
    recordLive(release, "update", answer, context, state);
    pruned.push(...pruneReleases(places, release));
    if (pruned.length > 0)
      log(`deleted release${pruned.length > 1 ? "s" : ""} ${pruned.join(", ")} (the last ${KEPT_RELEASES} are kept)`);
    return 0;
  } finally {
    if (partial) rmSync(partial, { recursive: true, force: true });
    lock.release();
  }
}

export async function rollback(context: ReleaseCommandContext): Promise<number> {
  const { places, log } = context;
  const lock = lockUpdates(places);
  try {
    const state = readState(places);
    const head = gitHead(places.checkout);
    const live = liveRelease(places, state, head);
    const target = rollbackTarget(keptReleases(places, state, head), live);
    if (!target) {
      log(`no release before ${live.id} is kept: nothing to roll back to (push a revert, then npm run update)`);
      return 1;
    }
    const logFile = join(places.releasesDir, `rollback-${target.id}.log`);
    try {
      log(await checkRelease(target, context, logFile).then((said) => said.trim().split("\n").at(-1)!));
    } catch (error) {
      const reason = (error as Error).message;
      const schema = /newer than this server knows/.test(reason)
        ? "\nThe database was migrated by a later release in a way this one cannot read; docs/deployment.md#updates-and-rollbacks says what to do."
        : "";
      log(
        `not rolled back: release ${target.id} did not pass its check; release ${live.id} still serves.\n${reason}${schema}`,
      );
      return 1;
    }
    let answer: ControlAnswer | null = null;
    try {
      answer = await switchTo(target, context, state, head);
    } catch (error) {
      if (!(error instanceof NoServerError)) throw error;
    }
    if (answer && !answer.ok) {
      log(`not rolled back: ${answer.error}; release ${live.id} still serves`);
      return 1;
    }
    // The timer would otherwise build the branch's head again within minutes: after a second
    // rollback that is the commit the first one left, not the one this one leaves.
    const skip = remoteHead(places.checkout) ?? live.commit;
    if (skip && state.skip?.commit !== skip) {
      const reason =
        skip === live.commit
          ? `rolled back from release ${live.id}`
          : `the branch's head when release ${live.id} was rolled back from`;
      state.skip = { commit: skip, why: "rolled-back", reason, at: context.now() };
    }
    recordLive(target, "rollback", answer, context, state);
    return 0;
  } finally {
    lock.release();
  }
}
