/**
 * Whether a request came from one of the site's own pages, for the endpoints a browser
 * posts to. Browsers send Origin with every POST; without it (older browsers, some
 * privacy settings) Sec-Fetch-Site or the Referer still tell where a form post came
 * from. A request with none of the three did not come from a browser page (curl, a
 * server): there is no visitor's session to protect, and it is allowed.
 *
 * The own origins are SITE_URL's and ALLOWED_ORIGINS, never the Host header (a client
 * chooses it). With SITE_URL on a loopback host (the default) every loopback origin is
 * the site's own, so a fresh checkout's form sends from whatever address `npm start`
 * prints (docs/product.md#configuration).
 */
import type { IncomingMessage } from "node:http";
import { isLoopbackHost } from "#shared/env.ts";

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

/** What a request says about the page it was sent from. */
export type PageOrigin =
  { kind: "none" } | { kind: "origin"; origin: string | null } | { kind: "fetch-site"; value: string };

export class SiteOrigins {
  readonly siteOrigin: string;
  private readonly own: Set<string>;
  private readonly loopbackSite: boolean;

  constructor(siteUrl: string, extraOrigins: readonly string[] = []) {
    this.siteOrigin = new URL(siteUrl).origin;
    this.own = new Set([this.siteOrigin, ...extraOrigins]);
    this.loopbackSite = isLoopbackHost(new URL(siteUrl).hostname);
  }

  /** Whether pages of `origin` (as `URL.origin` writes it) may post. */
  isOwn(origin: string | null): boolean {
    if (origin === null) return false;
    if (this.own.has(origin)) return true;
    return this.loopbackSite && isLoopbackHost(new URL(origin).hostname);
  }

  /** The page a request names: its Origin, else its fetch metadata, else its Referer's origin. */
  pageOrigin(req: IncomingMessage): PageOrigin {
    const { origin, referer } = req.headers;
    const fetchSite = req.headers["sec-fetch-site"];
    // `Origin: null` (sandboxed frames, some redirects) names no page of ours.
    if (origin !== undefined) return { kind: "origin", origin: originOf(origin) };
    if (fetchSite !== undefined) return { kind: "fetch-site", value: fetchSite.toLowerCase() };
    if (referer !== undefined) return { kind: "origin", origin: originOf(referer) };
    return { kind: "none" };
  }

  isCrossSite(req: IncomingMessage): boolean {
    const page = this.pageOrigin(req);
    if (page.kind === "none") return false;
    if (page.kind === "fetch-site") return !OWN_FETCH_SITES.has(page.value);
    return !this.isOwn(page.origin);
  }

  /** The Referer when it is one of the site's own pages (the page the form was on), else null. */
  ownReferer(req: IncomingMessage, maxLength: number): string | null {
    const referer = req.headers.referer;
    if (!referer || referer.length > maxLength) return null;
    return this.isOwn(originOf(referer)) ? referer : null;
  }

  /** For the start-up line: whether the request form sends from pages at `url`, and if not, from where. */
  formNote(url: string, { trustProxyHops = 0 }: { trustProxyHops?: number } = {}): string {
    if (this.isOwn(originOf(url))) return "The request form sends from this address.";
    const extra = this.own.size > 1 ? " and ALLOWED_ORIGINS" : "";
    const only = `The request form sends from pages of ${this.siteOrigin} (SITE_URL)${extra} only`;
    // A public site served here on this machine's address: visitors come through a proxy, whose
    // requests carry SITE_URL's Host and Origin; adding this address would let nobody in.
    if (isLoopbackHost(new URL(url).hostname) && !isLoopbackHost(new URL(this.siteOrigin).hostname)) {
      return (
        `${only}. Behind a proxy (nginx), pass the visitor's Host on (proxy_set_header Host $host) and ` +
        (trustProxyHops > 0
          ? `their address (TRUST_PROXY=${trustProxyHops} is set)`
          : "their address (X-Forwarded-For, and set TRUST_PROXY=1)") +
        `; ALLOWED_ORIGINS is for another name of the site, not for ${originOf(url)}.`
      );
    }
    return `${only}: add ${originOf(url)} to ALLOWED_ORIGINS to send from this address.`;
  }

  /**
   * How `origin` differs from SITE_URL's when it is the site under another name: the same
   * host under another scheme or port, `www.` added or left out, or this machine while
   * SITE_URL names another. Null for an origin that has nothing in common with it.
   */
  nearMiss(origin: string): string | null {
    const site = new URL(this.siteOrigin);
    const other = new URL(origin);
    const bare = (hostname: string) => hostname.replace(/^www\./, "");
    if (other.hostname === site.hostname) {
      return other.protocol === site.protocol ? "another port" : "another scheme";
    }
    if (bare(other.hostname) === bare(site.hostname)) return "another host name (www)";
    if (isLoopbackHost(other.hostname)) return "this machine's address";
    return null;
  }
}

/** Refusals logged per hour at most, one per origin: a forged Origin cannot flood the log. */
export const REFUSAL_LOG_ORIGINS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

/**
 * One log line per refused origin and hour, naming the setting to change, so a deployment
 * reached under a second name is noticed the first time it refuses a visitor
 * (docs/product.md#configuration). At most REFUSAL_LOG_ORIGINS_PER_HOUR origins an hour,
 * then one line saying that more were refused.
 */
export class CrossSiteRefusalLog {
  private readonly logged = new Map<string, number>();
  private overflowLoggedAt = -Infinity;

  constructor(
    private readonly origins: SiteOrigins,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  record(page: PageOrigin): void {
    const now = this.now();
    for (const [origin, at] of this.logged) if (now - at >= HOUR_MS) this.logged.delete(origin);
    const key = page.kind === "origin" ? (page.origin ?? "null") : page.kind === "fetch-site" ? "fetch-site" : "";
    if (this.logged.has(key)) return;
    if (this.logged.size >= REFUSAL_LOG_ORIGINS_PER_HOUR) {
      if (now - this.overflowLoggedAt < HOUR_MS) return;
      this.overflowLoggedAt = now;
      return this.log(
        `[api] more posts refused as cross-site from other origins; not logged one by one for an hour ` +
          `(at most ${REFUSAL_LOG_ORIGINS_PER_HOUR} origins an hour)`,
      );
    }
    this.logged.set(key, now);
    this.log(this.describe(page));
  }

  private describe(page: PageOrigin): string {
    const site = this.origins.siteOrigin;
    if (page.kind !== "origin" || page.origin === null) {
      const what = page.kind === "fetch-site" ? `Sec-Fetch-Site: ${page.value}` : "Origin: null";
      return `[api] refused a post as cross-site (${what}): a page of another site, not of SITE_URL (${site})`;
    }
    const origin = page.origin;
    const lead = `[api] refused a post from ${origin} as cross-site`;
    const nearMiss = this.origins.nearMiss(origin);
    if (nearMiss) {
      return (
        `${lead}: it is SITE_URL (${site}) under ${nearMiss}. If visitors reach the site there, ` +
        `redirect them to ${site}, set SITE_URL to ${origin}, or add ${origin} to ALLOWED_ORIGINS ` +
        `(logged once an hour per origin)`
      );
    }
    return (
      `${lead}: neither SITE_URL (${site}) nor in ALLOWED_ORIGINS. If it is this site under another ` +
      `name, set SITE_URL or add it to ALLOWED_ORIGINS (logged once an hour per origin)`
    );
  }
}
