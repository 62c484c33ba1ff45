/**
 * The production server of `npm start` and `npm run serve`: Fastify, with @fastify/static
 * sending the build's files (its `send` answers Range, ETag and conditional requests, picks
 * the precompressed .br/.gz variants, and closes a file whose client went early) and the
 * site's API (server/api/) in a scope of its own. What this module adds is the policy, the
 * same rules nginx is given: which URLs are files (server/http/request-path.ts), the
 * headers and the CSP (server/http/csp.ts), caching and content types
 * (server/http/static-policy.ts), and the time limits below.
 */
import { API_PREFIX } from "#shared/api-paths.ts";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { dirname, join, resolve } from "node:path";
import type { TLSSocket } from "node:tls";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import fastifyStatic from "@fastify/static";
import pino, { type DestinationStream } from "pino";
import { buildCsp, documentHeaders, EDITOR_PATH, editorHeaders, HSTS_VALUE, securityHeaders } from "./csp";
import {
  ALLOW_HEADER,
  ALLOWED_METHODS,
  CACHE_CONTROL,
  cacheClassFor,
  COMPRESSED_SUFFIXES,
  contentTypeFor,
  cameOverPlainHttp,
  type Encoding,
  GONE_FILE,
  httpsLocation,
  indexNowKeyPath,
  isHttpsRequest,
  NOT_FOUND_FILE,
  isDocumentFile,
} from "./static-policy";
import { listFiles } from "./build-files";
import { answerJson, closeAfterAnswer, deferContinue, isClientAbort } from "./answers";
import { collectInlineScriptHashes } from "./inline-scripts";
import { readPolicyConfig } from "./policy-config";
import { resolveRequest } from "./request-path";
import {
  answerMemoryFile,
  readRoleParts,
  roleDocuments,
  UPCOMING_ROLES_FOLDER,
  type MemoryDocument,
} from "./role-documents";
import { RoleSchedule, type RolesState } from "./role-schedule";
import { readRoleTimetable } from "../roles-timetable";
import { ROLES_MANIFEST_FILE, ROLES_PATH, type RoleTimetable } from "#shared/roles.ts";
import { isLoopbackHost } from "#shared/env.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { errorCode } from "../safe-errors";
import { SHUTDOWN_DEADLINE_MS } from "../supervision";

/** How long in-flight requests may take to finish once shutdown begins. */
export const SHUTDOWN_GRACE_MS = 8000;

/**
 * Time limits on every connection (docs/deployment/node-server.md, "Time limits"): a client that
 * trickles its headers or its body is answered 408 and cut off, one that stops reading
 * what it asked for is cut off, and an idle keep-alive connection is closed, so slow
 * clients cannot hold the server's sockets or its files.
 */
export interface ServerLimits {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included, must arrive within this. */
  requestMs: number;
  /** A connection on which nothing moves for this long (a client that stops reading an answer) is closed. */
  sendMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node checks the two first limits (its default, 30 s, would stretch them). */
  checkEveryMs: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  sendMs: 10_000,
  keepAliveMs: 5000,
  checkEveryMs: 1000,
};
/** How often a shutting-down server looks for connections that have been idle long enough to close. */
const IDLE_SWEEP_MS = 100;
/**
 * A draining server closes a keep-alive connection only once it has been idle this long: the
 * keep-alive timeout it announced (`Keep-Alive: timeout=5`), after which a client that honours
 * it (browsers, undici) never sends on it again. One that looks idle sooner may already hold the
 * client's next request, unread in the kernel's buffer: closing it then resets that request. Any
 * other connection ends after its next answer, which Fastify sends with `Connection: close` while
 * closing (docs/measurements/0024-releases-without-a-refused-visitor.md: 31 resets in 5 switches
 * with the immediate close; 1 in 16 with 1 s under a heavier load; none with this).
 */
