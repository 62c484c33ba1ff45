/**
 * sitemap.xml and robots.txt, generated at build time from the route table
 * (shared/routes.ts, made from shared/pages.ts): every page marked `indexable`, absolute under SITE_URL.
 */
import type { Route } from "#shared/pages.ts";
import { ROUTES } from "#shared/routes.ts";
import { SITEMAP_PATH } from "../../server/http/static-policy";

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

/** One line per page: the site's server leaves out the line of a role that has closed (server/http/site-server.ts). */
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

/** Every crawler may read everything; the 404 page keeps itself out with its own noindex. */
export function renderRobots(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "", `Sitemap: ${absoluteUrl(SITEMAP_PATH, siteUrl)}`, ""].join("\n");
}
