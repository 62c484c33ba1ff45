// @vitest-environment node
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { clientAddress, HttpError, RateLimiter, readBody } from "./answers";

const request = (headers: Record<string, string>, remoteAddress = "10.0.0.9") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it("uses the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4" }), 0)).toBe("10.0.0.9");
  });
  it("takes the entry the trusted proxies wrote, not what the client made up", () => {
    const req = request({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.2" });
    expect(clientAddress(req, 1)).toBe("10.0.0.2");
    expect(clientAddress(req, 2)).toBe("203.0.113.7");
  });
  it("never takes an entry that is not an IP address: the socket's address stands in", () => {
    expect(clientAddress(request({ "x-forwarded-for": "unknown" }), 1)).toBe("10.0.0.9");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7, evil<script>" }), 1)).toBe("10.0.0.9");
    expect(clientAddress(request({ "x-forwarded-for": "2001:db8::1" }), 1)).toBe("2001:db8::1");
  });
  it("falls back to the leftmost entry, then the socket, when the chain is shorter", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7" }), 3)).toBe("203.0.113.7");
    expect(clientAddress(request({}), 1)).toBe("10.0.0.9");
  });
});

describe("RateLimiter", () => {
  it("allows max hits per window and per key, then says how long to wait", () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.hit("a")).toBeNull();
    expect(limiter.hit("a")).toBeNull();
    expect(limiter.hit("b")).toBeNull();
    now = 15_000;
    expect(limiter.hit("a")).toBe(45);
    now = 60_000;
    expect(limiter.hit("a")).toBeNull();
  });
});

describe("readBody", () => {
  const stream = (chunks: string[], headers: Record<string, string> = {}) =>
    Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { headers }) as unknown as IncomingMessage;

  it("reads a body within the limit", async () => {
    expect((await readBody(stream(["ab", "cd"]), 4)).toString()).toBe("abcd");
  });
  it("refuses a body that passes the limit while streaming", async () => {
    await expect(readBody(stream(["abc", "de"]), 4)).rejects.toMatchObject({ status: 413 });
  });
  it("refuses a declared length over the limit before reading", async () => {
    await expect(readBody(stream(["a"], { "content-length": "5000" }), 4)).rejects.toBeInstanceOf(HttpError);
  });
});
