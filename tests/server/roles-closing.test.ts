/**
 * A role closes on its day with no restart and no rebuild, on both servers of a deployment:
 * the Node server and nginx with the generated configuration, which hands the roles, their
 * list, the home page, the sitemap and a request page naming a role to that Node server. A synthetic build
 * (tests/support/role-build.ts) with a role that closes while both run: the Node server (in
 * process, listening, on a clock the test moves; server/http/site-server-roles.test.ts shows
 * it reads the system's clock by default) offers it before and not after, and so does nginx.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { renderNginxConfig } from "../../hosting/nginx-config";
import { buildCsp, HSTS_VALUE } from "../../server/http/csp";
import { collectInlineScriptHashes } from "../../server/http/inline-scripts";
import { readPolicyConfig } from "../../server/http/policy-config";
import { startSiteServer } from "../../server/http/site-server";
import { CACHE_CONTROL } from "../../server/http/static-policy";
import { startNginx, type NginxProcess } from "../support/production-servers";
import { rawRequest } from "../support/raw-client";
import { listedRoles, sitemapPaths, writeRoleBuild, type TestRole } from "../support/role-build";

const DAY_MS = 24 * 60 * 60 * 1000;
const INDEXNOW_KEY = "5e1f0c3a-7b2d-4c19";
const start = Date.UTC(2026, 10, 27, 12);
const closesAt = start + 60 * 60 * 1000;

let now = start;
let buildDir: string;
let node: { app: FastifyInstance; port: number };
let nginx: NginxProcess;
const client = (file: string) => readFileSync(join(buildDir, "client", file));

beforeAll(async () => {
  const roles: TestRole[] = [
    { slug: "closing-soon", title: "VP, Talent Acquisition", closesAt },
    { slug: "open-role", title: "Head of Global Talent", closesAt: start + 30 * DAY_MS },
  ];
  buildDir = writeRoleBuild(roles, start);
  // The configuration the build ships, with its default upstream: the runner points it at this test's server.
  const csp = buildCsp({
    scriptHashes: collectInlineScriptHashes(join(buildDir, "client")),
    ...readPolicyConfig(buildDir),
  });
  mkdirSync(join(buildDir, "deploy"), { recursive: true });
  writeFileSync(join(buildDir, "deploy", "nginx.conf"), renderNginxConfig({ csp, indexNowKey: INDEXNOW_KEY }));
  const [nodePort, nginxPort] = [await freePort(), await freePort()];
  const { app } = await startSiteServer({
    root: join(buildDir, "client"),
    port: nodePort,
    host: "127.0.0.1",
    clock: () => now,
    indexNowKey: INDEXNOW_KEY,
  });
  node = { app, port: nodePort };
  nginx = await startNginx({ port: nginxPort, buildDir, upstreamPort: nodePort });
});

afterAll(async () => {
  await nginx?.stop();
  await node?.app.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const servers = () => [
  { name: "node", port: node.port },
  { name: "nginx", port: nginx.port },
];
const get = (port: number, target: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(port, { target, headers, method });

describe("a role that closes while the servers run", () => {
  it("is offered until its closing time and gone after it, on both servers, without a restart", async () => {
    for (const server of servers()) {
      const page = await get(server.port, "/roles/closing-soon");
      expect(page.status, server.name).toBe(200);
      expect(page.bytes.equals(client("roles/closing-soon/index.html")), server.name).toBe(true);
      expect(listedRoles((await get(server.port, "/roles")).body), server.name).toEqual(["closing-soon", "open-role"]);
      expect(listedRoles((await get(server.port, "/")).body), server.name).toEqual(["closing-soon", "open-role"]);
      expect(sitemapPaths((await get(server.port, "/sitemap.xml")).body), server.name).toContain("/roles/closing-soon");
      const request = await get(server.port, "/request-invitation?role=closing-soon");
      expect(request.bytes.equals(client("request-invitation/role/closing-soon/index.html")), server.name).toBe(true);
    }

    now = closesAt + 1;

    for (const server of servers()) {
      const page = await get(server.port, "/roles/closing-soon");
      expect(page.status, server.name).toBe(410);
      expect(page.bytes.equals(client("410.html")), server.name).toBe(true);
      expect(page.headers["cache-control"], server.name).toBe(CACHE_CONTROL.revalidate);
      expect(page.headers["content-type"], server.name).toBe("text/html; charset=utf-8");

      const list = await get(server.port, "/roles");
      expect(list.status, server.name).toBe(200);
      expect(listedRoles(list.body), server.name).toEqual(["open-role"]);
      // The home page's band too: nginx hands it to the Node server.
      const home = await get(server.port, "/");
      expect(home.status, server.name).toBe(200);
      expect(home.headers["content-type"], server.name).toBe("text/html; charset=utf-8");
      expect(listedRoles(home.body), server.name).toEqual(["open-role"]);
      const sitemap = sitemapPaths((await get(server.port, "/sitemap.xml")).body);
      expect(
        sitemap.filter((path) => path.startsWith("/roles")),
        server.name,
      ).toEqual(["/roles", "/roles/open-role"]);
      const request = await get(server.port, "/request-invitation?role=closing-soon");
      expect(request.status, server.name).toBe(200);
      expect(request.bytes.equals(client("request-invitation/index.html")), server.name).toBe(true);
      expect((await get(server.port, "/roles/open-role")).status, server.name).toBe(200);
    }
  });
});

describe("nginx hands the Node server what depends on the time", () => {
  it("with Node's own headers, once: the same as Node's own answer, brotli and 304 included", async () => {
    now = closesAt + 1;
    for (const [target, headers] of [
      ["/roles/closing-soon", { "Accept-Encoding": "gzip, br" }],
      ["/roles", { "Accept-Encoding": "gzip, br" }],
      ["/sitemap.xml", {}],
      ["/request-invitation?utm_source=x&role=open-role", {}],
    ] as const) {
      const [direct, proxied] = [await get(node.port, target, headers), await get(nginx.port, target, headers)];
      expect(proxied.status, target).toBe(direct.status);
      expect(proxied.bytes.equals(direct.bytes), target).toBe(true);
      // Repeated headers would be joined with ", ": every policy header is Node's, once.
      for (const name of [
        "content-security-policy",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "permissions-policy",
        "cache-control",
        "content-type",
        "content-encoding",
        "vary",
        "etag",
      ]) {
        expect(proxied.headers[name], `${target} ${name}`).toBe(direct.headers[name]);
      }
    }
    const list = await get(nginx.port, "/roles", { "Accept-Encoding": "br" });
    expect(list.headers["content-encoding"]).toBe("br");
    expect(listedRoles(brotliDecompressSync(list.bytes).toString())).toEqual(["open-role"]);
    const again = await get(nginx.port, "/roles", { "Accept-Encoding": "br", "If-None-Match": list.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    const head = await get(nginx.port, "/roles/closing-soon", {}, "HEAD");
    expect(head.status).toBe(410);
    expect(head.bytes.length).toBe(0);
  });

  it("over https (a proxy in front says so), Node sends HSTS as nginx does, and redirects nothing", async () => {
    for (const target of ["/roles", "/roles/closing-soon", "/sitemap.xml", "/api/health"]) {
      const response = await get(nginx.port, target, { "X-Forwarded-Proto": "https" });
      expect(response.status, target).not.toBe(308);
      expect(response.headers["strict-transport-security"], target).toBe(HSTS_VALUE);
      const plain = await get(nginx.port, target);
      expect(plain.status, target).not.toBe(308);
      expect(plain.headers["strict-transport-security"], target).toBeUndefined();
    }
  });

  it("answers the rest as before: a malformed or unknown slug 404, a trailing slash 301, the chosen request page never at its own path", async () => {
    for (const server of servers()) {
      for (const path of ["/roles/No_Such_Role", "/roles/no-such-role", "/request-invitation/role/open-role"]) {
        const response = await get(server.port, path);
        expect(response.status, `${server.name} ${path}`).toBe(404);
        expect(response.bytes.equals(client("404.html")), `${server.name} ${path}`).toBe(true);
      }
      for (const [path, location] of [
        ["/roles/", "/roles"],
        ["/roles/open-role/", "/roles/open-role"],
      ] as const) {
        const response = await get(server.port, path);
        expect(response.status, `${server.name} ${path}`).toBe(301);
        expect(response.headers.location, `${server.name} ${path}`).toBe(location);
      }
      expect((await get(server.port, "/410.html")).status, server.name).toBe(404);
      expect((await get(server.port, "/roles", {}, "POST")).status, server.name).toBe(405);
    }
  });

  it("both servers answer IndexNow's key file, as text, and no other key's", async () => {
    for (const server of servers()) {
      const file = await get(server.port, `/${INDEXNOW_KEY}.txt`);
      expect(file.status, server.name).toBe(200);
      expect(file.body, server.name).toBe(INDEXNOW_KEY);
      expect(file.headers["content-type"], server.name).toBe("text/plain; charset=utf-8");
      expect(file.headers["content-security-policy"], server.name).toBeUndefined();
      expect((await get(server.port, "/0000000000000000.txt")).status, server.name).toBe(404);
    }
  });

  // Last: it stops the Node server.
  it("serves the build's own files when the Node server does not answer", async () => {
    await node.app.close();
    const list = await get(nginx.port, "/roles");
    expect(list.status).toBe(200);
    expect(list.bytes.equals(client("roles/index.html"))).toBe(true);
    expect(list.headers["content-security-policy"]).toBeTruthy();
    const sitemap = await get(nginx.port, "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.bytes.equals(client("sitemap.xml"))).toBe(true);
    expect(sitemap.headers["content-security-policy"]).toBeUndefined();
    const request = await get(nginx.port, "/request-invitation?role=open-role");
    expect(request.status).toBe(200);
    expect(request.bytes.equals(client("request-invitation/index.html"))).toBe(true);
    const employer = await get(nginx.port, "/request-invitation?role=open-role&type=employer");
    expect(employer.bytes.equals(client("request-invitation/employer/index.html"))).toBe(true);
    const unknown = await get(nginx.port, "/roles/no-such-role");
    expect(unknown.status).toBe(404);
    expect(unknown.bytes.equals(client("404.html"))).toBe(true);
  });
});
