/**
 * What `npm run update` (update.ts) and `npm run rollback` (rollback.ts) share
 * (docs/deployment.md#updates-and-rollbacks): the releases as they stand, the check a release
 * passes before it serves, asking the running server's supervisor to switch to it (through
 * DATA_DIR/control.sock), and recording it as live.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AppConfig } from "../server/config";
import { DEFAULT_BUILD_DIR } from "#shared/build-dir.ts";
import { askServer, NoServerError, type ControlAnswer } from "./control";
import { gitHead } from "./git";
import {
  appendHistory,
  checkoutClient,
  keptReleases,
  liveRelease,
  olderRoots,
  readState,
  writeState,
  type Release,
  type ReleasePlaces,
  type ReleaseState,
  type SwitchedBy,
} from "./on-disk";
import { runStep, STEP_LIMITS_MS, type StepRunner } from "./steps";
import { nodeOf, START_TIMEOUT_MS } from "./supervisor";

/** How long a switch may take to answer: its server's start, and a margin. */
export const SWITCH_TIMEOUT_MS = START_TIMEOUT_MS + 10_000;

export interface ReleaseCommandContext {
  config: AppConfig;
  places: ReleasePlaces;
  log(line: string): void;
  now(): number;
  /** How npm ci, the build and the check run (runStep); a test's runner may build nothing. */
  runStep?: StepRunner;
}

/** The releases as they stand: state.json, the checkout's HEAD, and the release that serves. */
export interface Standing {
  state: ReleaseState;
  head: string | null;
  live: Release;
}

export function readStanding(places: ReleasePlaces): Standing {
  const state = readState(places);
  const head = gitHead(places.checkout);
  return { state, head, live: liveRelease(places, state, head) };
}

/** The environment of a release's steps: the operator's settings, paths made absolute (the steps run in the release). */
export function stepEnv(context: ReleaseCommandContext): NodeJS.ProcessEnv {
  return {
    ...process.env,
    BUILD_DIR: DEFAULT_BUILD_DIR,
    DATA_DIR: resolve(context.config.server.dataDir),
    RELEASES_DIR: context.places.releasesDir,
  };
}

/** The check's entry point in a release folder: `releases/check-release.ts`, or where a release built before releases/ left server/ has it. */
function checkScriptOf(dir: string): string {
  const script = "releases/check-release.ts";
  // A path of those older releases, not of this repository (the docs' path check reads the words).
  return existsSync(join(dir, script)) ? script : join("server", "deploy", "check-release.ts");
}

/** The release's own check (check-release.ts), with its own Node; resolves with its last line. */
export async function checkRelease(release: Release, context: ReleaseCommandContext, logFile: string): Promise<string> {
  const said = await (context.runStep ?? runStep)(
    {
      stage: "check",
      command: nodeOf(release.dir),
      args: ["--import", "tsx", checkScriptOf(release.dir), "--dir", release.client],
      cwd: release.dir,
      env: stepEnv(context),
      timeoutMs: STEP_LIMITS_MS.check,
    },
    logFile,
  );
  return said.trim().split("\n").at(-1)!;
}

/**
 * Asks the running server to serve `release`, with the kept releases' hashed files; its answer,
 * or null when no server runs (the next start serves the live release).
 */
export async function askToServe(
  release: Release,
  context: ReleaseCommandContext,
  { state, head }: Standing,
): Promise<ControlAnswer | null> {
  const kept = keptReleases(context.places, state, head);
  if (!kept.some((entry) => entry.id === release.id)) kept.push(release);
  const roots = olderRoots(kept, release, checkoutClient(context.places));
  const request = { command: "switch", release, olderRoots: roots } as const;
  try {
    return await askServer(context.config.server.dataDir, request, SWITCH_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof NoServerError) return null;
    throw error;
  }
}

/** Records `release` as live and says so. */
export function recordLive(
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