export const DRAIN_IDLE_CLOSE_MS = SERVER_LIMITS.keepAliveMs;
/** Requests on one keep-alive connection, after which it is closed (a bound, not a limit anyone meets). */
const MAX_REQUESTS_PER_SOCKET = 1000;
/** No page takes a body; the API's endpoints set their own limits (server/api/). */
const BODY_LIMIT_BYTES = 16 * 1024;

/** Every path under it is answered by the API, never by a file (shared/api-paths.ts). */
const API_PATHS = `${API_PREFIX}/`;
/** The editor's sign-in (server/api/editor-sign-in.ts): answered where the editor is, and nowhere else. */
const EDITOR_API_PATHS = `${API_PREFIX}/editor/`;
/** The editor's page is EDITOR_PATH; its script and chunks are under this. */
const EDITOR_FILES = `${EDITOR_PATH}/`;

/**
 * Where the build's editor (`/admin`, its files) and its sign-in are answered
 * (docs/deployment/editor.md): `{ host }`, EDITOR_ORIGIN's host with its port, and there nothing
 * else is; `"every-host"`, beside the site's pages, which only a loopback SITE_URL allows; null:
 * nowhere. A browser keeps the signed-in editor's token in that origin's storage, where any script
 * of a page served on the same origin could read it.
 */
export type EditorPlace = { host: string } | "every-host" | null;

/** Where this configuration's editor is answered: on EDITOR_ORIGIN; beside the pages only on a loopback SITE_URL. */
export function editorPlace(site: Pick<SiteConfig, "editor" | "editorOrigin" | "siteUrl">): EditorPlace {
  if (site.editor?.backend !== "github") return null;
  if (site.editorOrigin) return { host: new URL(site.editorOrigin).host };
  // The configuration refuses a public SITE_URL without EDITOR_ORIGIN (shared/site-config.ts); this holds regardless.
  return isLoopbackHost(new URL(site.siteUrl).hostname) ? "every-host" : null;
}

/** The Host a request names, as an origin's `host` writes it: lower case, without the scheme's default port. */
function hostOf(request: FastifyRequest): string {
  return (request.headers.host ?? "").toLowerCase().replace(/:(80|443)$/, "");
}

/** An error page (404, 410) and its precompressed variants, read once: the answer never depends on the disk. */
interface ErrorPage extends MemoryDocument {
  file: string;
}

function loadErrorPage(root: string, file: string): ErrorPage {
  const variants: Partial<Record<Encoding, Buffer>> = {};
  for (const [encoding, suffix] of Object.entries(COMPRESSED_SUFFIXES) as [Encoding, string][]) {
    const path = join(root, file + suffix);
    if (existsSync(path)) variants[encoding] = readFileSync(path);
  }
  return { file, identity: readFileSync(join(root, file)), variants };
}

/**
 * The roles of the build served from `dir` (BUILD_DIR/roles.json, or `read`, the caller's
 * copy of it), each opening and closing at its time by `clock`; the 410 page; the list, the
 * sitemap and the feed, composed for the roles open (none of these in a build without roles);
 * the files of the roles still to open (BUILD_DIR/upcoming-roles/<slug>/), each with its folder.
 */
function loadRoles(dir: string, files: ReadonlySet<string>, clock: () => number, read?: RoleTimetable) {
  const manifest = join(dirname(dir), ROLES_MANIFEST_FILE);
  // Role pages without it would be offered for ever: a deployment that left it behind stops here.
  if ([...files].some((file) => file.startsWith(`${ROLES_PATH}/`)) && !existsSync(manifest)) {
    throw new Error(`${dir} has role pages but ${manifest} is missing: deploy it with the build.`);
  }
  const timetable = read ?? readRoleTimetable(dirname(dir));
  const hasRoles = timetable.roles.length > 0;
  if (hasRoles && !files.has(GONE_FILE)) {
    throw new Error(`${dir} lists roles but has no ${GONE_FILE.slice(1)}, the page of a closed role: build again.`);
  }
  const upcoming = new Map<string, { root: string; slug: string }>();
  for (const { slug } of timetable.roles) {
    const root = join(dirname(dir), UPCOMING_ROLES_FOLDER, slug);
    if (existsSync(root)) for (const file of listFiles(root)) upcoming.set(file, { root, slug });
  }
  return {
    roles: new RoleSchedule(timetable, clock),
    gonePage: hasRoles ? loadErrorPage(dir, GONE_FILE) : null,
    documents: roleDocuments(hasRoles ? readRoleParts(dirname(dir)) : null, timetable),
    upcoming,
  };
}

