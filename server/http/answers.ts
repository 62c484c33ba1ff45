/**
 * What the endpoints under /api/ share, on top of Fastify: routes that refuse the methods
 * they do not take, refusals that close the connection instead of reading a body, JSON
 * answers that are never cached, the media type of a request, the client's address behind
 * trusted proxies and the key the rate limit counts it by. The endpoints themselves sit in
 * server/api/, one per module.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
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

/**
 * Whether a body is declared as UTF-8, or not declared at all (JSON is UTF-8 by its RFC, and a
 * form post from a UTF-8 page carries no charset). A body labelled with another charset would
 * be misread as UTF-8, so it is refused rather than guessed at.
 */
export function declaresUtf8OrNothing(headers: IncomingHttpHeaders): boolean {
  const parameters = (headers["content-type"] ?? "").split(";").slice(1);
  return parameters.every((parameter) => {
    const [name = "", value = ""] = parameter.split("=", 2).map((part) => part.trim().toLowerCase());
    return name !== "charset" || UTF8_LABELS.has(value.replace(/^"(.*)"$/, "$1"));
  });
}

/** Whether an error is the client going away mid-request (an aborted upload), not a fault of ours. */
export function isClientAbort(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ECONNRESET" || code === "ECONNABORTED" || (error as Error | null)?.message === "aborted";
}

/**
 * The client's address. Behind `trustedHops` proxies that each append the address they
 * received from to X-Forwarded-For, the client is that many entries from the right;
 * entries further left were written by the client and prove nothing. With no trusted
 * proxy the socket's own address is the answer, whatever the header says. An entry that
 * is not an IP address (a misconfigured proxy, or a client's invention when the chain
 * is shorter than expected) is never used as a rate-limit key: the socket's address is.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  const header = req.headers["x-forwarded-for"];
  if (trustedHops <= 0) {
    if (header !== undefined) warnUntrustedProxyOnce();
    return socketAddress;
  }
  const chain = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = chain[chain.length - trustedHops] ?? chain[0];
  return entry !== undefined && isIP(entry) !== 0 ? entry : socketAddress;
}

let untrustedProxyWarned = false;

/** One warning per process: behind a proxy with TRUST_PROXY=0, every visitor shares one rate limit. */
function warnUntrustedProxyOnce() {
  if (untrustedProxyWarned) return;
  untrustedProxyWarned = true;
  console.warn(
    "[api] requests carry X-Forwarded-For but TRUST_PROXY=0: if a proxy is in front of this server, every " +
      "visitor shares one rate limit. Set TRUST_PROXY to the number of proxies (docs/deployment/requests.md).",
  );
}

/**
 * The rate-limit key for a client address. One subscriber is usually given a whole IPv6
 * /64 (RFC 6177) and may pick any address in it, a new one per request if it likes: keyed
 * on the full address, such a client would never be limited, so an IPv6 address counts as
 * its /64, written canonically (`2001:db8:1:2::/64`). An IPv4 address, also when it comes
 * IPv4-mapped (`::ffff:203.0.113.7`, as a dual-stack socket reports it), stays itself.
 * Anything that is not an IP address is returned unchanged.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const hextets = ipv6Hextets(address.split("%")[0]!);
  if (hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join(".");
  }
  return `${ipv6Text([...hextets.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of an IPv6 address that isIP has accepted (no zone id). */
function ipv6Hextets(address: string): number[] {
  const toHextets = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          // A trailing dotted IPv4 address (`::ffff:203.0.113.7`) holds the last two groups.
          const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split("::") as [string, string | undefined];
  if (tail === undefined) return toHextets(head);
  const left = toHextets(head);
  const right = toHextets(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952 text for eight groups: lower case, no leading zeros, the first longest run of 2+ zero groups as `::`. */
function ipv6Text(hextets: number[]): string {
  let runStart = -1;
  let runLength = 0;
  for (let start = 0; start < hextets.length; start++) {
    let end = start;
    while (end < hextets.length && hextets[end] === 0) end++;
    if (end - start > runLength && end - start >= 2) [runStart, runLength] = [start, end - start];
    start = end;
  }
  const text = (groups: number[]) => groups.map((group) => group.toString(16)).join(":");
  if (runStart < 0) return text(hextets);
  return `${text(hextets.slice(0, runStart))}::${text(hextets.slice(runStart + runLength))}`;
}
