/**
 * What a server says when it starts about the pushes to search engines (docs/deployment/search-engines.md):
 * one line per engine, on or off, and for an engine that is on where it is told and as whom. Never the key.
 */
import type { AppConfig } from "../config";
import type { ServiceAccountKey } from "./google-indexing";
import { indexNowKeyPath } from "../http/static-policy";

export function searchStartupLines(config: AppConfig, googleKey: ServiceAccountKey | null): string[] {
  const { google, indexNow } = config.server.search;
  const site = config.site.siteUrl;
  return [
    google && googleKey
      ? `[search] Google's Indexing API: on, told of each role that opens, changes or closes at ${google.apiOrigin} as ${googleKey.clientEmail} (an Owner of ${site} in Search Console)`
      : "[search] Google's Indexing API: off (no GOOGLE_INDEXING_KEY_FILE): Google finds new and closed roles when it next reads the sitemap",
    indexNow
      ? `[search] IndexNow: on, told of each role that opens, changes or closes at ${indexNow.endpoint}, its key file at ${new URL(indexNowKeyPath(indexNow.key), site).href}`
      : "[search] IndexNow: off (no INDEXNOW_KEY): Bing and the other IndexNow engines find new and closed roles when they next read the sitemap",
  ];
}
