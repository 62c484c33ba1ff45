/**
 * robots.txt, generated at build time; the sitemap it names is server/http/sitemap.ts's, which
 * the build writes and the Node server composes again as roles open and close.
 */
import { absoluteUrl } from "../../server/http/sitemap";
import { SITEMAP_PATH } from "../../server/http/static-policy";

export { absoluteUrl, indexablePaths, renderSitemap, type SitemapEntry } from "../../server/http/sitemap";

/** Every crawler may read everything; the 404 page keeps itself out with its own noindex. */
export function renderRobots(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "", `Sitemap: ${absoluteUrl(SITEMAP_PATH, siteUrl)}`, ""].join("\n");
}
