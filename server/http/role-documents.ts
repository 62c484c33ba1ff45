/**
 * What lists the roles, as the Node server composes it for the roles open at each moment
 * (docs/decisions/0026-roles-reach-searchers.md): the list page (`/roles`) and the home page, from
 * the parts the build cut each into (what every state shows, one item per role, what shows while
 * some role is open or none is: BUILD_DIR/role-parts.json),
 * the sitemap from the routes and the timetable (./sitemap.ts), and the feed of the open roles
 * (`/roles/feed.xml`, Atom). Each is composed and compressed once per change of the open roles
 * (server/http/role-schedule.ts), kept in memory and answered from there with its ETag. The build
 * joins the same parts for the roles open when it runs (scripts/build/postbuild.ts), the files
 * static hosts and nginx serve as they are.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Feed } from "feed";
import { isOpen, type RoleTimetable, type RoleTimetableEntry } from "#shared/roles/timetable.ts";
import { rolePath, ROLES_FEED_PATH, ROLES_PATH, type RolesShown } from "#shared/roles/page.ts";
import type { RolesState } from "./role-schedule";
import { absoluteUrl, indexablePaths, renderSitemap } from "./sitemap";
import { ENCODING_PREFERENCE, type Encoding, SITEMAP_PATH } from "./static-policy";

/** The parts the build hands the server, beside roles.json in BUILD_DIR. */
export const ROLE_PARTS_FILE = "role-parts.json";
/**
 * The files of the roles posted for a day ahead, beside client/ in BUILD_DIR (never served as they
 * are: a static host would show them early), one folder per role laid out as client/ is: its page,
 * its request page, its social card. The Node server answers them from the day the role opens.
 */
export const UPCOMING_ROLES_FOLDER = "upcoming-roles";

/**
 * A page that shows the open roles, cut at its marks (shared/roles/page.ts, RolesShown): each part
 * with what it waits for, in the page's order, the roles' items in the build's order (newest first).
 */
export interface RolePageParts {
  parts: { shown: RolesShown; html: string }[];
  /** The most roles it shows, the first open ones (the home page's band shows a few). */
  maxItems?: number;
}

export interface RoleParts {
  /** SITE_URL of the build: the sitemap's and the feed's addresses. */
  siteUrl: string;
  siteName: string;
  /** The feed's title (content/open-roles.yaml). */
  feedTitle: string;
  /** The pages that show the open roles, by their file under client/ (`/roles/index.html`, `/index.html`). */
  pages: Record<string, RolePageParts>;
}

const itemSlug = (shown: RolesShown) => (shown.startsWith("item:") ? shown.slice("item:".length) : null);

/** A page for the roles of `open` (slugs): their items, and what waits for `some` open role, or `none`. */
export function composeRolePage(page: RolePageParts, open: ReadonlySet<string>): string {
  const slugs = page.parts.map(({ shown }) => itemSlug(shown)).filter((slug) => slug !== null);
  const shownItems = new Set(slugs.filter((slug) => open.has(slug)).slice(0, page.maxItems ?? Infinity));
  const some = shownItems.size > 0;
  return page.parts
    .filter(({ shown }) =>
      shown === "always" ? true : shown === "some" ? some : shown === "none" ? !some : shownItems.has(itemSlug(shown)!),
    )
    .map((part) => part.html)
    .join("");
}

/** The sitemap: the indexable routes (the list only while a role is open), and each open role with its day. */
export function composeSitemap(siteUrl: string, open: readonly RoleTimetableEntry[]): string {
  const paths = indexablePaths().filter((path) => path !== ROLES_PATH || open.length > 0);
  return renderSitemap(siteUrl, [
    ...paths,
    ...open.map((role) => ({ path: rolePath(role.slug), lastmod: role.lastModified })),
  ]);
}

/** The day a role's page last changed, or the day it opened when later (a role posted ahead). */
const updatedOf = (role: RoleTimetableEntry) => new Date(Math.max(Date.parse(role.lastModified), role.opensAt));

