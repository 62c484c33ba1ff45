// A malformed value stops the build before anything is written, naming the variable: one
// real `astro build` with a malformed SITE_URL, into a throw-away BUILD_DIR. The message
// for each variable (CONTACT_EMAIL, partial HubSpot ids...) is server/config.test.ts's.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/site-process";

const scratch = mkdtempSync(join(tmpdir(), "ta-network-config-build-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const build = (env: Record<string, string>) =>
  spawnSync("npx", ["astro", "build"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BUILD_DIR: join(scratch, "build"), ASTRO_TELEMETRY_DISABLED: "1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

it("a malformed SITE_URL stops the build with a message naming it", () => {
  const result = build({ SITE_URL: "network.example.org" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid configuration");
  expect(result.stderr).toContain("absolute http(s) origin");
  expect(result.stderr).toMatch(/HUBSPOT|SITE_URL|CONTACT_EMAIL/);
  expect(result.stderr).toContain("SITE_URL");
});
