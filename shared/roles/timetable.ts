/**
 * The roles' timetable: what the build hands the server beside the pages (BUILD_DIR/roles.json),
 * by which the server shows a role from the day it opens and answers one that closed since the
 * build with 410, in its page, the list, the sitemap and the feed, and pushes each change to the
 * search engines, with no rebuild (docs/decisions/0025-roles-close-on-their-day.md,
 * docs/decisions/0026-roles-reach-searchers.md). The
 * build writes it (scripts/build/write-role-timetable.ts), the server reads it
 * (server/http/read-role-timetable.ts); its file, its shape and its check are here.
 */
import { ROLE_SLUG } from "./page";
import type { Role } from "./schema";

/** The timetable's file, in BUILD_DIR beside client/. */
export const ROLE_TIMETABLE_FILE = "roles.json";

/** The moment a role opens: the start of its `datePosted` day, in UTC; until then it is nowhere on the site. */
export function opensAt(datePosted: string): number {
  return Date.parse(`${datePosted}T00:00:00.000Z`);
}

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
  /** When the role opens (ms since the epoch): the start of its `datePosted` day. */
  opensAt: number;
  /** When the role closes (ms since the epoch). */
  closesAt: number;
  /** When the role's page last changed (YYYY-MM-DD): the sitemap's `lastmod`. */
  lastModified: string;
  /** Changes with the role's file: its page changed (the pushes to search engines, server/search/). */
  version: string;
  /** The role in a sentence, as its page's description says it: the feed's summary. */
  summary: string;
}

export interface RoleTimetable {
  /** Every role of the build, upcoming, open or closed at build time. */
  roles: RoleTimetableEntry[];
}

/** Open: on or after the day it is posted, up to the end of its last day. */
export const isOpen = (role: Pick<RoleTimetableEntry, "opensAt" | "closesAt">, now: number) =>
  role.opensAt <= now && now <= role.closesAt;

/** Upcoming: posted for a day still ahead; the site shows nothing of it yet. */
export const isUpcoming = (role: Pick<RoleTimetableEntry, "opensAt">, now: number) => now < role.opensAt;

/** What the build works out of each role for its timetable beside the dates: where it needs Node (git, a digest) or the words. */
export interface RoleFacts {
  /** The day its page last changed. */
  lastModified(role: Role): string;
  /** A digest of everything its file says. */
  version(role: Role): string;
  /** Its page's description. */
  summary(role: Role): string;
}

/** The timetable of `roles`, upcoming, open or closed. */
export function roleTimetable(roles: readonly Role[], facts: RoleFacts): RoleTimetable {
  return {
    roles: roles.map((role) => ({
      slug: role.slug,
      title: role.title,
      opensAt: opensAt(role.datePosted),
      closesAt: closesAt(role.validThrough),
      lastModified: facts.lastModified(role),
      version: facts.version(role),
      summary: facts.summary(role),
    })),
  };
}

/** The timetable the build wrote, from its file's text (read from `source`); a file of another version is refused. */
export function parseRoleTimetable(text: string, source: string): RoleTimetable {
  const parsed = JSON.parse(text) as Partial<RoleTimetable>;
  const roles = Array.isArray(parsed.roles) ? parsed.roles : [];
  for (const role of roles) {
    if (
      !ROLE_SLUG.test(role.slug) ||
      typeof role.title !== "string" ||
      !Number.isFinite(role.opensAt) ||
      !Number.isFinite(role.closesAt) ||
      typeof role.version !== "string"
    ) {
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
