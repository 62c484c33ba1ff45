/**
 * The roles' timetable the build hands the server (BUILD_DIR/roles.json, shared/roles.ts): each
 * role's slug, title, opening and closing times, the day its page last changed, its version and its
 * summary, upcoming, open or closed at build time, so the server shows a role from the day it opens,
 * answers one that closes after the build with 410, composes the list, the sitemap and the feed,
 * and pushes each change to the search engines, with no rebuild.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import type { Role } from "#shared/content/roles.ts";
import { closesAt, opensAt, type RoleTimetable } from "#shared/roles.ts";

/**
 * The day a role's file last changed: its last commit's date when the file is committed (the
 * editor commits every save), else the file's modification day. The sitemap's `lastmod` is only
 * worth something when it changes with the page, so never the build's date.
 */
export function lastModifiedDay(file: string): string {
  const git = spawnSync("git", ["log", "-1", "--format=%cs", "--", file], { encoding: "utf8", cwd: join(file, "..") });
  const day = git.status === 0 ? git.stdout.trim() : "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return statSync(file).mtime.toISOString().slice(0, 10);
}

/** A role's version: the digest of everything its file says, so any change to it is a new one. */
export const roleVersion = (role: Role) =>
  createHash("sha256").update(JSON.stringify(role)).digest("base64url").slice(0, 22);

export function roleTimetable(
  roles: readonly Role[],
  lastModified: (role: Role) => string,
  summary: (role: Role) => string,
): RoleTimetable {
  return {
    roles: roles.map((role) => ({
      slug: role.slug,
      title: role.title,
      opensAt: opensAt(role.datePosted),
      closesAt: closesAt(role.validThrough),
      lastModified: lastModified(role),
      version: roleVersion(role),
      summary: summary(role),
    })),
  };
}
