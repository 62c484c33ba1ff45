/**
 * The roles' timetable of the build being served (BUILD_DIR/roles.json, written by postbuild):
 * which role pages exist and when each closes. A build without roles, or from before roles
 * existed, has none.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROLE_SLUG, ROLES_MANIFEST_FILE, type RoleTimetable } from "#shared/roles.ts";

export function readRoleTimetable(buildDir: string): RoleTimetable {
  const path = join(buildDir, ROLES_MANIFEST_FILE);
  if (!existsSync(path)) return { roles: [] };
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<RoleTimetable>;
  const roles = Array.isArray(parsed.roles) ? parsed.roles : [];
  for (const role of roles) {
    if (
      !ROLE_SLUG.test(role.slug) ||
      typeof role.title !== "string" ||
      !Number.isFinite(role.opensAt) ||
      !Number.isFinite(role.closesAt) ||
      typeof role.version !== "string"
    ) {
      throw new Error(`${path} is not a roles timetable written by this version's build: build again`);
    }
  }
  return { roles };
}
