// @vitest-environment node
// What the static files' plugin answers, on a server of the plugins it stands on. The build's
// files, their headers, ranges and encodings on both production servers:
// tests/server/http-contract.test.ts; the roles: ./site-server-roles.test.ts; what each host
// answers: tests/server/editor-origin.test.ts.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorHost } from "./editor-host";
import { errors } from "./errors";
import { policyHeaders } from "./policy-headers";
import { staticFiles } from "./static-files";
import { tempBuild } from "../../tests/support/temp-build";

const NOT_FOUND_PAGE = "<!doctype html><title>Not found</title>";
const build = tempBuild(
  {
    "404.html": NOT_FOUND_PAGE,
    "index.html": "<!doctype html><title>Home</title>",
    "admin/index.html": "<!doctype html><title>Editor</title>",
  },
  { hubspot: null, reports: false, editor: true },
);
const app = Fastify({ exposeHeadRoutes: false });

beforeAll(async () => {
  await app.register(errors);
  await app.register(editorHost, { place: { host: "edit.network.example" } });
  await app.register(policyHeaders, { root: build.client, publicHost: "network.example" });
  await app.register(staticFiles, { root: build.client, olderRoots: [], clock: Date.now });
  app.get("/api/health", async () => ({ status: "ok" }));
});

afterAll(() => app.close().then(build.remove));

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
