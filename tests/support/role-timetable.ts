/**
 * The roles' timetable a build of the role fixtures (tests/support/role-fixtures.ts) hands the
 * server, made as the build makes it (shared/roles/timetable.ts) from the fixtures' files, for
 * a fixture site served without a build (tests/support/site-process.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readContent, readRoles } from "#shared/content/read.ts";
import { rolePageInfo } from "#shared/roles/page-head.ts";
import { roleTimetable, type RoleTimetable } from "#shared/roles/timetable.ts";
import { roleVersion } from "../../scripts/build/write-role-timetable";
import { dayFrom, writeRoleFixtures, type RoleFixture } from "./role-fixtures";

export function fixtureRoleTimetable(now: number = Date.now()): { timetable: RoleTimetable; fixtures: RoleFixture[] } {
  const root = mkdtempSync(join(tmpdir(), "role-fixtures-"));
  try {
    const fixtures = writeRoleFixtures(root, now);
    const words = readContent("openRoles");
    const timetable = roleTimetable(readRoles(join(root, "content")), {
      lastModified: () => dayFrom(now, 0),
      version: roleVersion,
      summary: (role) => rolePageInfo(role, words).description,
    });
    return { timetable, fixtures };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