/** The feed of the open roles (Atom), newest first: each one's title, page, summary, the day it opened and last changed. */
export function composeFeed(
  parts: Pick<RoleParts, "siteUrl" | "siteName" | "feedTitle">,
  open: readonly RoleTimetableEntry[],
): string {
  const newest = [...open].sort((a, b) => b.opensAt - a.opensAt || a.title.localeCompare(b.title));
  const updated =
    newest.length > 0 ? new Date(Math.max(...newest.map((role) => updatedOf(role).getTime()))) : new Date(0);
  const feed = new Feed({
    id: absoluteUrl(ROLES_FEED_PATH, parts.siteUrl),
    title: parts.feedTitle,
    link: absoluteUrl(ROLES_PATH, parts.siteUrl),
    feedLinks: { atom: absoluteUrl(ROLES_FEED_PATH, parts.siteUrl) },
    language: "en",
    updated,
    author: { name: `The ${parts.siteName}`, link: absoluteUrl("/", parts.siteUrl) },
    copyright: `The ${parts.siteName}`,
    generator: false,
  });
  for (const role of newest) {
    const link = absoluteUrl(rolePath(role.slug), parts.siteUrl);
    feed.addItem({
      id: link,
      title: role.title,
      link,
      description: role.summary,
      date: updatedOf(role),
      published: new Date(role.opensAt),
    });
  }
  return feed.atom1();
}

/** The parts the build wrote beside `buildDir`'s client folder, or null for a build without them (no roles page). */
export function readRoleParts(buildDir: string): RoleParts | null {
  const path = join(buildDir, ROLE_PARTS_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as RoleParts) : null;
}

/** A document kept in memory and its compressed variants (those smaller than it). */
export interface MemoryDocument {
  identity: Buffer;
  variants: Partial<Record<Encoding, Buffer>>;
}

/** A filtered file, answered 200 or 304: a document with the ETags of its variants. */
export interface MemoryFile extends MemoryDocument {
  /** The ETag of each encoding (`identity` too): a representation's own, as a file's would be. */
  etags: Record<Encoding | "identity", string>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed off the event loop (zlib's thread pool), at the build's levels (scripts/build/precompress.ts). */
async function memoryFile(text: string): Promise<MemoryFile> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const variants: MemoryFile["variants"] = {};
  if (br.length < identity.length) variants.br = br;
  if (gz.length < identity.length) variants.gzip = gz;
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  return { identity, variants, etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` } };
}

/** A document composed for the open roles: `compose` run once per version of the roles' state. */
export class RoleDocument {
  private cached: { version: number; file: Promise<MemoryFile> } | null = null;

  constructor(private readonly compose: (roles: RolesState) => string) {}

  at(roles: RolesState): Promise<MemoryFile> {
    if (this.cached?.version !== roles.version) {
      const file = memoryFile(this.compose(roles));
      const entry = { version: roles.version, file };
      this.cached = entry;
      // A failure answers that request 500; the next one tries again.
      file.catch(() => {
        if (this.cached === entry) this.cached = null;
      });
    }
    return this.cached.file;
  }
}

/**
 * The documents the server composes for the open roles, by the file of the build they stand for:
 * the pages that show them (the list, the home page) and the feed from the build's parts, the
 * sitemap; none for a build without them.
 */
export function roleDocuments(parts: RoleParts | null, timetable: RoleTimetable): Map<string, RoleDocument> {
  if (!parts) return new Map();
  const open = (roles: RolesState) => timetable.roles.filter((role) => roles.isOpen(role.slug));
  const openSlugs = (roles: RolesState) => new Set(open(roles).map((role) => role.slug));
  return new Map([
    ...Object.entries(parts.pages).map(
      ([file, page]) => [file, new RoleDocument((roles) => composeRolePage(page, openSlugs(roles)))] as const,
    ),
    [SITEMAP_PATH, new RoleDocument((roles) => composeSitemap(parts.siteUrl, open(roles)))],
    [ROLES_FEED_PATH, new RoleDocument((roles) => composeFeed(parts, open(roles)))],
  ]);
}

/** The roles of `timetable` open at `now`, for the build's own copies. */
export const openAt = (timetable: RoleTimetable, now: number) => timetable.roles.filter((role) => isOpen(role, now));

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2), or is `*`. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/**
 * Answers with a document from memory in the encoding the client prefers, whole (no ranges:
 * these are small). A file with ETags is answered 304 when its ETag is the client's; one
 * without (an error page, answered with its `status`) never is. The caller has set the
 * policy's headers for the document.
 */
export function answerMemoryFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: MemoryDocument | MemoryFile,
  status = 200,
) {
  const encoding = negotiate(request.headers["accept-encoding"] ?? "", ENCODING_PREFERENCE) as Encoding | undefined;
  const variant = encoding ? file.variants[encoding] : undefined;
  reply.header("Vary", "Accept-Encoding");
  if ("etags" in file) {
    const etag = variant ? file.etags[encoding!] : file.etags.identity;
    reply.header("ETag", etag);
    if (noneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send();
  }
  if (variant) reply.header("Content-Encoding", encoding!);
  return reply.code(status).send(variant ?? file.identity);
}
