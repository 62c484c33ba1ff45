/**
 * The production server of `npm start` and `npm run serve`: Fastify, composed of plugins, each
 * the site's policy on a public API of Fastify or Node: the connections it knows of
 * (connections.ts), the answers to errors (errors.ts), which host is the editor's
 * (editor-host.ts), the headers (policy-headers.ts), the build's files and the 404 and 405
 * answers (static-files.ts), the site's API (server/api/) in a scope of its own, and the drain
 * (drain.ts); and here, the time limits and the logger (http-log.ts).
 */
import { API_PREFIX } from "#shared/api-paths.ts";
import type { RoleTimetable } from "#shared/roles/timetable.ts";
import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import closeWithGrace from "close-with-grace";
import Fastify, { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { answerText, deferContinue } from "./answers";
import { connections } from "./connections";
import { drain } from "./drain";
import { editorHost, type EditorPlace } from "./editor-host";
import { clientErrorHandler, errors } from "./errors";
import { httpLogger, SafeLogController } from "./http-log";
import { policyHeaders } from "./policy-headers";
import { staticFiles } from "./static-files";
import { NOT_FOUND_FILE } from "./static-policy";
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
/**
 * A draining server closes a keep-alive connection once it has been idle for the keep-alive
 * timeout it announced (`Keep-Alive: timeout=5`), after which a client that honours it never
 * sends on it again (drain.ts).
 */
export const DRAIN_IDLE_CLOSE_MS = SERVER_LIMITS.keepAliveMs;
/** Requests on one keep-alive connection, after which it is closed (a bound, not a limit anyone meets). */
const MAX_REQUESTS_PER_SOCKET = 1000;
/** No page takes a body; the API's endpoints set their own limits (server/api/). */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface SiteServerOptions {
  /** The built site (BUILD_DIR/client). */
  root: string;
  /** The client folders of earlier releases still kept, whose `/assets/` files are answered too (static-files.ts). */
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
  /** The time roles open and close by (tests move it); the system's clock by default. */
  clock?: () => number;
  /** How many proxies in front append to X-Forwarded-For (TRUST_PROXY); none by default. */
  trustProxyHops?: number;
  /** INDEXNOW_KEY: its key file is answered at `/<key>.txt` (docs/deployment/search-engines.md); none by default. */
  indexNowKey?: string | null;
}

/**
 * Fastify's `trustProxy` for `hops` proxies that each append the address they received from to
 * X-Forwarded-For (docs/deployment/requests.md): the first `hops` hops from the socket are
 * trusted, so `request.ip` is the entry that many from the right. Fastify 5 no longer takes the
 * bare number, which trusts whoever is at the first hop: the server answers its proxies on
 * loopback or a private address, and with 0 trusts nothing.
 */
export const trustedProxies = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Fastify's options for the site: the time limits and bounds, who the client is, the logger. */
function serverOptions(limits: ServerLimits, trustProxyHops: number, logStream?: DestinationStream) {
  return {
    loggerInstance: httpLogger(logStream),
    logController: new SafeLogController(),
    // No logger of its own per request: the layer logs rare events, each naming its route.
    childLoggerFactory: (logger: FastifyBaseLogger) => logger,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.sendMs,
    keepAliveTimeout: limits.keepAliveMs,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    trustProxy: trustedProxies(trustProxyHops),
    bodyLimit: BODY_LIMIT_BYTES,
    // The health check answers 503 "shutting down" itself during the drain.
    return503OnClosing: false,
    exposeHeadRoutes: false,
    clientErrorHandler: clientErrorHandler(limits),
  } satisfies FastifyHttpOptions<Server>;
}

/**
 * The server for the built site in `root` and its API, with the headers of that build
 * (BUILD_DIR/deploy/policy-config.json); ready, not yet listening.
 */
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
  roles,
  indexNowKey = null,
  trustProxyHops = 0,
}: SiteServerOptions): Promise<FastifyInstance> {
  const dir = resolve(root);
  if (!existsSync(join(dir, NOT_FOUND_FILE))) {
    throw new Error(`${dir} has no ${NOT_FOUND_FILE.slice(1)}: is it a built site? Run \`npm run build\` first.`);
  }
  const app: FastifyInstance = Fastify({
    ...serverOptions(limits, trustProxyHops, logStream),
    // A path the router cannot decode (`/%zz`): refused before any hook runs.
    frameworkErrors: (_error, request, reply) => {
      app.setPolicyHeaders(request, reply);
      return answerText(reply, 400, "Bad Request");
    },
  });

  // `Expect: 100-continue` is answered only when an endpoint starts reading the body
  // (server/http/answers.ts continueIfAsked): a refusal goes out without inviting the body first.
  app.server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    deferContinue(req, res);
    app.routing(req, res);
  });

  // In this order: the first hooks run first, and a route keeps the error handler it was registered under.
  await app.register(connections);
  await app.register(errors);
  await app.register(editorHost, { place: editor });
  await app.register(policyHeaders, { root: dir, publicHost });
  await app.register(staticFiles, { root: dir, olderRoots, roles, clock, indexNowKey });
  // The API's routes are named below its prefix (shared/api-paths.ts): Fastify mounts them there.
  if (api) await app.register(api, { prefix: API_PREFIX });
  if (lifecycle) {
    await app.register(drain, {
      onDrain: lifecycle.drain,
      onClosed: lifecycle.stop,
      idleCloseMs: DRAIN_IDLE_CLOSE_MS,
      graceMs: SHUTDOWN_GRACE_MS,
    });
  }
  await app.ready();
  return app;
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

