// @vitest-environment node
/**
 * The server's time limits (docs/deployment/node-server.md, "Time limits"): a client that trickles
 * its headers or its body is answered 408, cut off, and logged as that; a client that
 * stops reading what it asked for is cut off. Shortened here so the test takes a second or
 * two; the production values are checked as configured.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trickle } from "../../tests/support/raw-client";
import { writePolicyConfig } from "./policy-config";
import { SERVER_LIMITS, startSiteServer, type RunningServer } from "./site-server";

const SHORT_LIMITS = { headersMs: 400, requestMs: 900, sendMs: 600, keepAliveMs: 300, checkEveryMs: 50 };
/** Far more than loopback's socket buffers take: a client that reads nothing leaves most of it unsent. */
const LARGE_FILE_BYTES = 32 * 1024 * 1024;

let buildDir: string;
let running: RunningServer;
const logged: string[] = [];
const port = () => Number(new URL(running.url).port);

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "server-limits-"));
  mkdirSync(join(buildDir, "client"));
  writeFileSync(join(buildDir, "client", "404.html"), "<html></html>");
  writeFileSync(join(buildDir, "client", "index.html"), "<html>home</html>");
  writeFileSync(join(buildDir, "client", "large.bin"), Buffer.alloc(LARGE_FILE_BYTES, 1));
  writePolicyConfig(buildDir, { hubspot: null, reports: false });
  running = await startSiteServer({
    root: join(buildDir, "client"),
    port: 0,
    host: "127.0.0.1",
    // An endpoint that reads its whole body, as the request API does.
    api: async (api) => {
      api.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
      // Mounted at the API's prefix, as every endpoint is: /api/echo.
      api.post("/echo", async (request) => ({ length: (request.body as Buffer).length }));
    },
    limits: SHORT_LIMITS,
    logStream: { write: (line: string) => void logged.push(line) },
  });
});

afterAll(async () => {
  await running.app.close();
  rmSync(buildDir, { recursive: true, force: true });
});

beforeEach(() => {
  logged.length = 0;
});

describe("server time limits", () => {
  it("are 10 s for the headers, 30 s for the whole request and 10 s without progress in production, with keep-alive bounded", async () => {
    expect(SERVER_LIMITS).toMatchObject({ headersMs: 10_000, requestMs: 30_000, sendMs: 10_000, keepAliveMs: 5000 });
    const production = await startSiteServer({ root: join(buildDir, "client"), port: 0, host: "127.0.0.1" });
    try {
      expect(production.app.server.headersTimeout).toBe(10_000);
      expect(production.app.server.requestTimeout).toBe(30_000);
      expect(production.app.server.timeout).toBe(10_000);
      expect(production.app.server.keepAliveTimeout).toBe(5000);
      expect(production.app.server.maxRequestsPerSocket).toBeGreaterThan(0);
    } finally {
      await production.app.close();
    }
  });

  it("cuts off headers sent one byte at a time", async () => {
    const result = await trickle(port(), {
      head: "GET / HTTP/1.1\r\n",
      rest: `Host: x\r\nX-Slow: ${"a".repeat(200)}\r\n\r\n`,
      everyMs: 50,
    });
    expect(result.complete).toBe(false);
    expect(result.status).toBe(408);
  });

  it("cuts off a body sent one byte at a time, and logs the 408 as what it is", async () => {
    const result = await trickle(port(), {
      head: "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n",
      rest: "x".repeat(200),
      everyMs: 50,
    });
    expect(result.complete).toBe(false);
    expect(result.status).toBe(408);
    await expect.poll(() => logged.join("")).toContain("answered 408");
    expect(logged.join("")).not.toContain("aborted");
  });

  it("cuts off a client that stops reading what it asked for", async () => {
    const connections = () =>
      new Promise<number>((resolveCount) => running.app.server.getConnections((_error, count) => resolveCount(count)));
    const socket = connect(port(), "127.0.0.1", () => {
      socket.write("GET /large.bin HTTP/1.1\r\nHost: x\r\n\r\n");
      // Reads nothing: the server's writes stall once the socket buffers are full.
      socket.pause();
    });
    socket.on("error", () => {});
    await expect.poll(connections).toBe(1);
    const stalled = Date.now();
    await expect.poll(connections, { timeout: SHORT_LIMITS.sendMs + 2000 }).toBe(0);
    expect(Date.now() - stalled).toBeGreaterThanOrEqual(SHORT_LIMITS.sendMs - 100);
    socket.destroy();
  });

  it("answers a client that sends in time", async () => {
    const response = await fetch(new URL("/api/echo", running.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(100),
    });
    expect(await response.json()).toEqual({ length: 100 });
  });
});
