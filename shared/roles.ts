/**
 * The roles' facts every layer shares: where a role is (as Google reads a location), when it
 * opens and closes, and the timetable the build hands the server (BUILD_DIR/roles.json), by which
 * the server shows a role from the day it opens and answers one that closed since the build with
 * 410, in its page, the list, the sitemap and the feed, with no rebuild
 * (docs/decisions/0025-roles-close-on-their-day.md, docs/decisions/0026-roles-reach-searchers.md).
 */
import { ROUTES } from "./routes";

/** Where a role's URL lives: `/roles/<slug>`. */
export const ROLES_PATH = ROUTES.roles.path;
/** A role's slug: its file's name, lower-case words joined by hyphens. */
export const ROLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The request page's query parameter naming the role a request is about (`?role=<slug>`). */
export const ROLE_PARAM = "role";
/** The build's timetable of roles, beside the pages (BUILD_DIR/roles.json), read by the server. */
export const ROLES_MANIFEST_FILE = "roles.json";

export const rolePath = (slug: string) => `${ROLES_PATH}/${slug}`;
/** The feed of the open roles (Atom), which the server composes at each change of the open set. */
export const ROLES_FEED_PATH = `${ROLES_PATH}/feed.xml`;

/**
 * The parts of the list page (`/roles`) the build cuts it into for the server, which joins the open
 * roles' items at each change (docs/decisions/0026-roles-reach-searchers.md): where each begins, as
 * the page marks it for the build (an inert `<template>`, which the build removes). `item:<slug>`
 * begins a role's item; `items-end` ends the last.
 */
export const ROLE_LIST_PARTS = ["list", "items-end", "list-end", "empty", "empty-end", "more", "more-end"] as const;
export type RoleListPart = (typeof ROLE_LIST_PARTS)[number] | `item:${string}`;
export const roleListMarker = (part: RoleListPart) => `<template data-roles-part="${part}"></template>`;

/** The countries a role may be in, by the name an editor writes and the ISO 3166 code Google reads. */
export const COUNTRIES = [
  { name: "United States", code: "US" },
  { name: "Canada", code: "CA" },
  { name: "United Kingdom", code: "GB" },
  { name: "Ireland", code: "IE" },
  { name: "Germany", code: "DE" },
  { name: "France", code: "FR" },
  { name: "Netherlands", code: "NL" },
  { name: "Australia", code: "AU" },
  { name: "Singapore", code: "SG" },
  { name: "India", code: "IN" },
  { name: "Mexico", code: "MX" },
] as const;

export type RoleLocation =
  | { kind: "remote"; country: { name: string; code: string } }
  | { kind: "onsite"; locality: string; region: string; country: { name: string; code: string } };

const countryNamed = (name: string) => COUNTRIES.find((country) => country.name.toLowerCase() === name.toLowerCase());

/**
 * `Remote, United States` is a fully remote role open to people in that country; `Chicago, IL,
 * United States` is a role in that place. Anything else is a problem, in an editor's words.
 */
export function parseLocation(value: string): { location: RoleLocation; problem?: never } | { problem: string } {
  const parts = value.split(",").map((part) => part.trim());
  const country = countryNamed(parts.at(-1) ?? "");
  if (!country) {
    return {
      problem: `End the location with one of the countries: ${COUNTRIES.map((known) => known.name).join(", ")}.`,
    };
  }
  if (parts.length === 2 && parts[0]!.toLowerCase() === "remote") return { location: { kind: "remote", country } };
  if (parts.length === 3 && parts[0] && parts[1]) {
    return { location: { kind: "onsite", locality: parts[0], region: parts[1], country } };
  }
  return {
    problem: `Write "Remote, ${country.name}" for a fully remote role, or "<city>, <region>, ${country.name}", e.g. "Chicago, IL, ${country.name}".`,
  };
}

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

/** The role a request names, when it is a role of the build still open at `now`; anything else is dropped. */
export function openRole(timetable: RoleTimetable, slug: unknown, now: number): { slug: string; title: string } | null {
  if (typeof slug !== "string" || !ROLE_SLUG.test(slug)) return null;
  const role = timetable.roles.find((entry) => entry.slug === slug);
  return role && isOpen(role, now) ? { slug: role.slug, title: role.title } : null;
}
