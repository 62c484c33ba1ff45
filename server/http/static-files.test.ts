// @vitest-environment node
// What the static files' plugin answers, on a server of the plugins it stands on. The build's
// files, their headers, ranges and encodings on both production servers:
// tests/server/http-contract.test.ts; the roles: ./site-server-roles.test.ts; what each host
// answers: tests/server/editor-origin.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorHost } from "./editor-host";
import { errors } from "./errors";
import { policyHeaders } from "./policy-headers";
import { writePolicyConfig } from "./policy-config";
import { staticFiles } from "./static-files";

const NOT_FOUND_PAGE = "<!doctype html><title>Not found</title>";
let buildDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "static-files-"));
  const client = join(buildDir, "client");
  mkdirSync(join(client, "admin"), { recursive: true });
  writeFileSync(join(client, "404.html"), NOT_FOUND_PAGE);
  writeFileSync(join(client, "index.html"), "<!doctype html><title>Home</title>");
  writeFileSync(join(client, "admin", "index.html"), "<!doctype html><title>Editor</title>");
  writePolicyConfig(buildDir, { hubspot: null, reports: false, editor: true });
  app = Fastify({ exposeHeadRoutes: false });
  await app.register(errors);
  await app.register(editorHost, { place: { host: "edit.network.example" } });
  await app.register(policyHeaders, { root: client, publicHost: "network.example" });
  await app.register(staticFiles, { root: client, olderRoots: [], clock: Date.now });
  app.get("/api/health", async () => ({ status: "ok" }));
});

afterAll(async () => {
  await app.close();
  rmSync(buildDir, { recursive: true, force: true });
});

describe("the static files", () => {
  it("answer what is no route: a JSON 404 under /api/, 405 for another method, else the 404 page; refusals close", async () => {
    const api = await app.inject("/api/nothing");
    expect([api.statusCode, api.json(), api.headers.connection]).toEqual([404, { error: "Not Found" }, "close"]);
    const post = await app.inject({ method: "POST", url: "/" });
    expect([post.statusCode, post.headers.allow, post.headers.connection]).toEqual([405, "GET, HEAD", "close"]);
    const page = await app.inject("/nothing");
    expect([page.statusCode, page.body]).toEqual([404, NOT_FOUND_PAGE]);
  });

  it("let an API route answer its own raw path only: one the router reached by decoding is a page's path", async () => {
    expect((await app.inject("/api/health")).statusCode).toBe(200);
    const decoded = await app.inject("/%61pi/health");
    expect([decoded.statusCode, decoded.body]).toEqual([404, NOT_FOUND_PAGE]);
  });

  it("lead the editor's host from its root to the editor's page, and answer anything else there in words", async () => {
    const on = (url: string) => app.inject({ url, headers: { host: "edit.network.example" } });
    const root = await on("/");
    expect([root.statusCode, root.headers.location]).toEqual([302, "/admin"]);
    expect((await on("/admin")).statusCode).toBe(200);
    const home = await on("/index.html");
    expect([home.statusCode, home.body]).toEqual([404, "Not Found\n"]);
  });
});
