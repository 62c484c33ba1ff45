/**
 * The few git commands the update path runs in the checkout (update.ts): which branch it
 * tracks, fetching it, and a commit's files as a folder of their own. git's messages may
 * quote a remote's URL, credentials and all: they pass through `redact` before anyone reads them.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { ROLES_FOLDER } from "#shared/roles/schema.ts";
import { redact, secretTextsOf } from "../server/safe-errors";

/**
 * How long a fetch may take: git has no time limit of its own on a host that stops answering.
 * With the update's other limits it stays under ta-network-update.service's TimeoutStartSec.
 */
export const FETCH_TIMEOUT_MS = 2 * 60_000;
/** A transfer slower than this many bytes a second for that many seconds is given up by git itself (HTTPS). */
const LOW_SPEED = ["http.lowSpeedLimit=1000", "http.lowSpeedTime=30"];

/** Runs git in `dir` (with `settings` as `-c` options); its output, or an error with git's own words (redacted). */
export function git(
  dir: string,
  args: readonly string[],
  { timeoutMs, settings = [] }: { timeoutMs?: number; settings?: string[] } = {},
): string {
  const result = spawnSync("git", ["-C", dir, ...settings.flatMap((setting) => ["-c", setting]), ...args], {
    encoding: "utf8",
    // No terminal prompt for a password: a timer has no one to answer it.
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0" },
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: "SIGKILL",
  });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") {
    throw new Error(`git ${args[0]} did not finish within ${timeoutMs! / 1000} s (stopped)`);
  }
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const said = `${result.stderr}`.trim().split("\n").slice(-3).join(" ");
    throw new Error(
      redact(`git ${args[0]} failed: ${said || `exit code ${result.status}`}`, secretTextsOf(process.env)),
    );
  }
  return result.stdout.trim();
}

/** The checkout's HEAD commit, or null when it is not a git checkout (an unpacked archive). */
export function gitHead(dir: string): string | null {
  try {
    return git(dir, ["rev-parse", "--verify", "--quiet", "HEAD"]) || null;
  } catch {
    return null;
  }
}

/** The remote and branch the checkout's branch tracks (`origin`, `main`). */
export function trackedBranch(dir: string): { remote: string; branch: string } {
  const branch = git(dir, ["symbolic-ref", "--short", "HEAD"]);
  const remote = git(dir, ["config", `branch.${branch}.remote`]);
  const merge = git(dir, ["config", `branch.${branch}.merge`]);
  return { remote, branch: merge.replace(/^refs\/heads\//, "") };
}

/** The tracked branch's commit as last fetched (no network), or null when the checkout tracks none. */
export function remoteHead(dir: string): string | null {
  try {
    const { remote, branch } = trackedBranch(dir);
    return git(dir, ["rev-parse", "--verify", "--quiet", `refs/remotes/${remote}/${branch}^{commit}`]) || null;
  } catch {
    return null;
  }
}

/** Fetches the tracked branch and returns the commit it is at now, with its subject line. */
export function fetchTracked(dir: string): { commit: string; subject: string; ref: string } {
  const { remote, branch } = trackedBranch(dir);
  const ref = `refs/remotes/${remote}/${branch}`;
  git(dir, ["fetch", "--quiet", "--no-tags", remote, `+refs/heads/${branch}:${ref}`], {
    timeoutMs: FETCH_TIMEOUT_MS,
    settings: LOW_SPEED,
  });
  const commit = git(dir, ["rev-parse", "--verify", `${ref}^{commit}`]);
  return { commit, subject: git(dir, ["log", "-1", "--format=%s", commit]), ref: `${remote}/${branch}` };
}

/** Writes `commit`'s files (as git has them: no .git, nothing ignored) into the empty folder `into`. */
export function exportCommit(dir: string, commit: string, into: string): void {
  const archive = spawnSync("git", ["-C", dir, "archive", "--format=tar", commit], { maxBuffer: 1024 * 1024 * 1024 });
  if (archive.status !== 0) throw new Error(`git archive failed: ${`${archive.stderr}`.trim()}`);
  const unpack = spawnSync("tar", ["-x", "-f", "-", "-C", into], { input: archive.stdout });
  if (unpack.status !== 0) throw new Error(`tar failed: ${`${unpack.stderr}`.trim()}`);
  datePerLastCommit(dir, commit, into, `content/${ROLES_FOLDER}`);
}

/**
 * When the last commit (of `commit`'s history) that changed `path` was made, in seconds since the
 * epoch, or null when none did. The day a role's page last changed (the sitemap's lastmod) is this,
 * in a checkout and in a release (scripts/build/write-role-timetable.ts).
 */
export function lastCommitTime(dir: string, path: string, commit = "HEAD"): number | null {
  const seconds = Number(git(dir, ["log", "-1", "--format=%ct", commit, "--", path]));
  return seconds > 0 ? seconds : null;
}

/**
 * An archive stamps every file with the commit's time, and a release has no .git to ask: each
 * file of `folder` gets the time of its last commit, which the release's build finds as the
 * file's own (scripts/build/write-role-timetable.ts).
 */
function datePerLastCommit(dir: string, commit: string, into: string, folder: string): void {
  const exported = join(into, folder);
  if (!existsSync(exported)) return;
  for (const name of readdirSync(exported)) {
    const seconds = lastCommitTime(dir, `${folder}/${name}`, commit);
    if (seconds !== null) utimesSync(join(exported, name), seconds, seconds);
  }
}
