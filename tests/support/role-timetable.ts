/**
 * The roles' timetable a build of the role fixtures (tests/support/role-fixtures.ts) hands the
 * server, made by the build's own step (scripts/build/roles-timetable.ts) from the fixtures'
 * files, for a fixture site served without a build (tests/support/site-process.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRoles } from "#shared/content/read.ts";
import type { RoleTimetable } from "#shared/roles.ts";
import { rolePageInfo } from "#shared/content/role-page.ts";
import { readContent } from "#shared/content/read.ts";
import { roleTimetable } from "../../scripts/build/roles-timetable";
import { dayFrom, writeRoleFixtures, type RoleFixture } from "./role-fixtures";

export function fixtureRoleTimetable(now: number = Date.now()): { timetable: RoleTimetable; fixtures: RoleFixture[] } {
  const root = mkdtempSync(join(tmpdir(), "role-fixtures-"));
  try {
    const fixtures = writeRoleFixtures(root, now);
    const words = readContent("openRoles");
    const timetable = roleTimetable(
      readRoles(join(root, "content")),
      () => dayFrom(now, 0),
      (role) => rolePageInfo(role, words).description,
    );
    return { timetable, fixtures };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
