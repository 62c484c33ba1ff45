/**
 * The per-address rate limits of the API (docs/deployment/requests.md), counted by
 * @fastify/rate-limit: each endpoint names its limit in its route's `config.rateLimit`,
 * with a `groupId` of its own. A client is its address behind TRUST_PROXY proxies, an IPv6
 * address counted as its /64 (./client-address.ts). One server (SQLite) counts in its
 * memory; several servers on one PostgreSQL count in the database, so the limit holds for
 * the site, not for each process.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import { clientAddress, rateLimitKey } from "./client-address";
import type { SharedRateLimits } from "../requests/store";
import { withinTimeLimit } from "../time-limit";

/**
 * A shared count that does not answer within this lets the request through uncounted
 * (`skipOnError`): a database that is away answers the save with 503 anyway, within the
 * API's own time limit (docs/deployment/node-server.md, "Time limits").
 */
export const RATE_LIMIT_TIME_LIMIT_MS = 1000;

/** A refusal past the limit, turned into the endpoint's 429 by its error handler. */
export class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super("rate limited");
    this.name = "RateLimited";
  }
}

/** A key as the database keeps it: a digest, so no client address is stored, in the table or its backups. */
const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

/** The @fastify/rate-limit store that keeps its counts in `counter`, for every server at once. */
function sharedStore(counter: SharedRateLimits) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      withinTimeLimit(counter.countHit(digest(key), windowMs), RATE_LIMIT_TIME_LIMIT_MS).then(
        ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    /** Each endpoint's `groupId` is in its keys already: one table serves them all. */
    child() {
      return this;
    }
  };
}

/**
 * Registers the rate limit in `app` (the API's scope): `counter` shares the counts between
 * servers, none keeps them in this process's memory. Only the 429 carries `Retry-After`;
 * no other answer says how many requests are left.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { trustProxyHops, counter }: { trustProxyHops: number; counter: SharedRateLimits | undefined },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(counter ? { store: sharedStore(counter), skipOnError: true } : {}),
    keyGenerator: (request: FastifyRequest) => rateLimitKey(clientAddress(request, trustProxyHops)),
    addHeaders: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
      "retry-after": true,
    },
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    errorResponseBuilder: (_request, context) => new RateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
