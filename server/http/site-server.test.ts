// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteConfig } from "#shared/site-config.ts";
import { buildCsp, editorCsp, REPORTING_ENDPOINTS_VALUE } from "./csp";
import { inlineScriptHashes } from "./inline-scripts";
import { POLICY_CONFIG_FILE, readPolicyConfig, writePolicyConfig } from "./policy-config";
import { buildSiteServer, editorPlace } from "./site-server";

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
const githubEditor = {
  editor: { backend: "github" as const, repo: "acme/network", branch: "main", publishMode: "pull-request" as const },
};

/** `withBuild`, with the editor's page and files (a build with CMS_GITHUB_REPO) and two of the site's. */
async function withEditorBuild(run: (root: string) => Promise<void>) {
  await withBuild(async (buildDir) => {
    writePolicyConfig(buildDir, { hubspot: null, reports: true, editor: true });
    const client = join(buildDir, "client");
    for (const [file, body] of Object.entries({
      "admin/index.html": EDITOR_PAGE,
      "admin/editor.js": "the editor",
      "admin/chunks/decap.1a2b3c.js": "a chunk",
      "index.html": "<!doctype html><title>Home</title>",
      "mission/index.html": "<!doctype html><title>Mission</title>",
      "assets/island.abc.js": "an island",
      "favicon.ico": "icon",
    })) {
      mkdirSync(join(client, file, ".."), { recursive: true });
      writeFileSync(join(client, file), body);
    }
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

  it("answers the editor and its sign-in on EDITOR_ORIGIN's host only, and nothing else there", async () => {
    await withEditorBuild(async (root) => {
      const app = await buildSiteServer({
        root,
        publicHost: "network.example",
        editor: editorPlace({
          ...githubEditor,
          siteUrl: "https://network.example",
          editorOrigin: "https://edit.network.example",
        }),
        api: async (api) => {
          api.get("/editor/auth", async () => "the sign-in");
          api.get("/health", async () => "healthy");
        },
      });
      const on = (host: string) => async (url: string) => app.inject({ url, headers: { host } });
      const [editorHost, publicHost, otherHost] = [
        on("edit.network.example"),
        on("network.example"),
        on("127.0.0.1:4173"),
      ];
      try {
        const page = await editorHost("/admin");
        expect([page.statusCode, page.body]).toEqual([200, EDITOR_PAGE]);
        expect(page.headers["content-security-policy"]).toBe(editorCsp());
        const script = await editorHost("/admin/editor.js");
        expect([script.statusCode, script.body]).toEqual([200, "the editor"]);
        expect(script.headers["content-security-policy"]).toBeUndefined();
        expect((await editorHost("/admin/chunks/decap.1a2b3c.js")).statusCode).toBe(200);
        expect((await editorHost("/api/editor/auth")).body).toBe("the sign-in");
        // Its root leads to the editor; with the scheme's default port written out, it is the same host.
        expect((await editorHost("/")).headers.location).toBe("/admin");
        expect((await on("edit.network.example:443")("/admin")).statusCode).toBe(200);
        // No visitor's page, file or endpoint: a plain 404 under the editor's policy.
        for (const path of ["/mission", "/assets/island.abc.js", "/404.html", "/favicon.ico"]) {
          const refused = await editorHost(path);
          expect([path, refused.statusCode, refused.body]).toEqual([path, 404, "Not Found\n"]);
          expect(refused.headers["content-security-policy"]).toBe(editorCsp());
        }
        expect((await editorHost("/api/health")).statusCode).toBe(404);

        // Every other host is the site's, without the editor's page, files or sign-in.
        for (const host of [publicHost, otherHost]) {
          const notEditor = await host("/admin");
          expect([notEditor.statusCode, notEditor.body]).toEqual([404, NOT_FOUND_PAGE]);
          expect(notEditor.headers["content-security-policy"]).not.toContain("'unsafe-eval'");
          expect((await host("/admin/editor.js")).statusCode).toBe(404);
          expect((await host("/api/editor/auth")).statusCode).toBe(404);
          expect((await host("/mission")).statusCode).toBe(200);
          expect((await host("/api/health")).body).toBe("healthy");
        }
      } finally {
        await app.close();
      }
    });
  });

  it("serves the build's editor nowhere without a place for it, and places it by the configuration", async () => {
    await withEditorBuild(async (root) => {
      const app = await buildSiteServer({ root, api: async (api) => void api.get("/editor/auth", async () => "") });
      expect((await app.inject("/admin")).statusCode).toBe(404);
      expect((await app.inject("/api/editor/auth")).statusCode).toBe(404);
      await app.close();
    });
    const place = (siteUrl: string, editorOrigin: string | null, editor: SiteConfig["editor"] = githubEditor.editor) =>
      editorPlace({ siteUrl, editorOrigin, editor });
    expect(place("https://network.example", "http://localhost:4315")).toEqual({ host: "localhost:4315" });
    expect(place("http://127.0.0.1:4315", null)).toBe("every-host");
    expect(place("https://network.example", null)).toBeNull();
    expect(
      place("http://127.0.0.1:4321", null, { backend: "local", url: "http://127.0.0.1:8081/api/v1", branch: "main" }),
    ).toBeNull();
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
