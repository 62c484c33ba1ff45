/**
 * A role page's head as every reader of it needs it (the page, its social card): its path, title,
 * description and heading, from the role's file and content/open-roles.yaml.
 */
import type { OpenRolesWords } from "../content/open-roles";
import type { PageInfo } from "../content/page";
import { fill } from "../text";
import { locationText } from "./location";
import { rolePath } from "./page";
import { namedEmployer, type Role } from "./schema";

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
