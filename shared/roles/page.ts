/**
 * A role page's head as every reader of it needs it (the page, its social card): its path,
 * title, description and heading, from the role's file and content/open-roles.yaml.
 */
import type { OpenRolesWords } from "../content/open-roles";
import type { PageInfo } from "../content/page";
import { namedEmployer, type Role } from "./schema";
import { parseLocation, rolePath } from "./timetable";
import { fill } from "../text";

/** `Remote (United States)` or `Chicago, IL, United States`: how a page says where a role is. */
export function locationText(location: string, words: Pick<OpenRolesWords["facts"], "remote">): string {
  const parsed = parseLocation(location);
  if ("problem" in parsed) return location;
  const where = parsed.location;
  return where.kind === "remote"
    ? fill(words.remote, { country: where.country.name })
    : `${where.locality}, ${where.region}, ${where.country.name}`;
}

export function rolePageInfo(role: Role, words: OpenRolesWords): PageInfo {
  const description = fill(words.role.description, {
    title: role.title,
    employer: namedEmployer(role) ?? words.facts.confidential,
    location: locationText(role.location, words.facts),
  });
  return {
    path: rolePath(role.slug),
    title: role.title,
    description,
    keywords: [role.title, ...words.meta.keywords],
    indexable: true,
    heading: role.title,
  };
}
