/**
 * The sitemap (`/sitemap.xml`): every route marked `indexable` (shared/routes.ts), absolute under
 * SITE_URL, with each open role and the day its page last changed. The build writes it for the roles
 * open when it runs (scripts/build/postbuild.ts); the Node server composes it again at each change
 * of the open roles (./role-documents.ts).
 */
import type { Route } from "#shared/pages.ts";
import { ROUTES } from "#shared/routes.ts";

/** The paths listed in the sitemap, in route-table order. */
export function indexablePaths(all: readonly Route[] = Object.values(ROUTES)): string[] {
  return all.filter((page) => page.indexable).map((page) => page.path);
}

/** The same absolute form as the pages' canonical links (app/lib/seo.ts `absoluteUrl`). */
export function absoluteUrl(path: string, siteUrl: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** A page of the sitemap; `lastmod` (YYYY-MM-DD) only where the day it last changed is known (the roles). */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** One line per page. */
export function renderSitemap(siteUrl: string, entries: readonly (string | SitemapEntry)[]): string {
  const urls = entries.map((entry) => {
    const { path, lastmod } = typeof entry === "string" ? { path: entry, lastmod: undefined } : entry;
    const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(absoluteUrl(path, siteUrl))}</loc>${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
