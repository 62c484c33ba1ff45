/**
 * Where the role files are, and whether there is one yet: the roles collection's loader
 * (app/content.config.ts) and the pages' list of roles (./built-roles.ts) both ask.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROLES_FOLDER } from "#shared/roles/schema.ts";

/**
 * content/, as its reader finds it (shared/content/read.ts, CONTENT_DIR), handed to the bundles by
 * astro.config.ts: where the build runs, not where its bundles end up.
 */
declare const __CONTENT_DIR__: string;

export const contentFolder = __CONTENT_DIR__;
export const rolesFolder = join(contentFolder, ROLES_FOLDER);

/**
 * Whether content/roles/ holds a role file. Read each time, not remembered: under `npm run edit`
 * the first role is saved while the development server runs.
 */
export function hasRoleFiles(): boolean {
  return existsSync(rolesFolder) && readdirSync(rolesFolder).some((file) => file.endsWith(".md"));
}
