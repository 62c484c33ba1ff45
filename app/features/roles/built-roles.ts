import { getCollection, type CollectionEntry } from "astro:content";
import type { Role } from "#shared/roles/schema.ts";
import { closesAt, isOpen } from "#shared/roles/timetable.ts";
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

/**
 * The roles open when the site is built, newest first: the pages, the list and the links are
 * made from these. One that closes later is closed by the server on its day (shared/roles/timetable.ts).
 */
export async function openRoles(now: number = Date.now()): Promise<BuiltRole[]> {
  // A site with no role file has none: Astro's content layer would log "does not exist or is
  // empty" for each page that asks (the site ships no role).
  if (!hasRoleFiles()) return [];
  const entries: CollectionEntry<"roles">[] = await getCollection("roles");
  const roles: BuiltRole[] = entries.map(builtRole);
  return roles
    .filter(({ role }) => isOpen({ closesAt: closesAt(role.validThrough) }, now))
    .sort((a, b) => b.role.datePosted.localeCompare(a.role.datePosted) || a.role.title.localeCompare(b.role.title));
}
