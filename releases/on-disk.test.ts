// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CHECKOUT_ID,
  keptReleases,
  liveRelease,
  newReleaseId,
  olderRoots,
  pruneReleases,
  readState,
  releaseFolders,
  releasePlaces,
  rollbackTarget,
  skipSummary,
  writeState,
  type ReleasePlaces,
} from "./on-disk";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout with a build, and RELEASES_DIR with a built release per commit, oldest first. */
function layout(commits: string[]): ReleasePlaces {
  root = mkdtempSync(join(tmpdir(), "releases-"));
  const places = releasePlaces({ checkout: join(root, "app"), releasesDir: join(root, "releases") });
  mkdirSync(join(places.checkoutBuildDir, "client"), { recursive: true });
  commits.forEach((commit, index) => {
    const id = newReleaseId(commit, Date.UTC(2026, 10, 27, 9, index));
    mkdirSync(join(places.releasesDir, id, "build", "client"), { recursive: true });
    writeFileSync(
      join(places.releasesDir, id, "release.json"),
      JSON.stringify({ id, commit, subject: `commit ${commit}` }),
    );
  });
  return places;
}

const commit = (letter: string) => letter.repeat(40);

describe("releases", () => {
  it("are named by the UTC time they were built and their commit, and listed oldest first", () => {
    const places = layout([commit("a"), commit("b")]);
    expect(newReleaseId(commit("c"), Date.UTC(2026, 10, 27, 9, 30, 5))).toBe("20261127T093005Z-cccccccccccc");
    expect(releaseFolders(places).map((release) => release.commit)).toEqual([commit("a"), commit("b")]);
    // A folder an update left half-built is no release.
    mkdirSync(join(places.releasesDir, "20261127T100000Z-dddddddddddd.partial"));
    expect(releaseFolders(places)).toHaveLength(2);
  });

  it("serve the checkout until an update records a live release, and that one after", () => {
    const places = layout([commit("a")]);
    const state = readState(places);
    expect(liveRelease(places, state, commit("0")).id).toBe(CHECKOUT_ID);
    const [built] = releaseFolders(places);
    writeState(places, { ...state, live: { id: built!.id, commit: commit("a"), liveAt: 1, by: "update" } });
    expect(liveRelease(places, readState(places), commit("0")).id).toBe(built!.id);
  });

  it("roll back to the release before the live one, the checkout only while its HEAD is what it served", () => {
    const places = layout([commit("a"), commit("b"), commit("c")]);
    const [a, b, c] = releaseFolders(places);
    const state = { ...readState(places), checkoutCommit: commit("0") };
    expect(rollbackTarget(keptReleases(places, state, commit("0")), c!)!.id).toBe(b!.id);
    expect(rollbackTarget(keptReleases(places, state, commit("0")), a!)!.id).toBe(CHECKOUT_ID);
    // The checkout moved on since: it is not what was served, so there is nothing before a.
    expect(rollbackTarget(keptReleases(places, state, commit("9")), a!)).toBeNull();
  });

  it("answer older assets from every other kept release and the checkout's build, newest first", () => {
    const places = layout([commit("a"), commit("b"), commit("c")]);
    const [a, b, c] = releaseFolders(places);
    const state = readState(places);
    expect(olderRoots(keptReleases(places, state, null), c!, join(places.checkoutBuildDir, "client"))).toEqual([
      b!.client,
      a!.client,
      join(places.checkoutBuildDir, "client"),
    ]);
  });

  it("keep the newest three and the live one, and clear what a killed update left", () => {
    const places = layout(["a", "b", "c", "d", "e"].map(commit));
    const [a, b, c, d, e] = releaseFolders(places);
    const partial = join(places.releasesDir, "20261127T110000Z-ffffffffffff.partial");
    mkdirSync(partial);
    // After a rollback to a, then an update to e: a is live and stays.
    expect(pruneReleases(places, a!)).toEqual([b!.id]);
    expect(releaseFolders(places).map((release) => release.id)).toEqual([a!.id, c!.id, d!.id, e!.id]);
    expect(existsSync(partial)).toBe(false);
    expect(pruneReleases(places, e!)).toEqual([a!.id]);
  });
});

it("reads a failed commit's stage from a state.json written when it headed the reason, and says both in one line", () => {
  const places = layout([]);
  mkdirSync(places.releasesDir, { recursive: true });
  const skip = { commit: commit("d"), why: "failed", reason: "check: GET /mission answered 500\nmore", at: 1 };
  writeFileSync(join(places.releasesDir, "state.json"), JSON.stringify({ skip }));
  const read = readState(places).skip!;
  expect(read).toMatchObject({ why: "failed", stage: "check", reason: "GET /mission answered 500\nmore" });
  expect(skipSummary(read)).toBe("check: GET /mission answered 500");
  // Written back, the stage stays apart.
  writeState(places, readState(places));
  expect(readState(places).skip).toEqual(read);
});
