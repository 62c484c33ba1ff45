/**
 * What the site's server answers when a request goes wrong: Node's refusals of what is not yet a
 * request (a client past the time limits, headers too large, a malformed request), and the
 * errors of a request Fastify routed (a client that gave up its upload, a refusal of a file, a
 * failure answered 500). Each is logged as docs/deployment/node-server.md ("Time limits") says,
 * with a route and a code at most.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { answerText, isClientAbort } from "./answers";

/** Connections answered 408: the upload they were sending is not a client that went away. */
const timedOut = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler` for the time limits `limits` (in the log line): 408 past them,
 * 431 for headers too large, 400 otherwise, written on the socket only when no answer has begun
 * on it, then the socket closed. Needs the `connections` plugin (./connections.ts).
 */
export function clientErrorHandler(limits: { headersMs: number; requestMs: number }) {
  return function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    if (status === 408) {
      timedOut.add(socket);
      this.log.warn(
        `[http] a client did not send its request in time (headers within ${limits.headersMs / 1000} s, ` +
          `the whole request within ${limits.requestMs / 1000} s): answered 408 and closed`,
      );
    }
    // Only when no answer has begun on it: a second status line would corrupt it.
    if (socket.writable && !this.connections.answerBegun(socket)) {
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy(error);
  };
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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
    // A file's 416 carries its Content-Range; a path @fastify/static refuses is not found (./static-files.ts).
    if (error.code === "FST_STATIC_FORBIDDEN_PATH") return reply.callNotFound();
    const { headers } = error as FastifyError & { headers?: Record<string, string> };
    if (headers) reply.headers(headers);
    return answerText(reply, status, STATUS_CODES[status] ?? "Error");
  }
  request.log.error({ err: error }, `[http] ${request.method} ${request.routeOptions.url ?? "?"}: answered 500`);
  if (reply.raw.headersSent) return void reply.raw.destroy();
  return answerText(reply, 500, "Internal Server Error");
}

/** The error handler of every route (register it before them: a route keeps the handler it was registered under). */
export const errors = fp(
  async (app) => {
    app.setErrorHandler(answerError);
  },
  { name: "errors", fastify: "5.x" },
);
