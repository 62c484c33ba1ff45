// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles, symbolicLinks } from "./build-files";

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
