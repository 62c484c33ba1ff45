import { getEntry } from "astro:content";
import { site } from "#app/config/site.ts";
import { entryId, type Content } from "#shared/content/collections.ts";
import type { ContentName, PageName } from "#shared/pages.ts";
import type { PageMeta } from "#shared/content/page.ts";
import { ROUTES } from "#shared/routes.ts";
import { buildHead, type HeadInput, type PageHead } from "./seo";
import { withSiteFacts } from "#shared/content/site-facts.ts";

/**
 * A content file's words, as its collection checked them (app/content.config.ts), with this
 * deployment's `{siteName}`, `{contactEmail}`, `{supporterName}` and `{supporterUrl}` filled
 * in. For .astro pages, at build time; they pass the words to their components as props.
 */
export async function words<Name extends ContentName>(name: Name): Promise<Content<Name>> {
  const entry = await getEntry(name, entryId(name));
  if (!entry) throw new Error(`content/${name}: the build found no entry for it (app/content.config.ts)`);
  return withSiteFacts(entry.data as Content<Name>, site);
}

/** Every head tag of a route's page, from its words (`meta`). */
export function pageHead(route: PageName, meta: PageMeta, extra: Omit<HeadInput, "page"> = {}): PageHead {
  return buildHead({ page: { ...ROUTES[route], ...meta }, ...extra });
}
