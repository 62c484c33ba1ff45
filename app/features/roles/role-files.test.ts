// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";

const root = mkdtempSync(join(tmpdir(), "role-files-"));
afterAll(() => {
  vi.unstubAllGlobals();
  rmSync(root, { recursive: true, force: true });
});

it("sees a first role file saved after it was asked, as under `npm run edit`", async () => {
  vi.stubGlobal("__CONTENT_DIR__", join(root, "content"));
  const { hasRoleFiles, rolesFolder } = await import("./role-files");
  expect(rolesFolder).toBe(join(root, "content", "roles"));
  expect(hasRoleFiles()).toBe(false);
  mkdirSync(rolesFolder, { recursive: true });
  writeFileSync(join(rolesFolder, ".gitkeep"), "");
  expect(hasRoleFiles()).toBe(false);
  writeFileSync(join(rolesFolder, "head-of-talent.md"), "---\ntitle: Head of Talent\n---\n");
  expect(hasRoleFiles()).toBe(true);
});
