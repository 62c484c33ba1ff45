/**
 * What the HTTP layer logs (pino, through Fastify): a client that did not send its request
 * in time or gave up its upload (warnings) and a failure answered 500 (errors), each with
 * a route and a code at most. Never a URL's query, a header, a body or an error's message,
 * any of which may carry what a visitor typed or a secret (docs/product.md#configuration).
 * No line per request, and none for a download a client left early: ordinary traffic.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type DestinationStream } from "pino";
import { errorCode } from "../safe-errors";

/** Fastify's `loggerInstance`: lines to `stream` (stdout by default). */
export function httpLogger(stream?: DestinationStream): FastifyBaseLogger {
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
export class SafeLogController extends LogController {
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
