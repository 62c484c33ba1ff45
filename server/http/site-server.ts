/**
 * The production server of `npm start` and `npm run serve`: node:http in front of
 * sirv (which streams files, negotiates the precompressed .br/.gz variants and
 * answers conditional requests). Routing, headers and caching come from
 * server/http/request-path.ts, server/http/csp.ts and server/http/static-policy.ts, the same
 * rules nginx is given.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import type { TLSSocket } from "node:tls";
import sirv from "sirv";
import { buildCsp, HSTS_VALUE, securityHeaders, documentHeaders } from "./csp";
import {
  ALLOW_HEADER,
  ALLOWED_METHODS,
  CACHE_CONTROL,
  cacheClassFor,
  COMPRESSED_SUFFIXES,
  contentTypeFor,
  cameOverPlainHttp,
  httpsLocation,
  isHttpsRequest,
  NOT_FOUND_FILE,
  isDocumentFile,
} from "./static-policy";
import { closeAfterAnswer, deferContinue, HttpError, isClientAbort, sendJson, type ApiRoute } from "./answers";
import { collectInlineScriptHashes } from "./inline-scripts";
import { readPolicyConfig } from "./policy-config";
import { resolveRequest } from "./request-path";
import { errorCode } from "../safe-errors";

/** How long in-flight requests may take to finish once shutdown begins. */
export const SHUTDOWN_GRACE_MS = 8000;
/** A signalled server has exited by then, whatever it was waiting for (docs/deployment/node-server.md). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Time limits on every connection (docs/deployment/node-server.md, "Time limits"): a client that
 * trickles its headers or its body is answered 408 and cut off, and an idle keep-alive
 * connection is closed, so slow clients cannot hold the server's sockets.
 */
export interface ServerLimits {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, body included, must arrive within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node checks the two limits above (its default, 30 s, would stretch them). */
  checkEveryMs: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5000,
  checkEveryMs: 1000,
};
/** How often a shutting-down server closes the connections that have become idle. */
const IDLE_SWEEP_MS = 100;
/** Requests on one keep-alive connection, after which it is closed (a bound, not a limit anyone meets). */
const MAX_REQUESTS_PER_SOCKET = 1000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Encoding = keyof typeof COMPRESSED_SUFFIXES;
/** Brotli is smaller than gzip for the same file, so it wins when both are accepted. */
const ENCODING_PREFERENCE: readonly Encoding[] = ["br", "gzip"];

/** A path relative to the build folder as a URL path: a leading slash, forward slashes. */
const urlPathOf = (entry: string) => `/${entry.split("\\").join("/")}`;

/** Every regular file under `root` as a URL path (`/assets/x.js`); symlinks are left out. */
export function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (lstatSync(join(root, entry)).isFile()) files.add(urlPathOf(entry));
  }
  return files;
}

/**
 * The symbolic links under `root` (`/assets/x.js`). The Node server leaves them out and
 * the nginx configuration follows them, so postbuild refuses a build that has any.
 */
export function symbolicLinks(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((entry) => lstatSync(join(root, entry)).isSymbolicLink())
    .map(urlPathOf);
}

/** Whether an Accept-Encoding header accepts `coding` (a listed coding or `*`, with q > 0). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  let wildcard = false;
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const accepted = qParam === undefined || Number(qParam.slice(2)) > 0;
    if (name.trim() === coding) return accepted;
    if (name.trim() === "*") wildcard = accepted;
  }
  return wildcard;
}

interface Variants {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

function loadVariants(root: string, file: string): Variants {
  const encoded: Partial<Record<Encoding, Buffer>> = {};
  for (const [encoding, suffix] of Object.entries(COMPRESSED_SUFFIXES) as [Encoding, string][]) {
    const path = join(root, file + suffix);
    if (existsSync(path)) encoded[encoding] = readFileSync(path);
  }
  return { identity: readFileSync(join(root, file)), encoded };
}

function sendText(res: ServerResponse, status: number, text: string): void {
  const body = Buffer.from(`${text}\n`);
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": body.length });
  res.end(body);
}

/** Every path under it is answered by an API route, never by a file. */
export const API_PREFIX = "/api/";

