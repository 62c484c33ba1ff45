/**
 * How the built site's files are served: caching, content types, precompressed variants,
 * which URLs are public, the methods allowed and the redirection to https. With
 * server/http/csp.ts (the security headers and the Content-Security-Policy) it is the one
 * source of truth for how the built site is served.
 *
 * Three outputs are derived from these two modules and nothing else:
 *   - the Node server of `npm start` / `npm run serve` (server/http/site-server.ts),
 *   - the nginx configuration written at build time (hosting/nginx-config.ts),
 *   - the `_headers` file for static hosts and CDNs (hosting/static-host-headers.ts).
 * The server tests (tests/server/http-contract.test.ts) send the same requests to the Node
 * server and to a real nginx, so the three cannot drift apart unnoticed.
 */

import { EMPLOYER_REQUEST_PAGE_PATH, ROUTES } from "#shared/routes.ts";
import { MODE_PARAM } from "#shared/invitation/mode.ts";
import { ROLE_PARAM, ROLES_PATH } from "#shared/roles/page.ts";

/** Vite writes every content-hashed file (scripts, styles, optimised images) here. */
export const ASSETS_PREFIX = "/assets/";
/** The prerendered 404 page that postbuild writes; served with status 404 for unknown paths. */
export const NOT_FOUND_FILE = "/404.html";
/** The page a role that has closed answers with, status 410; like the 404 page, never served at its own URL. */
export const GONE_FILE = "/410.html";
/** The list of open roles: the server composes it for the roles open at each moment (./role-documents.ts). */
export const ROLES_LIST_FILE = `${ROLES_PATH}/index.html`;
/** The home page, whose band lists a few of the open roles: composed like the list. */
export const HOME_FILE = "/index.html";
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
export type Encoding = keyof typeof COMPRESSED_SUFFIXES;
/** Brotli is smaller than gzip for the same file, so it wins when both are accepted. */
export const ENCODING_PREFERENCE: Encoding[] = ["br", "gzip"];

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
    path: ROUTES.requestInvitation.path,
    query: firstParamIsPattern(MODE_PARAM, "employer"),
    file: `${EMPLOYER_REQUEST_PAGE_PATH}/index.html`,
    hiddenPath: EMPLOYER_REQUEST_PAGE_PATH,
  },
];

/**
 * The request page with a role chosen, prerendered once per role open at build time
 * (`<ROLE_REQUEST_PAGES_PATH>/<slug>/index.html`): answers `/request-invitation?role=<slug>`
 * while that role is open, and is never served at its own path. Unlike `QUERY_PAGES` the
 * choice depends on the time (a role closes), so only the Node server makes it: nginx hands
 * it every request page whose query names a role (`ROLE_QUERY_PATTERN`).
 */
export const ROLE_REQUEST_PAGES_PATH = `${ROUTES.requestInvitation.path}/role`;
export const roleRequestPageFile = (slug: string) => `${ROLE_REQUEST_PAGES_PATH}/${slug}/index.html`;
/** A raw query with a `role` parameter (the nginx map's pattern; the Node server reads the first one's value). */
export const ROLE_QUERY_PATTERN = `(?:^|&)${ROLE_PARAM}(?:=|&|$)`;

/**
 * The raw value of the first parameter named exactly `name` in a raw query (without `?`),
 * undecoded: `role=vp-ta` gives `vp-ta`, `role` gives "", none gives null. Undecoded, as
 * `firstParamIsPattern` reads `type`: a percent-encoded slug is no slug.
 */
export function firstParamValue(rawQuery: string, name: string): string | null {
  for (const parameter of rawQuery.split("&")) {
    const equals = parameter.indexOf("=");
    if ((equals === -1 ? parameter : parameter.slice(0, equals)) === name) {
      return equals === -1 ? "" : parameter.slice(equals + 1);
    }
  }
  return null;
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
 * server block of its own (hosting/nginx-config.ts).
 */
export function cameOverPlainHttp(forwardedProto: string | undefined): boolean {
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "http";
}

/** Where a plain-http request goes: the same path and query on the public host (SITE_URL's, with its port), over https. */
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

/** IndexNow's key file (INDEXNOW_KEY, server/search/indexnow.ts), where an engine checks the key: `/<key>.txt`. */
export const indexNowKeyPath = (key: string) => `/${key}.txt`;
