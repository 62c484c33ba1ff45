/**
 * The two files of the build that list roles, as the Node server answers them once a role has
 * closed since the build: the list of open roles (`/roles`) without that role's item, and the
 * sitemap without its URL (and without `/roles` once no role is open). Each is filtered and
 * compressed once per change of the set of open roles (server/http/role-schedule.ts), kept in
 * memory and answered from there with its ETag; while nothing listed has closed, the build's
 * own file is served as every other file is.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { rolePath, ROLES_PATH } from "#shared/roles/page.ts";
import type { RolesState } from "./role-schedule";
import { ENCODING_PREFERENCE, type Encoding, ROLES_LIST_FILE, SITEMAP_PATH } from "./static-policy";

/**
 * The list page without the items of `closed` roles. Each role is exactly one
 * `<li data-role="<slug>" ...>...</li>` with no `<li>` inside it (the list page's contract), so
 * its first `</li>` ends it; the page shows its empty state by CSS once no item is left.
 */
export function listWithoutClosedRoles(html: string, closed: ReadonlySet<string>): string {
  if (closed.size === 0) return html;
  const slugs = [...closed].join("|");
  return html.replace(new RegExp(`<li data-role="(?:${slugs})"(?:\\s[^>]*)?>[\\s\\S]*?</li>\\s*`, "g"), "");
}

/**
 * The sitemap (one `<url>` a line, scripts/build/seo-files.ts) without the URLs of `closed`
 * roles, and without the list's own URL when no role is open.
 */
export function sitemapWithoutClosedRoles(xml: string, closed: ReadonlySet<string>, anyOpen: boolean): string {
  const gone = new Set([...closed].map(rolePath));
  if (!anyOpen) gone.add(ROLES_PATH);
  if (gone.size === 0) return xml;
  return xml
    .split("\n")
    .filter((line) => {
      const location = /<url>\s*<loc>([^<]+)<\/loc>/.exec(line)?.[1];
      return !location || !URL.canParse(location) || !gone.has(new URL(location).pathname);
    })
    .join("\n");
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

/**
 * One file of the build as the open roles make it: `filter` applied to its text once per
 * version of the roles' state; null while the filter leaves it as built (serve the file).
 */
export class RoleFilteredFile {
  private cached: { version: number; file: Promise<MemoryFile | null> } | null = null;

  constructor(
    private readonly source: string,
    private readonly filter: (text: string, roles: RolesState) => string,
  ) {}

  at(roles: RolesState): Promise<MemoryFile | null> {
    if (this.cached?.version !== roles.version) {
      const text = this.filter(this.source, roles);
      const file = text === this.source ? Promise.resolve(null) : memoryFile(text);
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

/** The build's files that list roles (of `files`, read with `read`), each with its filter, by URL path. */
export function roleFilteredFiles(
  files: ReadonlySet<string>,
  read: (file: string) => string,
): Map<string, RoleFilteredFile> {
  const filters: [string, (text: string, roles: RolesState) => string][] = [
    [ROLES_LIST_FILE, (html, roles) => listWithoutClosedRoles(html, roles.closed)],
    [SITEMAP_PATH, (xml, roles) => sitemapWithoutClosedRoles(xml, roles.closed, roles.anyOpen)],
  ];
  return new Map(
    filters
      .filter(([file]) => files.has(file))
      .map(([file, filter]) => [file, new RoleFilteredFile(read(file), filter)]),
  );
}

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
