/**
 * Releases, as Capistrano keeps them (docs/decisions/0024-releases-not-restarts.md): each
 * update builds the fetched commit into a folder of its own under RELEASES_DIR
 * (`<UTC time>-<commit>`), never touching the folder being served; the last KEPT_RELEASES
 * stay, so a rollback is one step and a page loaded before a switch still finds its hashed
 * files. The checkout itself is the release served before the first update (`checkout`).
 *
 * RELEASES_DIR/state.json says which release is live (when it went live, by update or
 * rollback), which commit automatic updates leave alone (it failed, or it was rolled back
 * from) and the last failure the team was told of; history.log has one JSON line per switch.
 * Only the update and rollback commands write them, under their lock (update.ts).
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Stage } from "./steps";
import { buildDirOf, CLIENT_FOLDER, DEFAULT_BUILD_DIR } from "#shared/build-dir.ts";

/** The live release and the two before it (issue 44). */
export const KEPT_RELEASES = 3;
/** The id of the checkout when it is the release served (before the first update). */
export const CHECKOUT_ID = "checkout";
/** A release folder's name: the UTC time it was built, then its commit. */
const RELEASE_ID = /^\d{8}T\d{6}Z-[0-9a-f]{7,40}$/;
/** What an update writes into a release folder once it is built and checked. */
export const RELEASE_FILE = "release.json";
const STATE_FILE = "state.json";
const HISTORY_FILE = "history.log";

export interface Release {
  /** `checkout`, or the folder's name under RELEASES_DIR. */
  id: string;
  /** Its folder: the checkout, or RELEASES_DIR/<id>. */
  dir: string;
  /** Its build's client folder, what its server serves. */
  client: string;
  /** The commit it was built from (the checkout's HEAD for the checkout). */
  commit: string | null;
  /** That commit's subject line, for people. */
  subject: string | null;
}

export type SwitchedBy = "update" | "rollback";

export interface LiveRecord {
  id: string;
  commit: string | null;
  /** When it went live (ms since the epoch). */
  liveAt: number;
  by: SwitchedBy;
}

/** A commit automatic updates do not try again until a newer one is pushed (or `update -- --force`). */
export type SkippedCommit = { commit: string; at: number } & (
  { why: "failed"; stage: Stage; reason: string } | { why: "rolled-back"; reason: string }
);

/** Why a commit is left alone, for people: `it failed`, `it was rolled back from`. */
export const skipCause = (skip: SkippedCommit) => (skip.why === "failed" ? "it failed" : "it was rolled back from");

/** Why a commit is left alone, in one line: `build: <the failing step's last words>`, or the rollback it came from. */
export function skipSummary(skip: SkippedCommit): string {
  const [firstLine] = skip.reason.split("\n");
  return skip.why === "failed" ? `${skip.stage}: ${firstLine}` : firstLine!;
}

export interface ReleaseState {
  /** Null while the checkout is served. */
  live: LiveRecord | null;
  /** The checkout's commit when the first update replaced it: it can be rolled back to while HEAD is still that commit. */
  checkoutCommit: string | null;
  skip: SkippedCommit | null;
  /** The last failure the team was told of (its stage and commit), so that a repeat is not told again; null once an update succeeds. */
  lastFailure: string | null;
}

/** Where the releases are: the checkout (the git repository updates fetch into) and RELEASES_DIR. */
export interface ReleasePlaces {
  checkout: string;
  releasesDir: string;
  /** The checkout's BUILD_DIR, what it serves while it is the release. */
  checkoutBuildDir: string;
}

export function releasePlaces({
  checkout,
  releasesDir,
  buildDir = DEFAULT_BUILD_DIR,
}: {
  checkout: string;
  releasesDir: string;
  buildDir?: string;
}): ReleasePlaces {
  return {
    checkout: resolve(checkout),
    releasesDir: resolve(releasesDir),
    checkoutBuildDir: resolve(checkout, buildDir),
  };
}

/** The checkout these modules run from: `npm start` serves it before the first update, and updates fetch into it. */
const CHECKOUT_DIR = fileURLToPath(new URL("..", import.meta.url));

/** This checkout's places: RELEASES_DIR from the server's settings, its build in BUILD_DIR. */
export function checkoutPlaces(releasesDir: string): ReleasePlaces {
  return releasePlaces({ checkout: CHECKOUT_DIR, releasesDir, buildDir: buildDirOf(process.env) });
}

const EMPTY_STATE: ReleaseState = { live: null, checkoutCommit: null, skip: null, lastFailure: null };

export function readState(places: ReleasePlaces): ReleaseState {
  const path = join(places.releasesDir, STATE_FILE);
  if (!existsSync(path)) return { ...EMPTY_STATE };
  const state = { ...EMPTY_STATE, ...(JSON.parse(readFileSync(path, "utf8")) as Partial<ReleaseState>) };
  return { ...state, skip: state.skip && withStage(state.skip) };
}

/**
 * A failed commit's stage, which a state.json written before it was kept apart has at the head
 * of the reason (`build: ...`); read once, written back apart by the next update.
 */
