/**
 * Whether a request came from one of the site's own pages, for the endpoints a browser
 * posts to. Browsers send Origin with every POST; without it (older browsers, some
 * privacy settings) Sec-Fetch-Site or the Referer still tell where a form post came
 * from. A request with none of the three did not come from a browser page (curl, a
 * server): there is no visitor's session to protect, and it is allowed.
 */
import type { IncomingMessage } from "node:http";

/**
 * The origins whose pages may post: SITE_URL's and those set in ALLOWED_ORIGINS. Never
 * the Host header: a client chooses it, so it proves nothing about where a page came from.
 */
export function ownOrigins(siteUrl: string, extraOrigins: readonly string[] = []): Set<string> {
  return new Set([new URL(siteUrl).origin, ...extraOrigins]);
}

/** The origin of an absolute http(s) URL, or null. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Fetch metadata values that mean the request was not started by another site. */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

export function isCrossSite(req: IncomingMessage, siteUrl: string, extraOrigins: readonly string[] = []): boolean {
  const own = ownOrigins(siteUrl, extraOrigins);
  const { origin, referer } = req.headers;
  const fetchSite = req.headers["sec-fetch-site"];
  // `Origin: null` (sandboxed frames, some redirects) names no page of ours.
  if (origin !== undefined) return !own.has(originOf(origin) ?? "");
  if (fetchSite !== undefined) return !OWN_FETCH_SITES.has(fetchSite.toLowerCase());
  if (referer !== undefined) return !own.has(originOf(referer) ?? "");
  return false;
}

/** The Referer when it is one of the site's own pages (the page the form was on), else null. */
export function ownReferer(
  req: IncomingMessage,
  siteUrl: string,
  maxLength: number,
  extraOrigins: readonly string[] = [],
): string | null {
  const referer = req.headers.referer;
  if (!referer || referer.length > maxLength) return null;
  const origin = originOf(referer);
  return origin && ownOrigins(siteUrl, extraOrigins).has(origin) ? referer : null;
}
