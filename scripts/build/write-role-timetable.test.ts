// @vitest-environment node
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { exportCommit } from "../../releases/git";
import { lastChangedDay } from "./write-role-timetable";

const root = mkdtempSync(join(tmpdir(), "role-day-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function commitAt(dir: string, date: string): void {
  for (const args of [["add", "-A"], ["commit", "--quiet", "-m", "words"]]) {
    const result = spawnSync("git", ["-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.com", ...args], {
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(result.stderr);
  }
}

it("dates a role's page by its file's last commit (UTC), the same in the checkout and in a release made from it", () => {
  const repo = join(root, "repo");
  const role = join("content", "roles", "vp-talent.md");
  mkdirSync(join(repo, "content", "roles"), { recursive: true });
  spawnSync("git", ["init", "--quiet", "-b", "main", repo]);
  writeFileSync(join(repo, role), "first\n");
  // The evening of October 1st in Chicago is October 2nd in UTC, as the role's closing day is counted.
  commitAt(repo, "2026-10-01T23:30:00-05:00");
  writeFileSync(join(repo, "words.txt"), "later\n");
  commitAt(repo, "2026-11-20T12:00:00Z");
  const release = join(root, "release");
  mkdirSync(release);
  exportCommit(repo, "HEAD", release);

  expect(lastChangedDay(join(repo, role))).toBe("2026-10-02");
  expect(lastChangedDay(join(release, role))).toBe("2026-10-02");
});

it("dates a file no commit has (a role saved under npm run edit, not yet committed) by its own time", () => {
  const file = join(root, "unsaved.md");
  writeFileSync(file, "draft\n");
  const written = new Date("2026-11-25T08:00:00Z");
  utimesSync(file, written, written);
  expect(lastChangedDay(file)).toBe("2026-11-25");
});
