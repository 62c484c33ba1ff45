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
 * HubSpot's v2 forms embed, region na1 (SPEC §7, DECISIONS §1), as its hosts are
 * documented by HubSpot's community CSP guide and by sites running it under a CSP:
 *   - the embed script `js.hsforms.net/forms/embed/v2.js` and the chunks it loads
 *     from `*.hsforms.net` (regional twins such as js-na1) and `static.hsappstatic.net`;
 *   - the form definition and the submission (`forms.hsforms.com/embed/v3/...`,
 *     `forms.hsforms.com/submissions/v3/...`, older portals `forms.hubspot.com`) and
 *     the embed's performance beacons (`perf.hsforms.com`), all under `*.hsforms.com`;
 *   - the form's iframe, from the same families;
 *   - reCAPTCHA, which HubSpot adds to a form when the portal turns it on.
 * Wildcards cover HubSpot's regional subdomains without naming each one; nothing
 * outside HubSpot's (and, for the CAPTCHA, Google's reCAPTCHA) hosts is allowed.
 */
export const HUBSPOT_SOURCES = {
  script: [
    "https://*.hsforms.net",
    "https://*.hsforms.com",
    "https://static.hsappstatic.net",
    "https://www.google.com/recaptcha/",
    "https://www.gstatic.com/recaptcha/",
  ],
  connect: ["https://*.hsforms.com", "https://*.hsforms.net", "https://forms.hubspot.com"],
  frame: [
    "https://*.hsforms.net",
    "https://*.hsforms.com",
    "https://forms.hubspot.com",
    "https://www.google.com/recaptcha/",
  ],
  img: ["https://*.hsforms.com", "https://*.hsforms.net", "https://static.hsappstatic.net"],
  formAction: ["https://*.hsforms.com", "https://forms.hubspot.com"],
} as const;

export interface CspInput {
  /** Base64 SHA-256 digests of every inline executable script in the built HTML. */
  scriptHashes: readonly string[];
}

/**
 * The Content-Security-Policy of every response.
 *
 * Scripts: the prerendered pages carry inline scripts (React Router's context and
 * module bootstrap, React's streaming helpers). Their hashes, computed from the built
 * HTML at build time, allow exactly those scripts and no other inline code, so no
 * 'unsafe-inline' and no nonce (a static site cannot mint one per response).
 *
 * Styles: 'unsafe-inline'. The site's CSS is one inline <style> per page, which a hash
 * could cover, but HubSpot's embed injects <style> elements and style attributes at
 * run time, and components set style attributes that a hash cannot cover without
 * 'unsafe-hashes'. With script injection closed by the script hashes, inline styles
 * leave little to an attacker; we keep the form working instead.
 */
export function buildCsp({ scriptHashes }: CspInput): string {
  const hashes = [...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...hashes, ...HUBSPOT_SOURCES.script],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...HUBSPOT_SOURCES.img],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...HUBSPOT_SOURCES.connect],
    ["frame-src", ...HUBSPOT_SOURCES.frame],
    ["form-action", "'self'", ...HUBSPOT_SOURCES.formAction],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ];
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

/** The headers every response carries, whatever its status (HSTS is added per request). */
export function securityHeaders(csp: string): Readonly<Record<string, string>> {
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // frame-ancestors 'none' says the same to current browsers; this is for older ones.
    "X-Frame-Options": "DENY",
  };
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
