// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { DEPLOYMENT_SITE_FACTS } from "../tests/support/deployment-site-facts";
import { buildFingerprint, staleReason, writeStamp } from "./build-stamp";

let project = "";
const site = parseSiteConfig({});
const write = (path: string, content: string) => {
  mkdirSync(join(project, path, ".."), { recursive: true });
  writeFileSync(join(project, path), content);
};

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "build-stamp-"));
  write("app/root.tsx", "export default 1;");
  write("public/favicon.ico", "icon");
  write("scripts/build/postbuild.ts", "postbuild");
  write("package.json", "{}");
  write("astro.config.ts", "config");
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

describe("buildFingerprint", () => {
  it("is stable while nothing changes", () => {
    expect(buildFingerprint(project, site)).toBe(buildFingerprint(project, site));
  });

  it.each([
    ["a source file", "app/layouts/page-layout.astro"],
    ["a public file", "public/favicon.ico"],
    ["a build script", "scripts/build/postbuild.ts"],
    ["a configuration file", "astro.config.ts"],
    ["the words", "content/home.yaml"],
    ["a role", "content/roles/vp-talent-acquisition.md"],
    ["a schema of the words", "shared/content/pages.ts"],
  ])("changes when %s changes", (_what, path) => {
    const before = buildFingerprint(project, site);
    write(path, "changed");
    expect(buildFingerprint(project, site)).not.toBe(before);
  });

  it("changes when a file is added", () => {
    const before = buildFingerprint(project, site);
    write("app/pages/new.astro", "new");
    expect(buildFingerprint(project, site)).not.toBe(before);
  });

  it("changes when a configuration value changes", () => {
    const other = parseSiteConfig({ SITE_URL: "https://network.example.org", ...DEPLOYMENT_SITE_FACTS });
    expect(buildFingerprint(project, other)).not.toBe(buildFingerprint(project, site));
  });

  it("ignores tests and files outside the build's inputs", () => {
    const before = buildFingerprint(project, site);
    write("app/root.test.tsx", "test");
    write("scripts/postbuild.test.ts", "test");
    write("tests/e2e/x.spec.ts", "test");
    write("README.md", "docs");
    expect(buildFingerprint(project, site)).toBe(before);
  });
});

describe("staleReason", () => {
  it("asks for a build when there is none, or no stamp, or another fingerprint", () => {
    const buildDir = join(project, "build");
    expect(staleReason(buildDir, "f1")).toMatch(/holds no build/);
    write("build/client/index.html", "<html>");
    expect(staleReason(buildDir, "f1")).toMatch(/no build stamp/);
    writeStamp(buildDir, "f1");
    expect(staleReason(buildDir, "f1")).toBeNull();
    expect(staleReason(buildDir, "f2")).toMatch(/changed since the last build/);
  });
});
