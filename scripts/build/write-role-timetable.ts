/**
 * The roles' timetable the build hands the server (BUILD_DIR/roles.json, shared/roles/timetable.ts): each
 * role's slug, title, closing time and the day its page last changed, open or closed at build
 * time, so the server answers a role that closes after the build with 410 and leaves it out of
 * the list and the sitemap, with no rebuild.
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import type { Role } from "#shared/roles/schema.ts";
import { closesAt, type RoleTimetable } from "#shared/roles/timetable.ts";

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

export function roleTimetable(roles: readonly Role[], lastModified: (role: Role) => string): RoleTimetable {
  return {
    roles: roles.map((role) => ({
      slug: role.slug,
      title: role.title,
      closesAt: closesAt(role.validThrough),
      lastModified: lastModified(role),
    })),
  };
}
