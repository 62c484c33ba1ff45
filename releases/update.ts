/**
 * `npm run update` (docs/deployment.md#updates-and-rollbacks), as Capistrano and Kamal do it:
 * the fetched commit is built into a release folder of its own beside the live one, checked,
 * and only then switched to by the running server's supervisor (supervisor.ts, through
 * DATA_DIR/control.sock). Whatever fails before the switch has changed nothing live.
 *
 * - One at a time, with `npm run rollback` (rollback.ts): both hold the update lock (update-lock.ts).
 * - Installing: a release whose package-lock.json is the live release's gets the live
 *   release's node_modules as hard links (0.5 s for 56,000 files, no space), caches copied,
 *   so a build never writes into another release's files; another lock file is `npm ci`.
 * - A commit that fails to build, to pass the check or to start is not tried again until a
 *   newer one is pushed (or `npm run update -- --force`); one rolled back from, neither.
 *   The team is told of a failure once (alert.ts), naming the commit and the reason.
 *
 * Each step below throws UpdateFailed (steps.ts), its stage and reason as data; update() says
 * why, records the commit to leave alone and tells the team, in one place (failed()).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { UpdateFailure } from "../server/notifications/messages";
import { tellTeam } from "./alert";
import {
  askToServe,
  checkRelease,
  readStanding,
  recordLive,
  stepEnv,
  type ReleaseCommandContext,
  type Standing,
} from "./commands";
import { exportCommit, fetchTracked } from "./git";
import {
  CHECKOUT_ID,
  KEPT_RELEASES,
  keptReleases,
  newReleaseId,
  pruneReleases,
  RELEASE_FILE,
  releaseClient,
  skipCause,
  skipSummary,
  writeState,
  type Release,
} from "./on-disk";
import { failedAt, linkNodeModules, runStep, STEP_LIMITS_MS, UpdateFailed, type Stage } from "./steps";
import { lockUpdates } from "./update-lock";
import {
  describeChanges,
  publicSettings,
  recordedSettings,
  recordSettings,
  settingsChanges,
  SETTINGS_CHANGED_FLAG,
} from "./settings";

/** The branch's head as fetched: what an update builds. */
interface Target {
  commit: string;
  subject: string;
  ref: string;
}

/** One update as it goes: the releases as they stood when it began, what it builds, and where. */
interface UpdateRun extends Standing {
  context: ReleaseCommandContext;
  target: Target | null;
  /** The release folder being built (`<id>.partial`), removed unless it becomes a release. */
  partial: string | null;
}

/** The stages after which the commit itself is at fault, so it is left alone until a newer one comes. */
const COMMIT_AT_FAULT: readonly Stage[] = ["build", "check", "switch"];

/** What state.json's lastFailure keeps: the stage and commit of the last failure the team was told of. */
const failureKey = (stage: Stage, commit: string | null) => `${stage} ${commit ?? "-"}`;

const short = (commit: string) => commit.slice(0, 12);
const msSince = (start: number) => Math.round(performance.now() - start);

export async function update(
  context: ReleaseCommandContext,
  { force = false, settingsChanged = false }: { force?: boolean; settingsChanged?: boolean } = {},
): Promise<number> {
  const lock = lockUpdates(context.places);
  const run: UpdateRun = { context, ...readStanding(context.places), target: null, partial: null };
  try {
    if (!settingsChanged && !sameSettingsAsLive(run)) return 1;
    return await updateUnderLock(run, force);
  } catch (error) {
    if (error instanceof UpdateFailed) return await failed(run, error);
    throw error;
  } finally {
    if (run.partial) rmSync(run.partial, { recursive: true, force: true });
    lock.unlock();
  }
}

async function updateUnderLock(run: UpdateRun, force: boolean): Promise<number> {
  const target = fetchTarget(run);
  // --force builds the live commit again too: how new build-time settings go live (the server's
  // own take a restart of the service: the supervisor gives each release its environment).
  if (!force && isUpToDate(run, target)) return 0;
  if (!force && run.state.skip?.commit === target.commit) return leaveAlone(run, target);
  const release = await buildRelease(run, target);
  await goLive(run, release);
  return 0;
}

/**
 * Whether this update's public settings are the live release's (releases/settings.ts): an update
 * run without the settings file, or with another, would put other facts live; it refuses, naming each.
 */
