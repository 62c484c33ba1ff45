/**
 * How the built site is served: the one source of truth for security headers, the
 * Content-Security-Policy, caching, content types and which URLs are public.
 *
 * Three outputs are derived from this module and nothing else:
 *   - the Node server of `npm start` / `npm run serve` (server/http/site-server.ts),
 *   - the nginx configuration written at build time (server/deploy/nginx-config.ts),
 *   - the `_headers` file for static hosts and CDNs (server/deploy/static-host-headers.ts).
 * The browser tests (tests/e2e/server-*.spec.ts) send the same requests to the Node
 * server and to a real nginx, so the three cannot drift apart unnoticed.
 */

import type { HubSpotRegion, SiteConfig } from "../../app/config/schema.ts";
import { EMPLOYER_REQUEST_PAGE_PATH, MODE_PARAM, pages } from "../../app/content/pages.ts";

/** Vite writes every content-hashed file (scripts, styles, optimised images) here. */
export const ASSETS_PREFIX = "/assets/";
/** The prerendered 404 page that postbuild writes; served with status 404 for unknown paths. */
export const NOT_FOUND_FILE = "/404.html";
export const SITEMAP_PATH = "/sitemap.xml";
export const ROBOTS_PATH = "/robots.txt";

export const ALLOWED_METHODS = ["GET", "HEAD"] as const;
export const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_HOUR_SECONDS = 3_600;

