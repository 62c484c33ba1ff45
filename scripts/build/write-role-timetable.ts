/**
 * Writes the roles' timetable the build hands the server (shared/roles/timetable.ts) into
 * BUILD_DIR: every role of content/roles/, upcoming, open or closed at build time, with the day its
 * page last changed, its version and its summary.
 */
import { createHash } from "node:crypto";
import { statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CONTENT_DIR, readContent } from "#shared/content/read.ts";
import { rolePageInfo } from "#shared/roles/page-head.ts";
import { ROLES_FOLDER, type Role } from "#shared/roles/schema.ts";
import { ROLE_TIMETABLE_FILE, roleTimetable, type RoleTimetable } from "#shared/roles/timetable.ts";
import { lastCommitTime } from "../../releases/git";

/**
 * The day (UTC) a file last changed: its last commit's when it is committed (the editor commits
 * every save), else its modification time, which a release's export sets to that same commit's
 * (releases/git.ts). The sitemap's `lastmod` is only worth something when it changes with
 * the page, so never the build's date.
 */
export function lastChangedDay(file: string): string {
  let seconds: number | null = null;
  try {
    seconds = lastCommitTime(dirname(file), basename(file));
  } catch {
    // Not in a git checkout (a release, an unpacked archive): the file's own time.
  }
  return new Date(seconds !== null ? seconds * 1000 : statSync(file).mtimeMs).toISOString().slice(0, 10);
}

/** A role's version: the digest of everything its file says, so any change to it is a new one. */
export const roleVersion = (role: Role) =>
  createHash("sha256").update(JSON.stringify(role)).digest("base64url").slice(0, 22);

export function writeRoleTimetable(buildDir: string, roles: readonly Role[], contentDir = CONTENT_DIR): RoleTimetable {
  const words = readContent("openRoles", contentDir);
  const timetable = roleTimetable(roles, {
    lastModified: (role) => lastChangedDay(join(contentDir, ROLES_FOLDER, `${role.slug}.md`)),
    version: roleVersion,
    summary: (role) => rolePageInfo(role, words).description,
  });
  writeFileSync(join(buildDir, ROLE_TIMETABLE_FILE), `${JSON.stringify(timetable, null, 2)}\n`);
  return timetable;
}