function sameSettingsAsLive({ live, context }: UpdateRun): boolean {
  const recorded = live.id === CHECKOUT_ID ? null : recordedSettings(live.dir);
  const given = publicSettings(process.env);
  if (!recorded || settingsChanges(recorded, given).length === 0) return true;
  context.log(
    `not updated: the settings differ from those release ${live.id} was built with: ` +
      `${describeChanges(recorded, given, ["live", "given"])}. Run it with the settings file ` +
      `(node --env-file=/etc/ta-network/env ..., docs/deployment.md), or, when the change is meant: ` +
      `npm run update -- ${SETTINGS_CHANGED_FLAG}`,
  );
  return false;
}

/** Fetches the tracked branch: its head is the target. */
function fetchTarget(run: UpdateRun): Target {
  try {
    run.target = fetchTracked(run.context.places.checkout);
    return run.target;
  } catch (error) {
    throw failedAt("fetch", error);
  }
}

/**
 * Whether the target is live already. The checkout never is: it was built (if at all) in
 * place, not as a release, and a fresh install's first update builds the release its service serves.
 */
function isUpToDate(run: UpdateRun, target: Target): boolean {
  const { live, state, context } = run;
  if (target.commit !== live.commit || live.id === CHECKOUT_ID) return false;
  context.log(`up to date: release ${live.id} is ${target.ref} (commit ${short(target.commit)})`);
  // The git host is back: a fetch failure told before may be told again the next time.
  if (state.lastFailure === failureKey("fetch", null)) state.lastFailure = null;
  writeState(context.places, state);
  return true;
}

/** The target failed, or was rolled back from: it is not tried again. A failure the team could not be told of yet is told now. */
async function leaveAlone(run: UpdateRun, target: Target): Promise<number> {
  const skip = run.state.skip!;
  run.context.log(
    `commit ${short(target.commit)} (${target.ref}) is left alone: ${skipCause(skip)} (${skipSummary(skip)}). ` +
      "Push a newer commit, or: npm run update -- --force",
  );
  if (skip.why === "failed") await alertOnce(run, new UpdateFailed(skip.stage, skip.reason));
  return 0;
}

/** Exports, installs, builds and checks the target in `<id>.partial`, then makes it release `<id>`. */
async function buildRelease(run: UpdateRun, target: Target): Promise<Release> {
  const { context } = run;
  const id = newReleaseId(target.commit, context.now());
  const dir = join(context.places.releasesDir, id);
  const logFile = join(context.places.releasesDir, `${id}.log`);
  context.log(
    `updating to ${target.ref} (commit ${short(target.commit)}: ${target.subject}) in release ${id}; its log: ${logFile}`,
  );
  run.partial = `${dir}.partial`;
  mkdirSync(run.partial, { recursive: true });
  const building = releaseOf(id, run.partial, target);
  try {
    exportCommit(context.places.checkout, target.commit, building.dir);
    await install(run, building.dir, logFile);
    await build(run, building.dir, logFile);
    recordSettings(building.dir, process.env);
    await check(run, building, logFile);
  } catch (error) {
    throw failedAt("install", error);
  }
  return seal(run, building, dir);
}

function releaseOf(id: string, dir: string, target: Target): Release {
  return { id, dir, client: releaseClient(dir), commit: target.commit, subject: target.subject };
}

/** node_modules linked from a kept release with the same package-lock.json, else `npm ci`. */
async function install(run: UpdateRun, dir: string, logFile: string): Promise<void> {
  const { context } = run;
  const started = performance.now();
  const donor = sameLockRelease(run, readFileSync(join(dir, "package-lock.json")));
  if (donor) {
    await linkNodeModules(join(donor.dir, "node_modules"), join(dir, "node_modules"), logFile);
    context.log(
      `installed: node_modules linked from release ${donor.id} (same package-lock.json) in ${msSince(started)} ms`,
    );
    return;
  }
  await npmStep(run, "install", ["ci", "--no-audit", "--no-fund"], dir, logFile);
  context.log(`installed: npm ci in ${msSince(started)} ms`);
}

/** Runs `npm <args>` in the release folder `dir` as the step `stage`, within its time limit. */
function npmStep(run: UpdateRun, stage: "install" | "build", args: string[], dir: string, logFile: string) {
  const { context } = run;
  const step = { stage, command: "npm", args, cwd: dir, env: stepEnv(context), timeoutMs: STEP_LIMITS_MS[stage] };
  return (context.runStep ?? runStep)(step, logFile);
}