/** The raw path of a request target, before any decoding (what nginx's API map reads, too). */
const rawPath = (target: string) => target.split("?")[0]!;

/**
 * What the HTTP layer logs (pino, through Fastify): a client that did not send its request
 * in time or gave up its upload (warnings) and a failure answered 500 (errors), each with
 * a route and a code at most. Never a URL's query, a header, a body or an error's message,
 * any of which may carry what a visitor typed or a secret (docs/product.md#configuration).
 * No line per request, and none for a download a client left early: ordinary traffic.
 */
function httpLogger(stream?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level: "warn",
      base: null,
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, route: request.routeOptions?.url }),
        res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
        err: (error: Error) => ({ type: error.name, code: errorCode(error) }),
      },
      // What a log call could pass whole, removed in case one ever does.
      redact: { paths: ["headers", "*.headers", "body", "*.body", "url", "*.url"], remove: true },
    },
    stream,
  );
}

/** Fastify's own lines about a request that failed, without the error's message (it may quote a visitor). */
class SafeLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    reply.log.error({ err: error }, `${request.method} ${request.routeOptions?.url ?? "?"} failed`);
  }
  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ err: error }, "an answer could not be written");
  }
}

/** Connections answered 408: the upload they were sending is not a client that went away. */
const timedOut = new WeakSet<Socket>();

export interface SiteServerOptions {
  /** The built site (BUILD_DIR/client). */
  root: string;
  /**
   * The client folders of earlier releases still kept (releases/on-disk.ts): their
   * `/assets/` files this build does not have are answered too, so a page loaded before a
   * switch can still fetch the hashed scripts it asks for afterwards.
   */
  olderRoots?: readonly string[];
  /** SITE_URL's host, with its port: where a proxy's plain-http requests are redirected. */
  publicHost?: string;
  /** The site's API under /api/ (server/api/routes.ts); none for static-only hosting. */
  api?: ((api: FastifyInstance) => Promise<void>) | null;
  /** The build's roles (BUILD_DIR/roles.json), when the caller has read them already; read here otherwise. */
  roles?: RoleTimetable;
  limits?: ServerLimits;
  /** Where the HTTP layer's log lines go (tests read them); stdout by default. */
  logStream?: DestinationStream;
  /** Where the build's editor and its sign-in are answered (`editorPlace`); by default nowhere. */
  editor?: EditorPlace;
  /** Called as a shutdown begins (the health check turns 503) and once in-flight requests are done. */
  lifecycle?: { drain(): void; stop(): Promise<void> };
  /** The time roles close by (tests move it); the system's clock by default. */
  clock?: () => number;
  /** INDEXNOW_KEY: its key file is answered at `/<key>.txt` (docs/deployment/search-engines.md); none by default. */
  indexNowKey?: string | null;
}

/**
 * The server for the built site in `root` and its API, with the headers of that build
 * (BUILD_DIR/deploy/policy-config.json); ready, not yet listening.
 */
/** Hashed build files (`/assets/<name>.<hash>.js`): an earlier release's never clash with this one's. */
const ASSETS_PREFIX = "/assets/";

/** The `/assets/` files of `olderRoots` that `own` lacks, each with the root it is in (the newest root first wins). */
export function olderAssets(olderRoots: readonly string[], own: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const olderRoot of olderRoots) {
    const dir = resolve(olderRoot);
    if (!existsSync(join(dir, ASSETS_PREFIX))) continue;
    for (const file of listFiles(join(dir, ASSETS_PREFIX))) {
      const path = `${ASSETS_PREFIX.slice(0, -1)}${file}`;
      if (!own.has(path) && !found.has(path)) found.set(path, dir);
    }
  }
  return found;
}

