/**
 * From a request target (`req.url`, raw as the client sent it) to what the server
 * answers: a file of the build, a redirect to the canonical URL, 404, or 400. Pure,
 * so the path-safety rules are unit-tested on their own; nginx applies the same rules
 * (hosting/nginx-config.ts) and the browser tests check both servers agree.
 */
import { ROLE_PARAM, ROLES_PATH } from "#shared/roles/page.ts";
import { ROUTES } from "#shared/routes.ts";
import {
  firstParamValue,
  isHiddenFile,
  namesFile,
  QUERY_PAGES,
  ROLE_REQUEST_PAGES_PATH,
  roleRequestPageFile,
} from "./static-policy";

export type Resolution =
  | { kind: "file"; file: string }
  | { kind: "gone" }
  | { kind: "redirect"; location: string }
  | { kind: "not-found" }
  | { kind: "bad-request"; reason: string };

// Encoded or raw backslashes and NUL bytes have no place in a URL of this site; on
// other systems they are path separators or string terminators, so refuse them.
const FORBIDDEN_RAW = /\\|%5c|%00|\0/i;

/** The build's roles at the moment of a request (server/http/role-schedule.ts). */
export interface RolesNow {
  /** A role of the build that has closed by now. */
  isClosed(slug: string): boolean;
  /** A role of the build still open now. */
  isOpen(slug: string): boolean;
  /** A role of the build posted for a day still ahead: nothing of it is shown yet. */
  isUpcoming(slug: string): boolean;
}

const ROLE_PAGE_PREFIX = `${ROLES_PATH}/`;

// The same patterns nginx is given (hosting/nginx-config.ts), compiled once.
const QUERY_PAGE_MATCHERS = QUERY_PAGES.map((page) => ({ ...page, query: new RegExp(page.query) }));

/**
 * Resolves a request target against the set of files in the build (paths like
 * `/mission/index.html`, always starting with `/`).
 *
 * - `..` or `.` segments, before or after percent-decoding, answer 400: nothing can
 *   climb out of the build folder, and only files listed in `files` can be served.
 * - A trailing slash redirects (301) to the path without it, query kept. The
 *   Location is built from the raw, still-encoded path with its leading slashes
 *   collapsed, so neither a decoded CR/LF nor `//host` (an open redirect) can get in.
 * - A path whose last segment has an extension names a file; any other path names a
 *   page, served from `<path>/index.html`. Directories are never listed.
 * - A page of `QUERY_PAGES` with its query is served from that page's file, which is
 *   never served at its own path (`/request-invitation?type=employer`, docs/decisions/0009).
 * - With `roles`, the build's roles as they stand now: `/roles/<slug>` of a role that has
 *   closed is gone (410), whether or not its page was built, and of one still to open is not
 *   found (404), as if it did not exist; `/request-invitation?role=<slug>`
 *   of an open role is its own request page (the employer's query wins), and any other role
 *   (unknown, malformed, closed) gets the plain page.
 */
export function resolveRequest(target: string, files: ReadonlySet<string>, roles?: RolesNow): Resolution {
  if (!target.startsWith("/")) return { kind: "bad-request", reason: "request target is not a path" };
  const queryStart = target.indexOf("?");
  const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart);
  if (FORBIDDEN_RAW.test(rawPath)) return { kind: "bad-request", reason: "backslash or NUL in path" };

  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { kind: "bad-request", reason: "malformed percent-encoding" };
  }
  if (path.includes("\0")) return { kind: "bad-request", reason: "NUL in path" };
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".." || segment === ".")) {
    return { kind: "bad-request", reason: "dot segment in path" };
  }

  if (rawPath.length > 1 && rawPath.endsWith("/")) {
    const canonical = `/${rawPath.replace(/^\/+/, "").replace(/\/+$/, "")}`;
    return { kind: "redirect", location: `${canonical}${query}` };
  }

  if (isHiddenFile(path)) return { kind: "not-found" };
  if (QUERY_PAGES.some((page) => page.hiddenPath === path)) return { kind: "not-found" };
  if (path === ROLE_REQUEST_PAGES_PATH || path.startsWith(`${ROLE_REQUEST_PAGES_PATH}/`)) return { kind: "not-found" };
  if (roles && path.startsWith(ROLE_PAGE_PREFIX)) {
    const slug = path.slice(ROLE_PAGE_PREFIX.length);
    if (roles.isClosed(slug)) return { kind: "gone" };
    if (roles.isUpcoming(slug)) return { kind: "not-found" };
  }
  const queryPage = QUERY_PAGE_MATCHERS.find((page) => page.path === path && page.query.test(query.slice(1)));
  if (queryPage) return files.has(queryPage.file) ? { kind: "file", file: queryPage.file } : { kind: "not-found" };
  if (roles && path === ROUTES.requestInvitation.path) {
    const slug = firstParamValue(query.slice(1), ROLE_PARAM);
    const file = slug && roles.isOpen(slug) ? roleRequestPageFile(slug) : null;
    if (file && files.has(file)) return { kind: "file", file };
  }
  const file = namesFile(path) ? path : `${path === "/" ? "" : path}/index.html`;
  return files.has(file) ? { kind: "file", file } : { kind: "not-found" };
}
