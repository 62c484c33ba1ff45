// @vitest-environment node
// The policy's headers on one plugin's server. The same policy on both production servers (Node
// and nginx), page by page: tests/server/http-contract.test.ts; the build's own policy and the
// editor's page in the whole server: ./site-server.test.ts.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorCsp, REPORTING_ENDPOINTS_VALUE } from "./csp";
import { editorHost } from "./editor-host";
import { policyHeaders } from "./policy-headers";
import { CACHE_CONTROL } from "./static-policy";
import { tempBuild } from "../../tests/support/temp-build";

const build = tempBuild({}, { hubspot: null, reports: true, editor: true });
const app = Fastify();

beforeAll(async () => {
  await app.register(editorHost, { place: { host: "edit.network.example" } });
  await app.register(policyHeaders, { root: build.client, publicHost: "network.example:8443" });
  // A file's headers, then, when it turns out missing, the 404 page's.
  app.get("/file/*", async (request, reply) => {
    reply.filePolicy(`/${(request.params as Record<string, string>)["*"]}`);
    if ((request.query as Record<string, string>).missing) reply.documentPolicy();
    return "";
  });
});

afterAll(() => app.close().then(build.remove));

describe("the policy's headers", () => {
  it("give a resource none of a document's headers, the editor's page the editor's policy, each file its cache class", async () => {
    const script = await app.inject("/file/assets/island.abc123.js");
    expect(script.headers["content-security-policy"]).toBeUndefined();
    expect(script.headers["reporting-endpoints"]).toBeUndefined();
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cache-control"]).toBe(CACHE_CONTROL.immutable);
    const page = await app.inject("/file/mission/index.html");
    expect(page.headers["reporting-endpoints"]).toBe(REPORTING_ENDPOINTS_VALUE);
    expect(page.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    const editor = await app.inject("/file/admin/index.html");
    expect(editor.headers["content-security-policy"]).toBe(editorCsp());
    expect(editor.headers["reporting-endpoints"]).toBeUndefined();
  });

  it("give a document back the site's headers, whatever file was asked for", async () => {
    const missing = await app.inject("/file/assets/gone.js?missing=1");
    expect(missing.headers["content-security-policy"]).toContain("default-src");
    expect(missing.headers["reporting-endpoints"]).toBe(REPORTING_ENDPOINTS_VALUE);
  });

  it("send a plain-http request a proxy passed on to https on the host it was for, and close its connection", async () => {
    const plain = (host: string) =>
      app.inject({ method: "POST", url: "/mission?ref=x", headers: { host, "x-forwarded-proto": "http" } });
    const site = await plain("network.example");
    expect([site.statusCode, site.headers.location]).toEqual([308, "https://network.example:8443/mission?ref=x"]);
    expect(site.headers.connection).toBe("close");
    const editor = await plain("edit.network.example");
    expect(editor.headers.location).toBe("https://edit.network.example/mission?ref=x");
    expect(editor.headers["content-security-policy"]).toBe(editorCsp());
  });
});