export async function buildSiteServer({
  root,
  olderRoots = [],
  publicHost = "localhost",
  api = null,
  editor = null,
  limits = SERVER_LIMITS,
  logStream,
  lifecycle,
  clock = Date.now,
  roles: timetable,
  indexNowKey = null,
}: SiteServerOptions): Promise<FastifyInstance> {
  const dir = resolve(root);
  if (!existsSync(join(dir, NOT_FOUND_FILE))) {
    throw new Error(`${dir} has no ${NOT_FOUND_FILE.slice(1)}: is it a built site? Run \`npm run build\` first.`);
  }
  const ownFiles = listFiles(dir);
  const earlierAssets = olderAssets(olderRoots, ownFiles);
  const files: ReadonlySet<string> =
    earlierAssets.size > 0 ? new Set([...ownFiles, ...earlierAssets.keys()]) : ownFiles;
  // The policy of the build being served: its inline scripts, and the configuration it was built with.
  const policyConfig = readPolicyConfig(dirname(dir));
  // The pages of roles posted ahead run the same scripts: their hashes are allowed from the start.
  const upcomingFolder = join(dirname(dir), UPCOMING_ROLES_FOLDER);
  const upcomingRoots = existsSync(upcomingFolder)
    ? readdirSync(upcomingFolder).map((slug) => join(upcomingFolder, slug))
    : [];
  const scriptHashes = [...new Set([dir, ...upcomingRoots].flatMap(collectInlineScriptHashes))].sort();
  const headers = securityHeaders(buildCsp({ scriptHashes, ...policyConfig }), {
    reports: policyConfig.reports,
  });
  const documentOnly = Object.keys(documentHeaders("", { reports: policyConfig.reports }));
  // The editor's page, in a build with one, under its own policy (csp.ts, editorCsp).
  const editorFile = policyConfig.editor ? `${EDITOR_PATH}/index.html` : null;
  const editorHostHeaders = editorHeaders();
  const editorHost = editor !== null && editor !== "every-host" ? editor.host : null;
  /** On the editor's own host: its page and files, its sign-in, nothing else, all under the editor's policy. */
  const onEditorHost = (request: FastifyRequest) => editorHost !== null && hostOf(request) === editorHost;
  /** Whether the editor's sign-in answers this request's host. */
  const editorAnswers = (request: FastifyRequest) => editor === "every-host" || onEditorHost(request);
  const isEditorFile = (file: string) => file.startsWith(EDITOR_FILES);
  const editorFiles: ReadonlySet<string> = editorHost ? new Set([...files].filter(isEditorFile)) : new Set();
  // The build's editor is never one of the site's files, unless it is served beside them (a loopback SITE_URL).
  const siteFiles: ReadonlySet<string> =
    editor === "every-host" ? files : new Set([...files].filter((file) => !isEditorFile(file)));
  const notFoundPage = loadErrorPage(dir, NOT_FOUND_FILE);
  const { roles, gonePage, documents, upcoming } = loadRoles(dir, files, clock, timetable);
  /** The site's files now: the build's, and those of the roles posted ahead that have opened since. */
  let filesNow: { version: number; files: ReadonlySet<string> } = { version: -1, files: siteFiles };
  const siteFilesAt = (rolesNow: RolesState): ReadonlySet<string> => {
    if (upcoming.size === 0) return siteFiles;
    if (filesNow.version !== rolesNow.version) {
      const opened = [...upcoming].filter(([, role]) => rolesNow.isOpen(role.slug)).map(([file]) => file);
      filesNow = { version: rolesNow.version, files: new Set([...siteFiles, ...opened]) };
    }
    return filesNow.files;
  };
  /** The file each request is answered with, for its Content-Type once the variant is chosen. */
  const servedFiles = new WeakMap<FastifyRequest, string>();

  const app = Fastify({
    loggerInstance: httpLogger(logStream),
    logController: new SafeLogController(),
    // No logger of its own per request: the layer logs rare events, each naming its route.
    childLoggerFactory: (logger) => logger,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.sendMs,
    keepAliveTimeout: limits.keepAliveMs,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    bodyLimit: BODY_LIMIT_BYTES,
    // The health check answers 503 "shutting down" itself during the drain.
    return503OnClosing: false,
    exposeHeadRoutes: false,
    clientErrorHandler: answerClientError,
    // A path the router cannot decode (`/%zz`): refused before any hook runs.
    frameworkErrors: (_error, request, reply) => {
      setPolicyHeaders(request, reply);
      return answerText(reply, 400, "Bad Request");
    },
  });

  /** Node's own refusals of what is not yet a request: 408 past the time limits, 431, 400. */
  function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    if (status === 408) {
      timedOut.add(socket);
      app.log.warn(
        `[http] a client did not send its request in time (headers within ${limits.headersMs / 1000} s, ` +
          `the whole request within ${limits.requestMs / 1000} s): answered 408 and closed`,
      );
    }
    // Only when no answer has begun on it: a second status line would corrupt it.
    const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy(error);
  }

  // `Expect: 100-continue` is answered only when an endpoint starts reading the body
  // (server/http/answers.ts continueIfAsked): a refusal goes out without inviting the body first.
  app.server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    deferContinue(req, res);
    app.routing(req, res);
  });

  function setPolicyHeaders(request: FastifyRequest, reply: FastifyReply) {
    reply.headers(onEditorHost(request) ? editorHostHeaders : headers);
    const encrypted = (request.raw.socket as Partial<TLSSocket>).encrypted === true;
    const forwardedHeader = request.headers["x-forwarded-proto"];
    const forwardedProto = Array.isArray(forwardedHeader) ? forwardedHeader[0] : forwardedHeader;
    if (isHttpsRequest(encrypted, forwardedProto)) reply.header("Strict-Transport-Security", HSTS_VALUE);
    // Anything that is not a file found (redirects, errors, the 404 page) is revalidated.
    reply.header("Cache-Control", CACHE_CONTROL.revalidate);
    return !encrypted && cameOverPlainHttp(forwardedProto);
  }

  /** An error page (404, 410), in the encoding the client prefers; a document, whatever was asked for. */
  function answerErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, page: ErrorPage) {
    reply.headers(headers).header("Content-Type", contentTypeFor(page.file));
    return answerMemoryFile(request, reply, page, status);
  }

  // The site's 404 page is a visitor's page: the editor's host answers in words alone.
  const answerNotFound = (request: FastifyRequest, reply: FastifyReply) =>
    onEditorHost(request) ? answerText(reply, 404, "Not Found") : answerErrorPage(request, reply, 404, notFoundPage);

  /**
   * What is not a route of the site: under /api/ (on the raw path, as nginx decides) a
   * JSON 404; a method other than GET and HEAD, 405; anything else, the 404 page. Refusals
   * close the connection rather than read a body.
   */
  function answerUnrouted(request: FastifyRequest, reply: FastifyReply) {
    if (rawPath(request.url).startsWith(API_PATHS)) {
      closeAfterAnswer(request, reply);
      return answerJson(reply, 404, { error: "Not Found" });
    }
    if (!(ALLOWED_METHODS as readonly string[]).includes(request.method)) {
      closeAfterAnswer(request, reply);
      return answerText(reply.header("Allow", ALLOW_HEADER), 405, "Method Not Allowed");
    }
    return answerNotFound(request, reply);
  }

  // Callback hooks (on every request, no promise each): an answer given here ends the request.
  app.addHook("onRequest", (request, reply, done) => {
    if (setPolicyHeaders(request, reply)) {
      // 308, not 301: a POST stays a POST (RFC 9110); SITE_URL's port is kept.
      closeAfterAnswer(request, reply);
      return void answerText(
        reply.header("Location", httpsLocation(onEditorHost(request) ? editorHost! : publicHost, request.url)),
        308,
        "Permanent Redirect",
      );
    }
    const path = rawPath(request.url);
    // The editor's host answers nothing of the API but the sign-in, and no other host answers that.
    const apiElsewhere = onEditorHost(request)
      ? path.startsWith(API_PATHS) && !path.startsWith(EDITOR_API_PATHS)
      : path.startsWith(EDITOR_API_PATHS) && !editorAnswers(request);
    if (apiElsewhere) return void answerUnrouted(request, reply);
    const routed = request.routeOptions.url;
    // The router decodes the path (`/%61pi/...` finds /api/...); an API route answers its exact raw path only.
    if (request.is404 || (routed?.startsWith(API_PATHS) && rawPath(request.url) !== routed)) {
      return void answerUnrouted(request, reply);
    }
    done();
  });

  app.setNotFoundHandler(answerUnrouted);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isClientAbort(error)) {
      // An upload its client gave up; one that timed out was logged as the 408 it is.
      if (!timedOut.has(request.raw.socket)) {
        request.log.warn(`[http] ${request.method} ${request.routeOptions.url}: the client aborted its upload`);
      }
      reply.hijack();
      return void reply.raw.destroy();
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // A file's 416 carries its Content-Range; a path @fastify/static refuses is a 404 here.
      if (error.code === "FST_STATIC_FORBIDDEN_PATH") return answerNotFound(request, reply);
      const { headers: errorHeaders } = error as FastifyError & { headers?: Record<string, string> };
      if (errorHeaders) reply.headers(errorHeaders);
      return answerText(reply, status, STATUS_CODES[status] ?? "Error");
    }
    request.log.error({ err: error }, `[http] ${request.method} ${request.routeOptions.url ?? "?"}: answered 500`);
    if (reply.raw.headersSent) return void reply.raw.destroy();
    return answerText(reply, 500, "Internal Server Error");
  });

  await app.register(fastifyStatic, {
    root: dir,
    serve: false,
    preCompressed: true,
    // The policy sets these (static-policy.ts), as nginx's configuration does.
    cacheControl: false,
    contentType: false,
    index: false,
    dotfiles: "allow",
  });

  // IndexNow's key file: the engines fetch it to check that the pushes are the site's own (nginx answers it too).
  if (indexNowKey) {
    app.route({
      method: ["GET", "HEAD"],
      url: indexNowKeyPath(indexNowKey),
      handler(_request, reply) {
        for (const name of documentOnly) reply.removeHeader(name);
        return reply.code(200).header("Content-Type", "text/plain; charset=utf-8").send(indexNowKey);
      },
    });
  }

  app.route({
    method: ["GET", "HEAD"],
    url: "*",
    onSend: (request, reply, payload, done) => {
      const file = servedFiles.get(request);
      // @fastify/static names a precompressed variant's type from its own table: the policy's wins.
      if (file) reply.header("Content-Type", contentTypeFor(file));
      done(null, payload);
    },
    handler(request, reply) {
      if (rawPath(request.url).startsWith(API_PATHS)) return answerUnrouted(request, reply);
      // The editor's host finds the editor's files only (its root leads to its page), and no role.
      const forEditor = onEditorHost(request);
      if (forEditor && rawPath(request.url) === "/") {
        return answerText(reply.header("Location", EDITOR_PATH), 302, "Found");
      }
      const rolesNow = roles.now();
      const resolution = resolveRequest(
        request.url,
        forEditor ? editorFiles : siteFilesAt(rolesNow),
        forEditor ? undefined : rolesNow,
      );
      switch (resolution.kind) {
        case "bad-request":
          return answerText(reply, 400, "Bad Request");
        case "redirect":
          return answerText(reply.header("Location", resolution.location), 301, "Moved Permanently");
        case "not-found":
          return answerNotFound(request, reply);
        case "gone":
          // Only a role of the timetable is ever gone, and a build with roles has its 410 page.
          return answerErrorPage(request, reply, 410, gonePage!);
        case "file": {
          // Scripts, styles, images and data files are not documents: no CSP and its kin.
          if (!isDocumentFile(resolution.file)) for (const name of documentOnly) reply.removeHeader(name);
          if (resolution.file === editorFile) reply.removeHeader("Reporting-Endpoints").headers(editorHostHeaders);
          reply.header("Cache-Control", CACHE_CONTROL[cacheClassFor(resolution.file)]);
          servedFiles.set(request, resolution.file);
          const composed = documents.get(resolution.file);
          if (composed) return composed.at(rolesNow).then((file) => answerMemoryFile(request, reply, file));
          // An earlier release's hashed asset is sent from its own folder (a page loaded before a switch),
          // and a role posted ahead, once open, from its own.
          const root = earlierAssets.get(resolution.file) ?? upcoming.get(resolution.file)?.root ?? dir;
          return reply.sendFile(resolution.file, root);
        }
      }
    },
  });

  // The API's routes are named below its prefix (shared/api-paths.ts): Fastify mounts them there.
  if (api) await app.register(api, { prefix: API_PREFIX });

  if (lifecycle) {
    // When each connection last finished an answer (null while one is being answered), for the drain.
    const idleSince = new Map<Socket, number | null>();
    app.server.on("connection", (socket: Socket) => {
      idleSince.set(socket, performance.now());
      socket.once("close", () => idleSince.delete(socket));
    });
    app.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      idleSince.set(req.socket, null);
      res.once("finish", () => {
        if (idleSince.has(req.socket)) idleSince.set(req.socket, performance.now());
      });
    });
    let sweep: NodeJS.Timeout | undefined;
    let force: NodeJS.Timeout | undefined;
    app.addHook("preClose", async () => {
      lifecycle.drain();
      // Node's close() and Fastify's both call closeIdleConnections(): from now on it closes
      // only what has been idle for DRAIN_IDLE_CLOSE_MS; whatever still runs after the grace is cut off.
      app.server.closeIdleConnections = () => {
        const now = performance.now();
        for (const [socket, since] of idleSince) {
          if (since !== null && now - since >= DRAIN_IDLE_CLOSE_MS) socket.destroy();
        }
      };
      sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(sweep);
      clearTimeout(force);
      await lifecycle.stop();
    });
  }

  await app.ready();
  return app;
}