/** Runs an API route, turning an HttpError into its status and anything else into a logged 500. */
function answerApi(route: ApiRoute | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (!route) {
    closeAfterAnswer(req, res);
    return sendJson(res, 404, { error: "Not Found" });
  }
  Promise.resolve()
    .then(() => route.handle(req, res))
    .catch((error: unknown) => {
      if (isClientAbort(error)) {
        // The client went away mid-request: nothing to answer, and no stack trace.
        console.log(`[api] ${req.method} ${route.path}: the client aborted`);
        return void res.destroy();
      }
      if (res.headersSent) return void res.destroy();
      if (error instanceof HttpError) return sendJson(res, error.status, { error: error.message });
      // The code only: a driver's message may quote what the visitor sent.
      console.error(`[api] ${req.method} ${route.path} failed (${errorCode(error)})`);
      sendJson(res, 500, { error: "Internal Server Error" });
    });
}

export interface SiteHandlerOptions {
  /** The public host name (SITE_URL's), where plain-http requests from a proxy are redirected. */
  publicHost?: string;
  apiRoutes?: readonly ApiRoute[];
}

/**
 * A request handler serving the built site in `root` (BUILD_DIR/client) and the API
 * routes, with the headers of that build (BUILD_DIR/deploy/policy-config.json).
 */
export function createSiteHandler(
  root: string,
  { publicHost = "localhost", apiRoutes = [] }: SiteHandlerOptions = {},
): Handler {
  const dir = resolve(root);
  if (!existsSync(join(dir, NOT_FOUND_FILE))) {
    throw new Error(`${dir} has no ${NOT_FOUND_FILE.slice(1)}: is it a built site? Run \`npm run build\` first.`);
  }
  const files = listFiles(dir);
  // The policy of the build being served: its inline scripts, and the configuration it was built with.
  const policyConfig = readPolicyConfig(dirname(dir));
  const headers = securityHeaders(buildCsp({ scriptHashes: collectInlineScriptHashes(dir), ...policyConfig }), {
    reports: policyConfig.reports,
  });
  const documentOnly = Object.keys(documentHeaders("", { reports: policyConfig.reports }));
  const notFoundPage = loadVariants(dir, NOT_FOUND_FILE);
  // dev: false makes sirv index the folder once at start-up and serve only what it found.
  const serveFile = sirv(dir, { dev: false, etag: true, brotli: true, gzip: true, extensions: [] });

  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    const encoding = ENCODING_PREFERENCE.find(
      (coding) => notFoundPage.encoded[coding] && acceptsEncoding(req.headers["accept-encoding"], coding),
    );
    const body = (encoding && notFoundPage.encoded[encoding]) || notFoundPage.identity;
    // The 404 page is a document, whatever was asked for.
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.writeHead(404, { "Content-Type": contentTypeFor(NOT_FOUND_FILE), "Content-Length": body.length });
    res.end(body);
  };

  return (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
    const forwardedHeader = req.headers["x-forwarded-proto"];
    const forwardedProto = Array.isArray(forwardedHeader) ? forwardedHeader[0] : forwardedHeader;
    if (isHttpsRequest(encrypted, forwardedProto)) {
      res.setHeader("Strict-Transport-Security", HSTS_VALUE);
    }
    // Anything that is not a file found (redirects, errors, the 404 page) is revalidated.
    res.setHeader("Cache-Control", CACHE_CONTROL.revalidate);

    if (!encrypted && cameOverPlainHttp(forwardedProto)) {
      res.setHeader("Location", httpsLocation(publicHost, req.url ?? "/"));
      return sendText(res, 301, "Moved Permanently");
    }

    const pathname = (req.url ?? "/").split("?")[0]!;
    if (pathname.startsWith(API_PREFIX)) {
      return answerApi(
        apiRoutes.find((route) => route.path === pathname),
        req,
        res,
      );
    }

    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method ?? "")) {
      res.setHeader("Allow", ALLOW_HEADER);
      // A refused body is not read to its end (a POST to a page may stream forever).
      closeAfterAnswer(req, res);
      return sendText(res, 405, "Method Not Allowed");
    }

    const resolution = resolveRequest(req.url ?? "/", files);
    switch (resolution.kind) {
      case "bad-request":
        return sendText(res, 400, "Bad Request");
      case "redirect":
        res.setHeader("Location", resolution.location);
        return sendText(res, 301, "Moved Permanently");
      case "not-found":
        return sendNotFound(req, res);
      case "file":
        // Scripts, styles, images and data files are not documents: no CSP and its kin.
        if (!isDocumentFile(resolution.file)) for (const name of documentOnly) res.removeHeader(name);
        res.setHeader("Cache-Control", CACHE_CONTROL[cacheClassFor(resolution.file)]);
        res.setHeader("Content-Type", contentTypeFor(resolution.file));
        // sirv looks the file up by req.url: hand it the resolved file, never the raw target.
        req.url = encodeURI(resolution.file);
        // sirv only looks for the coding's name in Accept-Encoding; pass it the codings
        // actually accepted, so `br;q=0` is honoured as a refusal.
        req.headers["accept-encoding"] = ENCODING_PREFERENCE.filter((coding) =>
          acceptsEncoding(req.headers["accept-encoding"], coding),
        ).join(", ");
        return serveFile(req, res, () => sendNotFound(req, res));
    }
  };
}

