/**
 * The commands an update runs in a release folder (npm ci, the build, the release's check), each
 * with a time limit, its output kept in the release's log; and the failure an update stops
 * with, its stage and reason as data (docs/deployment.md#updates-and-rollbacks).
 */
import { spawn } from "node:child_process";
import { cpSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import type { UpdateFailure } from "../server/notifications/messages";
import { redact, secretTextsOf } from "../server/safe-errors";

/** What an update was doing when it failed: fetching, installing, building, checking, or switching. */
export type Stage = UpdateFailure["stage"];

/** Why an update stopped before its release went live: the stage, and the reason in the failing step's own words. */
export class UpdateFailed extends Error {
  constructor(
    readonly stage: Stage,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** `error` as an UpdateFailed: one already is, anything else failed at `stage`. */
export function failedAt(stage: Stage, error: unknown): UpdateFailed {
  return error instanceof UpdateFailed ? error : new UpdateFailed(stage, (error as Error).message);
}

const MINUTE_MS = 60_000;
/**
 * How long each step may take before it is stopped and the update fails (told like any
 * failure). With the fetch's (git.ts) and the switch's, they stay under the 30 min
 * TimeoutStartSec of ta-network-update.service: killed by systemd, no one would be told.
 */
export const STEP_LIMITS_MS = { install: 10 * MINUTE_MS, build: 10 * MINUTE_MS, check: 3 * MINUTE_MS } as const;

/** The lines of a failed step's output that the log and the team's alert quote. */
const REASON_LINES = 12;
const REASON_MAX_CHARS = 2000;

/** A command an update runs in a release. */
export interface Step {
  stage: Stage;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Runs a step, its output appended to `logFile`; resolves with the output, rejects with UpdateFailed. */
export type StepRunner = (step: Step, logFile: string) => Promise<string>;

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

/** A time limit as people read it: `10 min`, `0.2 s`. */
const limitText = (ms: number) => (ms >= MINUTE_MS ? `${ms / MINUTE_MS} min` : `${ms / 1000} s`);

/** Why a step that ended with `code` (or ran over its limit) failed, or null when it did not. */
function stepFailure({ stage, command, args, timeoutMs }: Step, output: string, code: number | null, overran: boolean) {
  if (overran) {
    const stopped = `${[command, ...args].join(" ")} did not finish within ${limitText(timeoutMs)} (stopped)`;
    return new UpdateFailed(stage, `${reasonFrom(output)}\n${stopped}`.trim());
  }
  if (code === 0) return null;
  return new UpdateFailed(stage, reasonFrom(output) || `${command} exited with code ${code}`);
}

/** Runs a step's command in its `cwd`, its output kept in `logFile`; rejects with the output's last lines. */
export function runStep(step: Step, logFile: string): Promise<string> {
  return new Promise((resolveStep, reject) => {
    // A process group of its own, stopped whole: a build is npm, sh, astro, vite..., and a
    // grandchild left running would hold the output open (and this update with it).
    const child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env: step.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const group = stopGroupOnSignals(child.pid);
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      group.stop();
    }, step.timeoutMs);
    let output = "";
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", (error) => {
      clearTimeout(timer);
      group.release();
      reject(new UpdateFailed(step.stage, error.message));
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      group.release();
      writeFileSync(logFile, output, { flag: "a" });
      const failure = stepFailure(step, output, code, overran);
      if (failure) reject(failure);
      else resolveStep(output);
    });
  });
}

/**
 * Stops the process group `pid` leads when this process gets SIGINT or SIGTERM (its own group is
 * out of reach of a terminal's Ctrl-C), then exits as that signal would; `stop()` stops it now,
 * `release()` forgets it once it has ended.
 */
function stopGroupOnSignals(pid: number | undefined): { stop(): void; release(): void } {
  const stop = () => {
    try {
      if (pid) process.kill(-pid, "SIGKILL");
    } catch {
      // It has ended already.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.exit(128 + constants.signals[signal]);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return {
    stop,
    release: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
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