export const CACHE_CONTROL = {
  /** Content-hashed files: a change gives a new name, so browsers and CDNs keep them for a year. */
  immutable: `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
  /** HTML, sitemap, robots, redirects and errors: stored but revalidated on every use (ETag, Last-Modified). */
  revalidate: "no-cache",
  /** Other public files (favicon, brand icons, social images, manifest) keep their names across builds. */
  short: `public, max-age=${ONE_HOUR_SECONDS}`,
} as const;

export type CacheClass = keyof typeof CACHE_CONTROL;

/**
 * Sent only when the request reached the site over https (see `isHttpsRequest`). One
 * year, without includeSubDomains or preload: those commit every subdomain of the
 * deployment's domain, which is the operator's decision, not the site's.
 */
export const HSTS_VALUE = `max-age=${ONE_YEAR_SECONDS}`;

/**
 * The site's content types, by file extension. Both servers use exactly this table
 * (nginx gets it as its `types` block), so a type never differs between them.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: "text/html",
  js: "text/javascript",
  css: "text/css",
  json: "application/json",
  webmanifest: "application/manifest+json",
  xml: "application/xml",
  txt: "text/plain",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  woff2: "font/woff2",
};
export const DEFAULT_CONTENT_TYPE = "application/octet-stream";
/** Text types are declared UTF-8, as the build writes them. */
export const UTF8_CONTENT_TYPES = [
  "text/html",
  "text/javascript",
  "text/css",
  "application/json",
  "application/manifest+json",
  "application/xml",
  "text/plain",
  "image/svg+xml",
] as const;

/** Extensions compressed at build time (brotli and gzip) and served precompressed. */
export const PRECOMPRESSED_EXTENSIONS = ["html", "js", "css", "svg", "xml", "txt", "json", "webmanifest"] as const;
export const COMPRESSED_SUFFIXES = { br: ".br", gzip: ".gz" } as const;

/**
 * Files in the build that are never served at their own URL: HTML is reached through
 * its route path only (`/mission`, not `/mission/index.html`, which would be duplicate
 * content), precompressed variants only through content negotiation, and source maps
 * never (the build makes none; this is the second line of defence). Dotfiles are
 * hidden too (`HIDDEN_SEGMENT`).
 */
export const HIDDEN_EXTENSIONS = ["html", "br", "gz", "map"] as const;
export const HIDDEN_SEGMENT = /^\./;

/**
 * A page prerendered once more for one query: `GET <path>?...` whose query matches
 * `query` is answered with `file` instead of the page's own HTML, and `file`'s own
 * path (`hiddenPath`) is never served. The employer mode of the request page is the
 * one such page (docs/decisions/0009): every Employers call to action links to
 * `/request-invitation?type=employer`, which must paint the employer mode without
 * JavaScript, while the query-less page stays the leader mode.
 */
export interface QueryPage {
  path: string;
  /** A regular expression on the raw query (without `?`), the same for the Node server and nginx (PCRE). */
  query: string;
  file: string;
  hiddenPath: string;
}

/**
 * The raw query whose first parameter named `name` is exactly `value`, the way the
 * page's script reads it (`URLSearchParams.get`): `type=employer`, `utm_source=x&type=employer`,
 * but not `type=employers`, `type=Employer` or `type=candidate&type=employer`. The
 * same pattern in both servers, so they always agree; a percent-encoded `type` or
 * `employer` gets the default page, whose island then applies the URL's mode.
 */
export function firstParamIsPattern(name: string, value: string): string {
  const word = /^[a-z_]+$/;
  if (!word.test(name) || !word.test(value)) throw new Error(`firstParamIsPattern: ${name}=${value} needs escaping`);
  return `^(?:(?!${name}(?:=|&|$))[^&]*&)*${name}=${value}(?:&|$)`;
}

export const QUERY_PAGES: readonly QueryPage[] = [
  {
    path: pages.requestInvitation.path,
    query: firstParamIsPattern(MODE_PARAM, "employer"),
    file: `${EMPLOYER_REQUEST_PAGE_PATH}/index.html`,
    hiddenPath: EMPLOYER_REQUEST_PAGE_PATH,
  },
];

/** Where browsers send Content-Security-Policy violation reports: the site's own API (server/api/csp-reports.ts). */
export const CSP_REPORT_PATH = "/api/csp-reports";
/** The Reporting API group of those reports (`report-to` in the policy, `Reporting-Endpoints` header). */
export const CSP_REPORT_GROUP = "csp-endpoint";

/**
 * What a deployment's policy depends on besides its build's inline scripts, taken from
 * the configuration the build was made with (postbuild records it in
 * BUILD_DIR/deploy/policy-config.json for the Node server; see `readPolicyConfig`).
 */
export interface PolicyConfig {
  /** The HubSpot region whose forms the request page embeds, or null when it embeds none. */
  hubspot: { region: HubSpotRegion } | null;
  /** Whether the deployment runs the site's API, which receives violation reports. */
  reports: boolean;
}

export function policyConfigFor(site: Pick<SiteConfig, "hubspot" | "requestApi">): PolicyConfig {
  return { hubspot: site.hubspot && { region: site.hubspot.region }, reports: site.requestApi };
}

/**
 * The sources HubSpot's forms need, both embeds (the legacy v2 `hbspt.forms.create`
 * and the current editor's `div.hs-form-frame`), every region. Each host is in
 * docs/measurements/0007-hubspot-embeds.md with its source; in short:
 *   - scripts: the embed scripts on each region's forms host (`js.hsforms.net` in na1,
 *     `js-<region>.hsforms.net` elsewhere: `/forms/embed/v2.js`, `/forms/embed/<portalId>.js`)
 *     and the chunks they load from `*.hsforms.net`, `*.hsforms.com` and
 *     `static.hsappstatic.net` (the forms app);
 *   - frames: the current embed draws its form in an iframe on the region's forms host
 *     (`/ui-forms-embed-components-app/frame.html`); legacy forms may use frames on the
 *     same families;
 *   - data: form definitions, submissions and counters on `*.hsforms.com` (`forms.hsforms.com`,
 *     `forms-<region>.hsforms.com`), older portals' `forms.hubspot.com`;
 *   - images: beacons and icons on the same hosts.
 * Wildcards cover the regional subdomains of `hsforms.net` and `hsforms.com`.
 */
export const HUBSPOT_SOURCES = {
  script: ["https://*.hsforms.net", "https://*.hsforms.com", "https://static.hsappstatic.net"],
  connect: ["https://*.hsforms.com", "https://*.hsforms.net", "https://forms.hubspot.com"],
  frame: ["https://*.hsforms.net", "https://*.hsforms.com", "https://forms.hubspot.com"],
  img: ["https://*.hsforms.com", "https://*.hsforms.net", "https://static.hsappstatic.net"],
  formAction: ["https://*.hsforms.com", "https://forms.hubspot.com"],
} as const;

/**
 * HubSpot's file hosts per region, for images in a form's rich text (HubSpot's file
 * manager serves `https://<portalId>.fs1.hubspotusercontent-<region>.net/hubfs/...`;
 * na1 portals also have files on the hosts before regions: `f.hubspotusercontent00`
 * to `40.net` and `cdn2.hubspot.net`).
 */