/** The signals a supervisor passes on to its server as a drain (releases/supervisor.ts). */
const SUPERVISOR_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Shuts the server down gracefully (close-with-grace) on SIGTERM (process managers, containers),
 * SIGINT (Ctrl-C) and the other signals it listens for, or when the function returned is called
 * with why: the drain first (the health check turns 503, so a load balancer stops sending
 * visitors), in-flight requests finish (for up to SHUTDOWN_GRACE_MS), then the API's relay and
 * store stop; the process has exited within SHUTDOWN_DEADLINE_MS, at once on a second signal.
 * Under a supervisor, SIGINT and SIGTERM are its to pass on as a drain: a terminal's Ctrl-C and
 * systemd's stop reach this process too, and taken here as well they would count twice.
 */
export function exitOnSignals(app: FastifyInstance, { supervised = false } = {}): (why: string) => void {
  let why: string | null = null;
  const shutdown = closeWithGrace(
    {
      delay: SHUTDOWN_DEADLINE_MS,
      // Its own lines would print an error's message: these name a code at most.
      logger: false,
      // An error no one caught ends the process at once, as Node does.
      skip: ["uncaughtException", "unhandledRejection", "beforeExit", ...(supervised ? SUPERVISOR_SIGNALS : [])],
      // Whatever is still running then (a relay submission, a store that does not answer)
      // does not keep a process manager waiting.
      onTimeout: () => console.error(`Not finished within ${SHUTDOWN_DEADLINE_MS / 1000} s of ${why}: exiting anyway.`),
      onSecondSignal: (signal) => console.error(`${signal} received again: exiting now.`),
    },
    async ({ signal }) => {
      why ??= `${signal} received`;
      console.log(`${why}: finishing in-flight requests, then exiting.`);
      try {
        await app.close();
      } catch (error) {
        console.error(`Shutting down failed (${errorCode(error)})`);
        throw error;
      }
      // One timer turn later: a connection handed over in the same turn is not left behind.
      await new Promise((turn) => setTimeout(turn, 0));
    },
  );
  // Heard, so that they do not end the process as Node's default would.
  if (supervised) for (const signal of SUPERVISOR_SIGNALS) process.on(signal, () => {});
  return (reason) => {
    if (why !== null) return;
    why = reason;
    shutdown.close();
  };
}
