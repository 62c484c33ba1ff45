/**
 * The roles' timetable a build of the role fixtures (tests/support/role-fixtures.ts) hands the
 * server, made by the build's own step (scripts/build/write-role-timetable.ts) from the fixtures'
 * files, for a fixture site served without a build (tests/support/site-process.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRoles } from "#shared/content/read.ts";
import type { RoleTimetable } from "#shared/roles/timetable.ts";
import { roleTimetable } from "../../scripts/build/write-role-timetable";
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
