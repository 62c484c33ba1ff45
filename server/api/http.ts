/**
 * What every endpoint under /api/ shares: a route type, bodies read with a size
 * limit, JSON answers, the client's address behind trusted proxies, and a per-address
 * rate limit. The endpoints themselves sit beside this file, one per module.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** One endpoint: its exact path and a handler that answers every method sent to it. */
export interface ApiRoute {
  path: string;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * Reads the whole body, refusing (413) as soon as it passes `limit` bytes, whether the
 * client declared its length or streams it chunked.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new HttpError(413, `The body is over ${limit} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new HttpError(413, `The body is over ${limit} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Answers with a JSON body; API answers are never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": payload.length,
    "Cache-Control": "no-store",
  });
  res.end(payload);
}

/** 405 with the methods the endpoint does take. */
export function sendMethodNotAllowed(res: ServerResponse, allowed: readonly string[]) {
  sendJson(res, 405, { error: "Method Not Allowed" }, { Allow: allowed.join(", ") });
}

/** The media type of a request, lower-cased, without parameters (`application/json`). */
export function mediaTypeOf(req: IncomingMessage): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The client's address. Behind `trustedHops` proxies that each append the address they
 * received from to X-Forwarded-For, the client is that many entries from the right;
 * entries further left were written by the client and prove nothing. With no trusted
 * proxy the socket's own address is the answer, whatever the header says.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (trustedHops <= 0) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain[chain.length - trustedHops] ?? chain[0] ?? socketAddress;
}

/**
 * A fixed-window counter per key (a client address): `max` hits per `windowMs`. Memory
 * is bounded: windows that have ended are swept as new ones begin.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; returns null when allowed, or the seconds until the key may try again. */
  hit(key: string): number | null {
    const now = this.now();
    if (now - this.lastSweep >= this.windowMs) this.sweep(now);
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, hits: 1 });
      return null;
    }
    if (window.hits >= this.max) return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
    window.hits += 1;
    return null;
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
