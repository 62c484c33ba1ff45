import { spawnSync } from "node:child_process";
import { expect, test } from "../support/browser/fixtures";

// A malformed value stops the build before anything is written, naming the variable.
const build = (env: Record<string, string>) =>
  spawnSync("npx", ["astro", "build"], {
    env: { ...process.env, BUILD_DIR: "build-config-check", ASTRO_TELEMETRY_DISABLED: "1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

test.describe("configuration validation", () => {
  for (const [variable, value, reason] of [
    ["SITE_URL", "network.example.org", "absolute http(s) origin"],
    ["CONTACT_EMAIL", "invitations-at-example.com", "email address"],
    ["HUBSPOT_PORTAL_ID", "1234567", "must be set when HUBSPOT_PORTAL_ID is set"],
  ] as const) {
    test(`a malformed ${variable} stops the build with a message naming it`, () => {
      const result = build({ [variable]: value });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("Invalid configuration");
      expect(result.stderr).toContain(reason);
      expect(result.stderr).toMatch(/HUBSPOT|SITE_URL|CONTACT_EMAIL/);
      expect(result.stderr).toContain(variable === "HUBSPOT_PORTAL_ID" ? "HUBSPOT_FORM_ID_CANDIDATE" : variable);
    });
  }
});
