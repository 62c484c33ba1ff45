/**
 * A role's description as the page and its JobPosting carry it: the HTML the build rendered from
 * the role's Markdown, with only the elements Markdown makes, no image, and only the links
 * shared/roles/description-links.ts allows (any other is unwrapped to its text). The build refuses a
 * file with such links already (checkRoleBody); this holds wherever the check is not run (the
 * development server shows the page of a refused file), so a `javascript:` or `data:` link never
 * reaches the HTML. Build time only (./built-roles.ts): no visitor's bundle carries it.
 */
import sanitizeHtml from "sanitize-html";
import { isRoleLink } from "#shared/roles/description-links.ts";

/** HTML a role's page and its JobPosting may carry as its description (made by roleDescriptionHtml only). */
export type RoleDescriptionHtml = string & { readonly __roleDescription: true };

/** What Markdown makes of paragraphs, lists, emphasis, headings, quotes, code, tables and links; no image. */
const MARKDOWN_ELEMENTS = [
  ...["p", "br", "hr", "blockquote", "pre", "code", "h1", "h2", "h3", "h4", "h5", "h6"],
  ...["ul", "ol", "li", "strong", "em", "del", "a"],
  ...["table", "thead", "tbody", "tr", "th", "td"],
];
/** A link that may not stay becomes this, which is not allowed: its text is kept, the link dropped. */
const DROPPED_LINK = "dropped-link";

export function roleDescriptionHtml(rendered: string): RoleDescriptionHtml {
  return sanitizeHtml(rendered, {
    allowedTags: MARKDOWN_ELEMENTS,
    allowedAttributes: { a: ["href"], ol: ["start"] },
    allowedSchemes: ["https", "http", "mailto"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, { href }): sanitizeHtml.Tag =>
        href !== undefined && isRoleLink(href)
          ? { tagName, attribs: { href } }
          : { tagName: DROPPED_LINK, attribs: {} },
    },
  }) as RoleDescriptionHtml;
}