export interface RunningServer {
  server: Server;
  url: string;
}

/** Serves `root` on host:port (port 0 picks a free one) and resolves once listening. */
export function startSiteServer({
  root,
  port,
  host,
  limits = SERVER_LIMITS,
  ...options
}: {
  root: string;
  port: number;
  host: string;
  limits?: ServerLimits;
} & SiteHandlerOptions): Promise<RunningServer> {
  const handle = createSiteHandler(root, options);
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    try {
      handle(req, res);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) sendText(res, 500, "Internal Server Error");
      else res.destroy();
    }
  };
  const server = createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      keepAliveTimeout: limits.keepAliveMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    onRequest,
  );
  server.maxRequestsPerSocket = MAX_REQUESTS_PER_SOCKET;
  // `Expect: 100-continue` is answered only when an endpoint starts reading the body
  // (server/http/answers.ts readBody): a refusal goes out without inviting the body first.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    deferContinue(req, res);
    onRequest(req, res);
  });
  return new Promise((resolveStart, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolveStart({ server, url: `http://${shownHost}:${address.port}/` });
    });
  });
}

/** Stops accepting connections, lets in-flight requests finish, then closes the rest. */
export function closeGracefully(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolveClose) => {
    // A keep-alive connection becomes idle once its request in flight is answered: close
    // it then, rather than when the client or keepAliveTimeout would.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolveClose();
    });
    server.closeIdleConnections();
  });
}

/**
 * SIGTERM (process managers, containers) and SIGINT (Ctrl-C) shut the server down
 * gracefully: `onDrain` first (the health check turns 503, so a load balancer stops
 * sending visitors), in-flight requests finish (for up to SHUTDOWN_GRACE_MS), then
 * `afterClose` (the API's relay and store); the process has exited within SHUTDOWN_DEADLINE_MS.
 */
export function exitOnSignals(
  server: Server,
  { onDrain = () => {}, afterClose = async () => {} }: { onDrain?: () => void; afterClose?: () => Promise<void> } = {},
): void {
  const stop = (signal: NodeJS.Signals) => {
    onDrain();
    console.log(`${signal} received: finishing in-flight requests, then exiting.`);
    // Whatever is still running then (a relay submission, a store that does not answer)
    // does not keep a process manager waiting.
    setTimeout(() => {
      console.error(`Not finished within ${SHUTDOWN_DEADLINE_MS / 1000} s of ${signal}: exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    void closeGracefully(server)
      .then(afterClose)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("Shutting down failed:", error);
          process.exit(1);
        },
      );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