function withStage(skip: SkippedCommit): SkippedCommit {
  if (skip.why !== "failed" || skip.stage !== undefined) return skip;
  const [stage, ...reason] = skip.reason.split(": ");
  return { ...skip, stage: stage as Stage, reason: reason.join(": ") };
}

/** Written whole and renamed into place, so a reader never sees half of it. */
export function writeState(places: ReleasePlaces, state: ReleaseState): void {
  mkdirSync(places.releasesDir, { recursive: true, mode: 0o700 });
  const path = join(places.releasesDir, STATE_FILE);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

export function appendHistory(places: ReleasePlaces, record: LiveRecord): void {
  mkdirSync(places.releasesDir, { recursive: true, mode: 0o700 });
  appendFileSync(join(places.releasesDir, HISTORY_FILE), `${JSON.stringify(record)}\n`);
}

export function readHistory(places: ReleasePlaces): LiveRecord[] {
  const path = join(places.releasesDir, HISTORY_FILE);
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LiveRecord);
}

/** A release folder's build: always BUILD_DIR's default, which an update builds it with. */
export function releaseClient(dir: string): string {
  return join(dir, DEFAULT_BUILD_DIR, CLIENT_FOLDER);
}

/** The client folder of the checkout's own build (BUILD_DIR). */
export function checkoutClient(places: ReleasePlaces): string {
  return join(places.checkoutBuildDir, CLIENT_FOLDER);
}

export function checkoutRelease(places: ReleasePlaces, commit: string | null): Release {
  return {
    id: CHECKOUT_ID,
    dir: places.checkout,
    client: checkoutClient(places),
    commit,
    subject: null,
  };
}

/** The built release folders under RELEASES_DIR, oldest first. */
export function releaseFolders(places: ReleasePlaces): Release[] {
  if (!existsSync(places.releasesDir)) return [];
  return readdirSync(places.releasesDir)
    .filter((name) => RELEASE_ID.test(name) && existsSync(join(places.releasesDir, name, RELEASE_FILE)))
    .sort()
    .map((id) => {
      const dir = join(places.releasesDir, id);
      const { commit, subject } = JSON.parse(readFileSync(join(dir, RELEASE_FILE), "utf8")) as Release;
      return { id, dir, client: releaseClient(dir), commit, subject };
    });
}

/** A new release folder's name: `20261127T093000Z-<commit>`. */
export function newReleaseId(commit: string, now: number): string {
  const time = new Date(now)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${time}-${commit.slice(0, 12)}`;
}

/** The release to serve: the live one when its folder is there, else the checkout. */
export function liveRelease(places: ReleasePlaces, state: ReleaseState, checkoutHead: string | null): Release {
  const live =
    state.live && state.live.id !== CHECKOUT_ID && releaseFolders(places).find((r) => r.id === state.live!.id);
  return live || checkoutRelease(places, checkoutHead);
}

/**
 * The releases a rollback may go to and a server answers older assets from, oldest first:
 * the checkout while its HEAD is the commit it was served at, then the folders.
 */
export function keptReleases(places: ReleasePlaces, state: ReleaseState, checkoutHead: string | null): Release[] {
  const checkoutStillAsServed =
    state.checkoutCommit !== null && state.checkoutCommit === checkoutHead && existsSync(places.checkoutBuildDir);
  return [...(checkoutStillAsServed ? [checkoutRelease(places, checkoutHead)] : []), ...releaseFolders(places)];
}

/** The release before the live one (Capistrano's rollback), or null when there is none. */
export function rollbackTarget(kept: readonly Release[], live: Release): Release | null {
  const index = kept.findIndex((release) => release.id === live.id);
  return index > 0 ? kept[index - 1]! : null;
}

/** The client folders of the kept releases other than `live`, newest first: their `/assets/` files stay answered. */
export function olderRoots(kept: readonly Release[], live: Release, checkoutClient: string): string[] {
  const roots = kept.filter((release) => release.id !== live.id).map((release) => release.client);
  // The checkout's build served the pages of a site started with `npm start`, whatever came later.
  if (live.id !== CHECKOUT_ID && existsSync(checkoutClient) && !roots.includes(checkoutClient))
    roots.unshift(checkoutClient);
  return roots.reverse();
}

/**
 * Deletes the release folders beyond the newest KEPT_RELEASES, never `live`, and any folder a
 * killed update left half-built. Returns the ids deleted.
 */
export function pruneReleases(places: ReleasePlaces, live: Release): string[] {
  const folders = releaseFolders(places);
  const keep = new Set(folders.slice(-KEPT_RELEASES).map((release) => release.id));
  keep.add(live.id);
  const deleted = folders.filter((release) => !keep.has(release.id)).map((release) => release.id);
  for (const id of deleted) rmSync(join(places.releasesDir, id), { recursive: true, force: true });
  for (const name of existsSync(places.releasesDir) ? readdirSync(places.releasesDir) : []) {
    if (name.endsWith(".partial")) rmSync(join(places.releasesDir, name), { recursive: true, force: true });
  }
  return deleted;
}
