/**
 * `npm run rollback` (docs/deployment.md#updates-and-rollbacks), as Capistrano does it: back to
 * the kept release before the live one, after the same check an update's release passes, with
 * the same switch. The branch's head is left alone, so the update timer does not build it again.
 */
import { join } from "node:path";
import { remoteHead } from "./git";
import { keptReleases, rollbackTarget, type Release } from "./on-disk";
import {
  askToServe,
  checkRelease,
  readStanding,
  recordLive,
  type ReleaseCommandContext,
  type Standing,
} from "./commands";
import { lockUpdates } from "./update-lock";
import { describeChanges, recordedSettings, settingsChanges, SETTINGS_CHANGED_FLAG } from "./settings";

/** What the store's check says of a database a later release migrated beyond this one (server/requests/stores/). */
const NEWER_SCHEMA = /newer than this server knows/;

export async function rollback(
  context: ReleaseCommandContext,
  { settingsChanged = false }: { settingsChanged?: boolean } = {},
): Promise<number> {
  const lock = lockUpdates(context.places);
  try {
    return await rollbackUnderLock(context, settingsChanged);
  } finally {
    lock.unlock();
  }
}

async function rollbackUnderLock(context: ReleaseCommandContext, settingsChanged: boolean): Promise<number> {
  const standing = readStanding(context.places);
  const { live } = standing;
  const target = rollbackTarget(keptReleases(context.places, standing.state, standing.head), live);
  if (!target) {
    context.log(`no release before ${live.id} is kept: nothing to roll back to (push a revert, then npm run update)`);
    return 1;
  }
  // A release built with other public settings (a build from a shell without them) is not put back unasked.
  const [from, to] = [recordedSettings(live.dir), recordedSettings(target.dir)];
  if (!settingsChanged && from && to && settingsChanges(from, to).length > 0) {
    context.log(
      `not rolled back: release ${target.id} was built with other settings than release ${live.id}: ` +
        `${describeChanges(from, to, ["live", "then"])}. When the change is meant: npm run rollback -- ${SETTINGS_CHANGED_FLAG}`,
    );
    return 1;
  }
  if (!(await passesCheck(target, live, context))) return 1;
  const answer = await askToServe(target, context, standing);
  if (answer && !answer.ok) {
    context.log(`not rolled back: ${answer.error}; release ${live.id} still serves`);
    return 1;
  }
  leaveBranchHeadAlone(standing, context);
  recordLive(target, "rollback", answer, context, standing.state);
  return 0;
}

/** Runs `target`'s check; says why when it fails (with what to do about a database migrated beyond it). */
async function passesCheck(target: Release, live: Release, context: ReleaseCommandContext): Promise<boolean> {
  const logFile = join(context.places.releasesDir, `rollback-${target.id}.log`);
  try {
    context.log(await checkRelease(target, context, logFile));
    return true;
  } catch (error) {
    const reason = (error as Error).message;
    const schema = NEWER_SCHEMA.test(reason)
      ? "\nThe database was migrated by a later release in a way this one cannot read; docs/deployment.md#updates-and-rollbacks says what to do."
      : "";
    context.log(
      `not rolled back: release ${target.id} did not pass its check; release ${live.id} still serves.\n${reason}${schema}`,
    );
    return false;
  }
}

/**
 * The timer would otherwise build the branch's head again within minutes: after a second
 * rollback that is the commit the first one left, not the one this one leaves.
 */
function leaveBranchHeadAlone({ state, live }: Standing, context: ReleaseCommandContext): void {
  const skip = remoteHead(context.places.checkout) ?? live.commit;
  if (!skip || state.skip?.commit === skip) return;
  const reason =
    skip === live.commit
      ? `rolled back from release ${live.id}`
      : `the branch's head when release ${live.id} was rolled back from`;
  state.skip = { commit: skip, why: "rolled-back", reason, at: context.now() };
}
