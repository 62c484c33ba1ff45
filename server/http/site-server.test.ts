// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCsp, REPORTING_ENDPOINTS_VALUE } from "./csp";
import { inlineScriptHashes } from "./inline-scripts";
import { POLICY_CONFIG_FILE, readPolicyConfig, writePolicyConfig } from "./policy-config";
import { acceptsEncoding, createSiteHandler, listFiles, symbolicLinks } from "./site-server";

/** A minimal built site in a temporary BUILD_DIR: client/404.html with one inline script. */
function withBuild(run: (buildDir: string) => void) {
  const buildDir = mkdtempSync(join(tmpdir(), "site-server-"));
  try {
    mkdirSync(join(buildDir, "client"));
    writeFileSync(join(buildDir, "client", "404.html"), "<html><script>console.log(1)</script></html>");
    run(buildDir);
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/** The headers the handler sets on a response to GET `url`. */
function headersFor(handle: ReturnType<typeof createSiteHandler>, url: string): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = value),
    writeHead: () => res,
    end: () => res,
    headersSent: false,
  } as unknown as ServerResponse;
  const req = { url, method: "GET", headers: {}, socket: {} } as unknown as IncomingMessage;
  handle(req, res);
  return headers;
}

describe("acceptsEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br", true],
    ["gzip, deflate, br", "gzip", true],
    ["br;q=0, gzip", "br", false],
    ["br;q=0, gzip", "gzip", true],
    ["BR;Q=0.5", "br", true],
    ["*", "br", true],
    ["*;q=0", "gzip", false],
    ["gzip;q=0, *", "gzip", false],
    ["identity", "gzip", false],
    [undefined, "br", false],
  ])("%s accepts %s: %s", (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
  });
});

describe("listFiles and symbolicLinks", () => {
  it("list a build's regular files, and apart from them its symbolic links, as URL paths", () => {
    const root = mkdtempSync(join(tmpdir(), "site-files-"));
    try {
      mkdirSync(join(root, "assets"));
      writeFileSync(join(root, "index.html"), "<!doctype html>");
      writeFileSync(join(root, "assets", "app.js"), "");
      symlinkSync("/etc/passwd", join(root, "assets", "passwd.js"));
      symlinkSync("app.js", join(root, "assets", "alias.js"));

      expect([...listFiles(root)].sort()).toEqual(["/assets/app.js", "/index.html"]);
      expect(symbolicLinks(root).sort()).toEqual(["/assets/alias.js", "/assets/passwd.js"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("createSiteHandler", () => {
  it("sends the policy of the build it serves, from the configuration the build recorded", () => {
    withBuild((buildDir) => {
      writePolicyConfig(buildDir, { hubspot: { region: "ap1" }, reports: true });
      const headers = headersFor(createSiteHandler(join(buildDir, "client")), "/no-such-page");
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

  it("refuses a build without its recorded policy configuration", () => {
    withBuild((buildDir) => {
      expect(() => createSiteHandler(join(buildDir, "client"))).toThrow(POLICY_CONFIG_FILE);
      writePolicyConfig(buildDir, { hubspot: null, reports: true });
      writeFileSync(join(buildDir, POLICY_CONFIG_FILE), JSON.stringify({ hubspot: { region: "us1" }, reports: true }));
      expect(() => readPolicyConfig(buildDir)).toThrow(/not a policy configuration/);
    });
  });

  it("refuses to serve a folder that is not a built site", () => {
    const root = mkdtempSync(join(tmpdir(), "site-server-"));
    try {
      writeFileSync(join(root, "index.html"), "<html>");
      expect(() => createSiteHandler(root)).toThrow(/npm run build/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