export const HUBSPOT_FILE_HOSTS: Readonly<Record<HubSpotRegion, readonly string[]>> = {
  na1: [
    "https://*.hubspotusercontent-na1.net",
    "https://f.hubspotusercontent00.net",
    "https://f.hubspotusercontent10.net",
    "https://f.hubspotusercontent20.net",
    "https://f.hubspotusercontent30.net",
    "https://f.hubspotusercontent40.net",
    "https://cdn2.hubspot.net",
  ],
  na2: ["https://*.hubspotusercontent-na2.net"],
  eu1: ["https://*.hubspotusercontent-eu1.net"],
  ap1: ["https://*.hubspotusercontent-ap1.net"],
};

/**
 * Google reCAPTCHA, which HubSpot adds to a form when the portal turns CAPTCHA on,
 * exactly as Google's reCAPTCHA FAQ asks for a policy without nonces.
 */
export const RECAPTCHA_SOURCES = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
} as const;

export interface CspInput extends PolicyConfig {
  /** Base64 SHA-256 digests of every inline executable script in the built HTML. */
  scriptHashes: readonly string[];
}

/**
 * The Content-Security-Policy of every response.
 *
 * Scripts: the prerendered pages carry inline scripts (Astro's island bootstrap, the
 * menu script, the request page's early mode choice). Their hashes, computed from the built
 * HTML at build time, allow exactly those scripts and no other inline code, so no
 * 'unsafe-inline' and no nonce (a static site cannot mint one per response).
 *
 * Styles: 'unsafe-inline'. The site's CSS is one inline <style> per page, which a hash
 * could cover, but HubSpot's embed injects <style> elements and style attributes at
 * run time, and components set style attributes that a hash cannot cover without
 * 'unsafe-hashes'. With script injection closed by the script hashes, inline styles
 * leave little to an attacker; we keep the form working instead.
 *
 * Third parties: HubSpot's and reCAPTCHA's hosts only when the site embeds HubSpot's
 * form, with the file hosts of its region; none otherwise (the site's own form needs
 * nothing but 'self'). Violations are reported to the site's API when it has one.
 */
export function buildCsp({ scriptHashes, hubspot, reports }: CspInput): string {
  const hashes = [...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  const hs = hubspot
    ? {
        script: [...HUBSPOT_SOURCES.script, ...RECAPTCHA_SOURCES.script],
        connect: HUBSPOT_SOURCES.connect,
        frame: [...HUBSPOT_SOURCES.frame, ...RECAPTCHA_SOURCES.frame],
        img: [...HUBSPOT_SOURCES.img, ...HUBSPOT_FILE_HOSTS[hubspot.region]],
        formAction: HUBSPOT_SOURCES.formAction,
      }
    : { script: [], connect: [], frame: [], img: [], formAction: [] };
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...hashes, ...hs.script],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...hs.img],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...hs.connect],
    // The site frames nothing of its own.
    hs.frame.length > 0 ? ["frame-src", ...hs.frame] : ["frame-src", "'none'"],
    ["form-action", "'self'", ...hs.formAction],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ];
  if (reports) {
    // report-to for browsers with the Reporting API (they then ignore report-uri), report-uri for the others.
    directives.push(["report-uri", CSP_REPORT_PATH], ["report-to", CSP_REPORT_GROUP]);
  }
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** Powerful features the site never uses, switched off for it and for any frame it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** The Reporting API's endpoint for the policy's `report-to` group. */
export const REPORTING_ENDPOINTS_VALUE = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** The headers every response carries, whatever its type or status (HSTS is added per request). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { "X-Content-Type-Options": "nosniff" };

