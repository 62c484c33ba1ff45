// @vitest-environment node
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { exportCommit } from "./git";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function commitAt(dir: string, date: string, message: string): void {
  for (const args of [
    ["add", "-A"],
    ["commit", "--quiet", "-m", message],
  ]) {
    const result = spawnSync("git", ["-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.com", ...args], {
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(result.stderr);
  }
}

it("exports a commit with each role file dated by its own last commit, not the commit exported", () => {
  root = mkdtempSync(join(tmpdir(), "export-commit-"));
  const repo = join(root, "repo");
  mkdirSync(join(repo, "content", "roles"), { recursive: true });
  spawnSync("git", ["init", "--quiet", "-b", "main", repo]);
  writeFileSync(join(repo, "content", "roles", "vp-talent.md"), "first\n");
  commitAt(repo, "2026-10-01T12:00:00Z", "a role");
  writeFileSync(join(repo, "words.txt"), "later\n");
  commitAt(repo, "2026-11-20T12:00:00Z", "other words");
  const into = join(root, "release");
  mkdirSync(into);

  exportCommit(repo, "HEAD", into);

  expect(statSync(join(into, "content", "roles", "vp-talent.md")).mtime.toISOString()).toBe("2026-10-01T12:00:00.000Z");
  expect(statSync(join(into, "words.txt")).mtime.toISOString()).toBe("2026-11-20T12:00:00.000Z");
});
