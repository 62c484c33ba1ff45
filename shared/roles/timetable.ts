/**
 * The roles' timetable: what the build hands the server beside the pages (BUILD_DIR/roles.json),
 * by which the server answers a role that closed since the build with 410, and drops it from the
 * list and the sitemap, with no rebuild (docs/decisions/0025-roles-close-on-their-day.md). The
 * build writes it (scripts/build/write-role-timetable.ts), the server reads it
 * (server/http/read-role-timetable.ts); its file, its shape and its check are here.
 */
import { ROLE_SLUG } from "./page";
import type { Role } from "./schema";

/** The timetable's file, in BUILD_DIR beside client/. */
export const ROLE_TIMETABLE_FILE = "roles.json";

/** The moment a role closes: the end of its `validThrough` day, in UTC. */
export function closesAt(validThrough: string): number {
  return Date.parse(`${validThrough}T23:59:59.999Z`);
}

/** `validThrough` as JobPosting gives it: the last second of that day, in UTC. */
export const validThroughTime = (validThrough: string) => `${validThrough}T23:59:59Z`;

/** What the server knows of each role of the build: enough to answer, list and map it. */
export interface RoleTimetableEntry {
  slug: string;
  title: string;
  /** When the role closes (ms since the epoch). */
  closesAt: number;
  /** When the role's page last changed (YYYY-MM-DD): the sitemap's `lastmod`. */
  lastModified: string;
}

export interface RoleTimetable {
  /** Every role of the build, open or closed at build time. */
  roles: RoleTimetableEntry[];
}

export const isOpen = (role: Pick<RoleTimetableEntry, "closesAt">, now: number) => now <= role.closesAt;

/** The timetable of `roles`, open or closed: `lastModified` is the day each one's page last changed. */
export function roleTimetable(roles: readonly Role[], lastModified: (role: Role) => string): RoleTimetable {
  return {
    roles: roles.map((role) => ({
      slug: role.slug,
      title: role.title,
      closesAt: closesAt(role.validThrough),
      lastModified: lastModified(role),
    })),
  };
}

/** The timetable the build wrote, from its file's text (read from `source`); a file of another version is refused. */
export function parseRoleTimetable(text: string, source: string): RoleTimetable {
  const parsed = JSON.parse(text) as Partial<RoleTimetable>;
  const roles = Array.isArray(parsed.roles) ? parsed.roles : [];
  for (const role of roles) {
    if (!ROLE_SLUG.test(role.slug) || typeof role.title !== "string" || !Number.isFinite(role.closesAt)) {
      throw new Error(`${source} is not a roles timetable written by this version's build: build again`);
    }
  }
  return { roles };
}

/** The role a request names, when it is a role of the build still open at `now`; anything else is dropped. */
export function openRole(timetable: RoleTimetable, slug: unknown, now: number): { slug: string; title: string } | null {
  if (typeof slug !== "string" || !ROLE_SLUG.test(slug)) return null;
  const role = timetable.roles.find((entry) => entry.slug === slug);
  return role && isOpen(role, now) ? { slug: role.slug, title: role.title } : null;
}
