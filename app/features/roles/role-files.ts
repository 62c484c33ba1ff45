/**
 * Where the role files are, and whether there is one yet: the roles collection's loader
 * (app/content.config.ts) and the pages' list of roles (./built-roles.ts) both ask.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROLES_FOLDER } from "#shared/roles/schema.ts";

/** The folder holding content/: this checkout, or CONTENT_ROOT (astro.config.ts; `npm run edit`'s browser test edits a copy). */
declare const __CONTENT_ROOT__: string;

export const contentFolder = join(__CONTENT_ROOT__, "content");
export const rolesFolder = join(contentFolder, ROLES_FOLDER);

/**
 * Whether content/roles/ holds a role file. Read each time, not remembered: under `npm run edit`
 * the first role is saved while the development server runs.
 */
export function hasRoleFiles(): boolean {
  return existsSync(rolesFolder) && readdirSync(rolesFolder).some((file) => file.endsWith(".md"));
}
