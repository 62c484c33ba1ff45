/**
 * Where a role's description may link (docs/decisions/0025-roles-close-on-their-day.md): an
 * https or http address, a mailto: address, or a page the site has, by its path (`/roles`,
 * `/mission#pillars`, as other fields' links: shared/content/fields.ts) or an anchor of the role's
 * own page (`#role-qualifications`); and no images, which would be a third party's or need a file of the
 * site's own the layout was never checked with. The build and the editor refuse the rest
 * (./schema.ts, checkRoleBody); the page and the JobPosting drop whatever got past
 * (app/features/roles/role-description.ts), so a `javascript:` or `data:` link never reaches the HTML.
 */
import { isSitePath } from "../routes";

/** Whether `href` is a link a role's description may carry. */
export function isRoleLink(href: string): boolean {
  const value = href.trim();
  // A page the site has ("//host" and "/\\host", which browsers read as another host, are none).
  if (value.startsWith("/")) return !value.startsWith("/\\") && isSitePath(value);
  if (value.startsWith("#")) return true;
  return /^(https?|mailto):/i.test(value);
}

/** `![alt](src)` and `![alt][ref]`: an image. */
const IMAGE = /!\[[^\]]*\]\s*[[(]/;
/** Where an inline link or image goes: `[text](destination ...)`, balanced parentheses and all. */
const INLINE_DESTINATION = /\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))*)/g;
/** A link reference definition: `[label]: destination`. */
const REFERENCE_DESTINATION = /^ {0,3}\[[^\]]+\]:[ \t]*<?([^\s>]*)/gm;

/** What is wrong with the links of a description's Markdown, in an editor's words, or null. */
export function roleLinkProblem(markdown: string): string | null {
  if (IMAGE.test(markdown)) return "Remove the image (![...](...)): a role's description has words and links only.";
  const destinations = [...markdown.matchAll(INLINE_DESTINATION), ...markdown.matchAll(REFERENCE_DESTINATION)];
  const refused = destinations
    .map(([, destination = ""]) => destination)
    .find((destination) => !isRoleLink(destination));
  if (refused === undefined) return null;
  if (refused.trim().startsWith("/") && !refused.trim().startsWith("//")) {
    return `"${refused.slice(0, 60)}" is not a page of this site: link to a page it has, such as /roles or /mission, or to an https:// address.`;
  }
  return `Link to an https:// or http:// address, a mailto: address or a page of this site (a path starting with /): "${refused.slice(0, 60)}" is none of these.`;
}
