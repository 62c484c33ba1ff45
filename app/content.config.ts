// The site's words as Astro content collections: one file each under content/ at the repository's
// root, checked by its schema in shared/content/ (the one definition of its shape, which the
// server's reader applies too). A bad edit stops the build naming the file and the field.
import { defineCollection } from "astro:content";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { glob } from "astro/loaders";
import { CONTENT, type ContentName } from "#shared/content/collections.ts";
import { ROLES_FOLDER, roleSchema } from "#shared/content/roles.ts";

/** The folder holding content/: this checkout, or CONTENT_ROOT (astro.config.ts; `npm run edit`'s browser test edits a copy). */
declare const __CONTENT_ROOT__: string;

const rolesFolder = join(__CONTENT_ROOT__, "content", ROLES_FOLDER);
const hasRoleFiles = (folder: string) => existsSync(folder) && readdirSync(folder).some((file) => file.endsWith(".md"));

function collection<Name extends ContentName>(name: Name) {
  const { file, schema } = CONTENT[name];
  return defineCollection({
    loader: glob({ pattern: file, base: join(__CONTENT_ROOT__, "content") }),
    schema: schema as (typeof CONTENT)[Name]["schema"],
  });
}

export const collections = {
  site: collection("site"),
  home: collection("home"),
  mission: collection("mission"),
  howWeHelp: collection("howWeHelp"),
  whoWeAre: collection("whoWeAre"),
  terms: collection("terms"),
  requestInvitation: collection("requestInvitation"),
  requestRefused: collection("requestRefused"),
  openRoles: collection("openRoles"),
  // One Markdown file per role (DECISIONS §7): the front matter checked by its schema, the body the description.
  // With no role file (the site ships none), nothing to load: glob() would warn of an empty folder.
  roles: defineCollection({
    loader: hasRoleFiles(rolesFolder) ? glob({ pattern: "*.md", base: rolesFolder }) : async () => [],
    schema: roleSchema,
  }),
};
