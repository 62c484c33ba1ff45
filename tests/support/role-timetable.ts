/**
 * The roles' timetable a build of the role fixtures (tests/support/role-fixtures.ts) hands the
 * server, made as the build makes it (shared/roles/timetable.ts) from the fixtures' files, for
 * a fixture site served without a build (tests/support/site-process.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRoles } from "#shared/content/read.ts";
import { roleTimetable, type RoleTimetable } from "#shared/roles/timetable.ts";
import { dayFrom, writeRoleFixtures, type RoleFixture } from "./role-fixtures";

export function fixtureRoleTimetable(now: number = Date.now()): { timetable: RoleTimetable; fixtures: RoleFixture[] } {
  const root = mkdtempSync(join(tmpdir(), "role-fixtures-"));
  try {
    const fixtures = writeRoleFixtures(root, now);
    return { timetable: roleTimetable(readRoles(join(root, "content")), () => dayFrom(now, 0)), fixtures };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
