/**
 * The roles' timetable of the build being served (shared/roles/timetable.ts, written by the
 * build): which role pages exist and when each closes. A build without roles, or from before
 * roles existed, has none.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseRoleTimetable, ROLE_TIMETABLE_FILE, type RoleTimetable } from "#shared/roles/timetable.ts";

export function readRoleTimetable(buildDir: string): RoleTimetable {
  const path = join(buildDir, ROLE_TIMETABLE_FILE);
  return existsSync(path) ? parseRoleTimetable(readFileSync(path, "utf8"), path) : { roles: [] };
}