/** The live release, else the newest kept one, whose installed package-lock.json is `lockFile`. */
function sameLockRelease({ context, state, head, live }: UpdateRun, lockFile: Buffer): Release | undefined {
  const installed = (release: Release) =>
    existsSync(join(release.dir, "node_modules")) &&
    existsSync(join(release.dir, "package-lock.json")) &&
    readFileSync(join(release.dir, "package-lock.json")).equals(lockFile);
  return [live, ...keptReleases(context.places, state, head).reverse()].find(installed);
}

async function build(run: UpdateRun, dir: string, logFile: string): Promise<void> {
  const { context } = run;
  const started = performance.now();
  await npmStep(run, "build", ["--loglevel=error", "run", "build"], dir, logFile);
  context.log(`built in ${msSince(started)} ms`);
}

async function check(run: UpdateRun, release: Release, logFile: string): Promise<void> {
  const started = performance.now();
  const said = await checkRelease(release, run.context, logFile);
  run.context.log(`${said} (${msSince(started)} ms)`);
}

/** Writes release.json into the built folder and gives it its release name: from now on it is a kept release. */
function seal(run: UpdateRun, building: Release, dir: string): Release {
  const { id, commit, subject } = building;
  const record = { id, commit, subject, builtAt: run.context.now() };
  writeFileSync(join(building.dir, RELEASE_FILE), `${JSON.stringify(record, null, 2)}\n`);
  renameSync(building.dir, dir);
  run.partial = null;
  return { ...building, dir, client: releaseClient(dir) };
}

/** Asks the running server to serve the release (or records it for the next start), then keeps the last KEPT_RELEASES. */
async function goLive(run: UpdateRun, release: Release): Promise<void> {
  const { context, state, live } = run;
  // Releases beyond the three kept go first (never the live one), so the new server is not
  // given their assets to answer: only what stays on disk.
  const pruned = pruneReleases(context.places, live);
  const answer = await askToServe(release, context, run);
  if (answer && !answer.ok) {
    rmSync(release.dir, { recursive: true, force: true });
    throw new UpdateFailed("switch", answer.error);
  }
  if (live.id === CHECKOUT_ID && state.checkoutCommit === null) state.checkoutCommit = live.commit;
  state.skip = null;
  state.lastFailure = null;
  recordLive(release, "update", answer, context, state);
  pruned.push(...pruneReleases(context.places, release));
  if (pruned.length > 0) {
    context.log(
      `deleted release${pruned.length > 1 ? "s" : ""} ${pruned.join(", ")} (the last ${KEPT_RELEASES} are kept)`,
    );
  }
}

/** Says why the update failed, leaves the commit alone when it is at fault, and tells the team once. */
async function failed(run: UpdateRun, failure: UpdateFailed): Promise<number> {
  const { context, state, target, live } = run;
  const tried = target ? ` for commit ${short(target.commit)}` : "";
  context.log(`not updated: ${failure.stage} failed${tried}; release ${live.id} still serves.\n${failure.reason}`);
  if (run.partial) rmSync(run.partial, { recursive: true, force: true });
  if (target && COMMIT_AT_FAULT.includes(failure.stage)) {
    state.skip = {
      commit: target.commit,
      why: "failed",
      stage: failure.stage,
      reason: failure.reason,
      at: context.now(),
    };
  }
  writeState(context.places, state);
  await alertOnce(run, failure);
  return 1;
}

/** Tells the team of a failure of the target, unless it was told of this one (its stage and commit) already. */
async function alertOnce({ context, state, target, live }: UpdateRun, { stage, reason }: UpdateFailed): Promise<void> {
  const commit = target?.commit ?? null;
  const key = failureKey(stage, commit);
  if (state.lastFailure === key) return context.log("the team was told of this failure already");
  const failure: UpdateFailure = {
    kind: "update-failed",
    stage,
    commit,
    subject: target?.subject ?? null,
    reason,
    live: { id: live.id, commit: live.commit },
    host: hostname(),
  };
  const { notifications, delivery } = context.config.server;
  if (await tellTeam(notifications, failure, { timeoutMs: delivery.timeoutMs, log: context.log })) {
    state.lastFailure = key;
    writeState(context.places, state);
  }
}