function answerText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header("Content-Type", "text/plain; charset=utf-8").send(`${text}\n`);
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
}

/**
 * Serves `root` on host:port (port 0 picks a free one), or on the listening socket it
 * inherited as file descriptor `fd` (the supervisor's, releases/supervisor.ts), and
 * resolves once listening.
 */
export async function startSiteServer({
  port,
  host,
  fd,
  ...options
}: SiteServerOptions & { port: number; host: string; fd?: number }): Promise<RunningServer> {
  const app = await buildSiteServer(options);
  // Node's listen() takes an inherited descriptor as `fd`; Fastify passes its options through
  // to it, though its types name only ports and paths. `host` keeps Fastify from binding more sockets.
  await app.listen(fd === undefined ? { port, host } : ({ fd, host } as unknown as { port: number; host: string }));
  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { app, url: `http://${shownHost}:${address.port}/` };
}

/**
 * SIGTERM (process managers, containers) and SIGINT (Ctrl-C) shut the server down
 * gracefully: the drain first (the health check turns 503, so a load balancer stops
 * sending visitors), in-flight requests finish (for up to SHUTDOWN_GRACE_MS), then the
 * API's relay and store stop; the process has exited within SHUTDOWN_DEADLINE_MS.
 */
export function exitOnSignals(app: FastifyInstance): (why: string) => void {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${why}: finishing in-flight requests, then exiting.`);
    // Whatever is still running then (a relay submission, a store that does not answer)
    // does not keep a process manager waiting.
    setTimeout(() => {
      console.error(`Not finished within ${SHUTDOWN_DEADLINE_MS / 1000} s of ${why}: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      // One timer turn later: a connection handed over in the same turn is not left behind.
      () => setTimeout(() => process.exit(0), 0),
      (error: unknown) => {
        console.error(`Shutting down failed (${errorCode(error)})`);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM received"));
  process.once("SIGINT", () => stop("SIGINT received"));
  return stop;
}