/**
 * The headers only a document uses (a page, the 404 page, the server's own HTML and
 * text answers): the CSP (about 2 KB) and the policies that govern what a page may
 * do; with `reports`, the Reporting API endpoint the policy's `report-to` names.
 * Scripts, styles, images and the other files of the build do not carry them.
 */
export function documentHeaders(csp: string, { reports = false } = {}): Readonly<Record<string, string>> {
  return {
    "Content-Security-Policy": csp,
    ...(reports ? { "Reporting-Endpoints": REPORTING_ENDPOINTS_VALUE } : {}),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // frame-ancestors 'none' says the same to current browsers; this is for older ones.
    "X-Frame-Options": "DENY",
  };
}

/** Every header a document carries: the common ones and the document-only ones. */
export function securityHeaders(csp: string, { reports = false } = {}): Readonly<Record<string, string>> {
  return { ...documentHeaders(csp, { reports }), ...COMMON_HEADERS };
}

/** Whether a file of the build is served as a document (an HTML page) rather than a resource. */
export function isDocumentFile(filePath: string): boolean {
  return extensionOf(filePath) === "html";
}

/**
 * Whether the request reached the site over https: a TLS socket, or a proxy in front
 * that terminated TLS and says so in X-Forwarded-Proto (first value, as proxies
 * append). The header is trusted without a proxy allow-list because it only decides
 * HSTS, and browsers ignore HSTS received over plain http: a forged header gains a
 * client nothing.
 */
export function isHttpsRequest(encrypted: boolean, forwardedProto: string | undefined): boolean {
  if (encrypted) return true;
  const first = forwardedProto?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/**
 * Whether a proxy in front terminated TLS and says the visitor came over plain http
 * (X-Forwarded-Proto, first value): such requests are redirected to https, the
 * redirection Mozilla's HTTP Observatory checks for. Without the header (a direct
 * connection, local use) nothing is redirected; nginx with its own TLS redirects in a
 * server block of its own (server/deploy/nginx-config.ts).
 */
export function cameOverPlainHttp(forwardedProto: string | undefined): boolean {
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "http";
}

/** Where a plain-http request goes: the same path and query on the public host, over https. */
export function httpsLocation(host: string, requestTarget: string): string {
  return `https://${host}${requestTarget.startsWith("/") ? requestTarget : "/"}`;
}

function extensionOf(filePath: string): string {
  const name = filePath.slice(filePath.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The cache class of a file of the build, by its path under the build root (`/mission/index.html`). */
export function cacheClassFor(filePath: string): CacheClass {
  if (filePath.startsWith(ASSETS_PREFIX)) return "immutable";
  if (extensionOf(filePath) === "html" || filePath === SITEMAP_PATH || filePath === ROBOTS_PATH) return "revalidate";
  return "short";
}

/** The Content-Type header of a file of the build, with the charset for text types. */
export function contentTypeFor(filePath: string): string {
  const type = CONTENT_TYPES[extensionOf(filePath)] ?? DEFAULT_CONTENT_TYPE;
  return (UTF8_CONTENT_TYPES as readonly string[]).includes(type) ? `${type}; charset=utf-8` : type;
}

export function isPrecompressible(filePath: string): boolean {
  return (PRECOMPRESSED_EXTENSIONS as readonly string[]).includes(extensionOf(filePath));
}

export function isHiddenFile(filePath: string): boolean {
  return (
    (HIDDEN_EXTENSIONS as readonly string[]).includes(extensionOf(filePath)) ||
    filePath.split("/").some((segment) => HIDDEN_SEGMENT.test(segment))
  );
}

/** A path whose last segment has an extension names a file; any other path names a page. */
export function namesFile(path: string): boolean {
  return extensionOf(path) !== "";
}
