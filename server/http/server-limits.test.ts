// @vitest-environment node
/**
 * The server's time limits (docs/deployment/node-server.md, "Time limits"): a client that trickles
 * its headers or its body is answered 408 and cut off. Shortened here so the test takes
 * a second; the production values are checked as configured.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trickle } from "../../tests/support/raw-client";
import { readBody, sendJson, type ApiRoute } from "./answers";
import { writePolicyConfig } from "./policy-config";
import { closeGracefully, SERVER_LIMITS, startSiteServer, type RunningServer } from "./site-server";

const SHORT_LIMITS = { headersMs: 400, requestMs: 900, keepAliveMs: 300, checkEveryMs: 50 };

/** An endpoint that reads its whole body, as the request API does. */
const echoLength: ApiRoute = {
  path: "/api/echo",
  async handle(req, res) {
    sendJson(res, 200, { length: (await readBody(req, 16 * 1024)).length });
  },
};

let buildDir: string;
let running: RunningServer;
const port = () => Number(new URL(running.url).port);

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "server-limits-"));
  mkdirSync(join(buildDir, "client"));
  writeFileSync(join(buildDir, "client", "404.html"), "<html></html>");
  writeFileSync(join(buildDir, "client", "index.html"), "<html>home</html>");
  writePolicyConfig(buildDir, { hubspot: null, reports: false });
  running = await startSiteServer({
    root: join(buildDir, "client"),
    port: 0,
    host: "127.0.0.1",
    apiRoutes: [echoLength],
    limits: SHORT_LIMITS,
  });
});

afterAll(async () => {
  await closeGracefully(running.server, 100);
  rmSync(buildDir, { recursive: true, force: true });
});

describe("server time limits", () => {
  it("are 10 s for the headers and 30 s for the whole request in production, with keep-alive bounded", async () => {
    expect(SERVER_LIMITS).toMatchObject({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5000 });
    const production = await startSiteServer({ root: join(buildDir, "client"), port: 0, host: "127.0.0.1" });
    try {
      expect(production.server.headersTimeout).toBe(10_000);
      expect(production.server.requestTimeout).toBe(30_000);
      expect(production.server.keepAliveTimeout).toBe(5000);
      expect(production.server.maxRequestsPerSocket).toBeGreaterThan(0);
    } finally {
      await closeGracefully(production.server, 100);
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

  it("cuts off a body sent one byte at a time", async () => {
    const result = await trickle(port(), {
      head: "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n",
      rest: "x".repeat(200),
      everyMs: 50,
    });
    expect(result.complete).toBe(false);
    expect(result.status).toBe(408);
  });

  it("answers a client that sends in time", async () => {
    const response = await fetch(new URL("/api/echo", running.url), { method: "POST", body: "x".repeat(100) });
    expect(await response.json()).toEqual({ length: 100 });
  });
});
