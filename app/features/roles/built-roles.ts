import { getCollection, type CollectionEntry } from "astro:content";
import type { Role } from "#shared/roles/schema.ts";
import { closesAt, isOpen, isUpcoming, opensAt } from "#shared/roles/timetable.ts";
import { roleDescriptionHtml, type RoleDescriptionHtml } from "./role-description";
import { hasRoleFiles } from "./role-files";

/** A role's entry as the build read it: its fields, its slug, and its description as HTML, for its page and its JobPosting. */
export interface BuiltRole {
  role: Role;
  descriptionHtml: RoleDescriptionHtml;
}

function builtRole(entry: CollectionEntry<"roles">): BuiltRole {
  return {
    role: { ...entry.data, slug: entry.id, body: entry.body ?? "" },
    descriptionHtml: roleDescriptionHtml(entry.rendered?.html ?? ""),
  };
}

/** Every role's entry, newest first (a site with no role file has none). */
async function builtRoles(): Promise<BuiltRole[]> {
  // A site with no role file has none: Astro's content layer would log "does not exist or is
  // empty" for each page that asks (the site ships no role).
  if (!hasRoleFiles()) return [];
  const entries: CollectionEntry<"roles">[] = await getCollection("roles");
  return entries
    .map(builtRole)
    .sort((a, b) => b.role.datePosted.localeCompare(a.role.datePosted) || a.role.title.localeCompare(b.role.title));
}

const timesOf = (role: BuiltRole["role"]) => ({
  opensAt: opensAt(role.datePosted),
  closesAt: closesAt(role.validThrough),
});

/**
 * The roles open when the site is built, newest first: the links to the roles are made from
 * these. One that closes later is closed by the server on its day (shared/roles/timetable.ts).
 */
export async function openRoles(now: number = Date.now()): Promise<BuiltRole[]> {
  return (await builtRoles()).filter(({ role }) => isOpen(timesOf(role), now));
}

/**
 * Whether the pages render the roles as the live site shows them at this moment, not for the
 * server to cut and join: on the development server, where no server runs (import.meta.env.DEV).
 */
export const DEV_SHOWS_LIVE: boolean = import.meta.env.DEV;

/**
 * The roles whose pages and list items are prerendered: those open when the site is built and
 * those posted for a day ahead, which the server shows from that day (docs/decisions/0026-roles-reach-searchers.md);
 * the build keeps the upcoming ones out of the files it serves as they are (scripts/build/postbuild.ts).
 * The development server (`npm run edit`) has no server to hold a role back until its day: it
 * shows the roles open now, as the live site does now (`DEV_SHOWS_LIVE`).
 */
export async function prerenderedRoles(now: number = Date.now(), live: boolean = DEV_SHOWS_LIVE): Promise<BuiltRole[]> {
  return (await builtRoles()).filter(
    ({ role }) => isOpen(timesOf(role), now) || (!live && isUpcoming(timesOf(role), now)),
  );
}
