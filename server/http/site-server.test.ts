// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acceptsEncoding, createSiteHandler } from "./site-server";

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

describe("createSiteHandler", () => {
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
