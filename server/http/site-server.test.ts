// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteConfig } from "#shared/site-config.ts";
import { buildCsp, editorCsp, REPORTING_ENDPOINTS_VALUE } from "./csp";
import { inlineScriptHashes } from "./inline-scripts";
import { POLICY_CONFIG_FILE, readPolicyConfig, writePolicyConfig } from "./policy-config";
import { editorPlace } from "./editor-host";
import { buildSiteServer } from "./site-server";

/** A minimal built site in a temporary BUILD_DIR: client/404.html with one inline script. */
async function withBuild(run: (buildDir: string) => Promise<void>) {
  const buildDir = mkdtempSync(join(tmpdir(), "site-server-"));
  try {
    mkdirSync(join(buildDir, "client"));
    writeFileSync(join(buildDir, "client", "404.html"), "<html><script>console.log(1)</script></html>");
    await run(buildDir);
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

const EDITOR_PAGE = "<!doctype html><title>Editor</title>";
const NOT_FOUND_PAGE = "<html><script>console.log(1)</script></html>";
const serverEditor = {
  editor: { backend: "server" as const },
};

/** `withBuild`, with the editor's page (a build with EDITOR_ORIGIN) and the site's home page. */
async function withEditorBuild(run: (root: string) => Promise<void>) {
  await withBuild(async (buildDir) => {
    writePolicyConfig(buildDir, { hubspot: null, reports: true, editor: true });
    const client = join(buildDir, "client");
    mkdirSync(join(client, "admin"));
    writeFileSync(join(client, "admin", "index.html"), EDITOR_PAGE);
    writeFileSync(join(client, "index.html"), "<!doctype html><title>Home</title>");
    await run(client);
  });
}

describe("buildSiteServer", () => {
  it("answers the /assets/ files of the earlier releases it is given, and only those, its own first", async () => {
    await withBuild(async (buildDir) => {
      writePolicyConfig(buildDir, { hubspot: null, reports: false });
      mkdirSync(join(buildDir, "client", "assets"));
      writeFileSync(join(buildDir, "client", "assets", "island.new.js"), "new");
      writeFileSync(join(buildDir, "client", "assets", "shared.same.js"), "this build's");
      const older = mkdtempSync(join(tmpdir(), "older-release-"));
      try {
        mkdirSync(join(older, "assets"));
        writeFileSync(join(older, "assets", "island.old.js"), "old");
        writeFileSync(join(older, "assets", "shared.same.js"), "the older build's");
        writeFileSync(join(older, "index.html"), "an older page");
        const app = await buildSiteServer({ root: join(buildDir, "client"), olderRoots: [older] });
        const answers = await Promise.all(
          ["/assets/island.old.js", "/assets/island.new.js", "/assets/shared.same.js", "/"].map((url) =>
            app.inject(url),
          ),
        );
        await app.close();
        expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
          [200, "old"],
          [200, "new"],
          [200, "this build's"],
          [404, "<html><script>console.log(1)</script></html>"],
        ]);
        expect(answers[0]!.headers["cache-control"]).toContain("immutable");
      } finally {
        rmSync(older, { recursive: true, force: true });
      }
    });
  });

  it("sends the policy of the build it serves, from the configuration the build recorded", async () => {
    await withBuild(async (buildDir) => {
      writePolicyConfig(buildDir, { hubspot: { region: "ap1" }, reports: true });
      const app = await buildSiteServer({ root: join(buildDir, "client") });
      const { headers } = await app.inject("/no-such-page");
      await app.close();
      const expected = buildCsp({
        scriptHashes: inlineScriptHashes("<script>console.log(1)</script>"),
        hubspot: { region: "ap1" },
        reports: true,
      });
      expect(headers["content-security-policy"]).toBe(expected);
      expect(headers["content-security-policy"]).toContain("https://*.hubspotusercontent-ap1.net");
      expect(headers["reporting-endpoints"]).toBe(REPORTING_ENDPOINTS_VALUE);
    });
  });

  it("serves the editor's page of a build with one under the editor's own policy, never indexed", async () => {
    await withEditorBuild(async (root) => {
      // Beside the site's pages: a loopback SITE_URL without EDITOR_ORIGIN.
      const app = await buildSiteServer({ root, editor: "every-host" });
      const editor = await app.inject("/admin");
      const home = await app.inject("/");
      await app.close();
      expect(editor.statusCode).toBe(200);
      expect(editor.headers["content-security-policy"]).toBe(editorCsp());
      expect(editor.headers["content-security-policy"]).toContain("'unsafe-eval'");
      expect(editor.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(editor.headers["reporting-endpoints"]).toBeUndefined();
      // Only the editor's page: every other page keeps the site's policy, without 'unsafe-eval'.
      expect(home.headers["content-security-policy"]).not.toContain("'unsafe-eval'");
      expect(home.headers["x-robots-tag"]).toBeUndefined();
    });
  });

  // What each host answers, on both servers: tests/server/editor-origin.test.ts.
  it("knows the editor's host with or without the scheme's default port written out, in any case, and sends it to https there", async () => {
    await withEditorBuild(async (root) => {
      const app = await buildSiteServer({
        root,
        editor: editorPlace({
          ...serverEditor,
          siteUrl: "https://network.example",
          editorOrigin: "https://edit.network.example",
        }),
      });
      const answers = await Promise.all(
        ["edit.network.example", "edit.network.example:443", "Edit.Network.Example", "network.example"].map((host) =>
          app.inject({ url: "/admin", headers: { host } }),
        ),
      );
      // Behind a proxy that terminated TLS, a plain-http request goes to https on the editor's own host.
      const plain = await app.inject({
        url: "/admin",
        headers: { host: "edit.network.example", "x-forwarded-proto": "http" },
      });
      await app.close();
      expect([plain.statusCode, plain.headers.location]).toEqual([308, "https://edit.network.example/admin"]);
      expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
        [200, EDITOR_PAGE],
        [200, EDITOR_PAGE],
        [200, EDITOR_PAGE],
        [404, NOT_FOUND_PAGE],
      ]);
    });
  });

  it("serves the build's editor nowhere without a place for it, and places it by the configuration", async () => {
    await withEditorBuild(async (root) => {
      const app = await buildSiteServer({ root, api: async (api) => void api.get("/editor/auth", async () => "") });
      expect((await app.inject("/admin")).statusCode).toBe(404);
      expect((await app.inject("/api/editor/auth")).statusCode).toBe(404);
      await app.close();
    });
    const place = (siteUrl: string, editorOrigin: string | null, editor: SiteConfig["editor"] = serverEditor.editor) =>
      editorPlace({ siteUrl, editorOrigin, editor });
    expect(place("https://network.example", "http://localhost:4315")).toEqual({ host: "localhost:4315" });
    expect(place("http://127.0.0.1:4315", null)).toBe("every-host");
    expect(place("https://network.example", null)).toBeNull();
    expect(place("http://127.0.0.1:4321", null, { backend: "local", url: "http://127.0.0.1:8081/api/v1" })).toBeNull();
  });

  it("refuses a build without its recorded policy configuration", async () => {
    await withBuild(async (buildDir) => {
      await expect(buildSiteServer({ root: join(buildDir, "client") })).rejects.toThrow(POLICY_CONFIG_FILE);
      writePolicyConfig(buildDir, { hubspot: null, reports: true });
      writeFileSync(join(buildDir, POLICY_CONFIG_FILE), JSON.stringify({ hubspot: { region: "us1" }, reports: true }));
      expect(() => readPolicyConfig(buildDir)).toThrow(/not a policy configuration/);
    });
  });

  it("refuses to serve a folder that is not a built site", async () => {
    const root = mkdtempSync(join(tmpdir(), "site-server-"));
    try {
      writeFileSync(join(root, "index.html"), "<html>");
      await expect(buildSiteServer({ root })).rejects.toThrow(/npm run build/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
