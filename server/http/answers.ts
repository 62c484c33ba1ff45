/**
 * What the endpoints under /api/ share, on top of Fastify: routes that refuse the methods
 * they do not take, refusals that close the connection instead of reading a body, JSON
 * answers that are never cached, the media type and charset of a request. The endpoints
 * themselves sit in server/api/, one per module; who the client is, server/api/client-address.ts.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";

/**
 * Requests sent with `Expect: 100-continue` whose "100 Continue" waits until the body is
 * wanted (server/http/site-server.ts registers them): a refusal is answered without the
 * client ever being invited to send its body.
 */
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

export function deferContinue(req: IncomingMessage, res: ServerResponse): void {
  awaitingContinue.set(req, res);
}

/** Invites the body of a request that asked `Expect: 100-continue`, once it is known to be read. */
export function continueIfAsked(req: IncomingMessage): void {
  const res = awaitingContinue.get(req);
  if (!res) return;
  awaitingContinue.delete(req);
  res.writeContinue();
}

/** How long a refused connection stays half-open, unread, so the client can read its answer before the reset. */
const LINGER_MS = 1000;

/**
 * Closes the connection once the answer is sent, instead of reading (and throwing away)
 * the rest of a body that was refused: a client streaming an endless body gets its
 * answer and then nothing more is read (docs/deployment/node-server.md, "Time limits"). The socket
 * stops reading, sends its end at once, and is destroyed LINGER_MS later: destroyed at
 * once with unread data, it would reset the connection and the client could lose the
 * answer it had not read yet.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  awaitingContinue.delete(request.raw);
  reply.header("Connection", "close");
  const socket = reply.raw.socket ?? request.raw.socket;
  if (!socket) return;
  // Node ends a `Connection: close` answer with destroySoon() after throwing the unread body
  // away (reading it to its end); this socket stops reading and lingers instead. That throwing
  // away resumes the socket a tick later (the request's resume reaches it), so whatever
  // resumes it is paused again: otherwise a client that keeps sending after our FIN is read
  // for the whole linger (256 MB in 1 s here).
  socket.destroySoon = () => {
    socket.pause();
    socket.on("resume", () => socket.pause());
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** Answers with a JSON body; API answers are never cached. */
export function answerJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ ...headers, "Cache-Control": "no-store" })
    .send(body);
}

/** Answers with a line of plain text (the file server's refusals and redirects). */
export function answerText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header("Content-Type", "text/plain; charset=utf-8").send(`${text}\n`);
}

/** A refusal decided before the body is read: answered, and the connection closed. */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  closeAfterAnswer(request, reply);
  return answerJson(reply, status, body, headers);
}

/** Every method an endpoint can be sent (Fastify routes each one); those it does not take answer 405. */
const ROUTABLE_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;

/**
 * Registers an endpoint: `route` for its methods, and 405 with `Allow` for the others,
 * answered before any body is read.
 */
export function endpoint(
  app: FastifyInstance,
  route: Omit<RouteOptions, "method"> & { method: readonly (typeof ROUTABLE_METHODS)[number][] },
): void {
  const allowed = route.method;
  app.route({ ...route, method: [...allowed] });
  app.route({
    method: ROUTABLE_METHODS.filter((method) => !allowed.includes(method)),
    url: route.url,
    onRequest: async (request, reply) =>
      refuse(request, reply, 405, { error: "Method Not Allowed" }, { Allow: allowed.join(", ") }),
    handler: async () => {},
  });
}

/** The media type of a request, lower-cased, without parameters (`application/json`). */
export function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Labels of UTF-8 a client may write as the Content-Type's charset (the WHATWG Encoding Standard's common two). */
const UTF8_LABELS: ReadonlySet<string> = new Set(["utf-8", "utf8"]);

/** RFC 2231's extended value, `<charset>'<language>'<percent-encoded text>`: the text, or null when it is not one. */
function extendedValue(value: string): string | null {
  const match = /^[^']*'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Whether a body is declared as UTF-8, or not declared at all (JSON is UTF-8 by its RFC, and a
 * form post from a UTF-8 page carries no charset). A body labelled with another charset would
 * be misread as UTF-8, so it is refused rather than guessed at. RFC 2231's forms of the
 * parameter count as the parameter: `charset*=utf-8''utf-8` is UTF-8, `charset*=iso-8859-1''`
 * is not, and a charset in parts (`charset*0=`) is not taken.
 */
export function declaresUtf8OrNothing(headers: IncomingHttpHeaders): boolean {
  const parameters = (headers["content-type"] ?? "").split(";").slice(1);
  return parameters.every((parameter) => {
    const [name = "", value = ""] = parameter.split("=", 2).map((part) => part.trim().toLowerCase());
    if (name === "charset") return UTF8_LABELS.has(value.replace(/^"(.*)"$/, "$1"));
    if (name === "charset*") return UTF8_LABELS.has(extendedValue(value) ?? "");
    return !name.startsWith("charset*");
  });
}

/** Whether an error is the client going away mid-request (an aborted upload), not a fault of ours. */
export function isClientAbort(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ECONNRESET" || code === "ECONNABORTED" || (error as Error | null)?.message === "aborted";
}
