// The configuration stops a build before anything is written, naming the variable: real
// `astro build` runs into a throw-away BUILD_DIR. The message for each variable
// (CONTACT_EMAIL, partial HubSpot ids...) is server/config.test.ts's; here, that the
// build obeys it, and that a deployment's build carries its own site facts and none of
// the examples a checkout starts with (docs/configuration.md).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLE_SITE_FACTS } from "#shared/site-config.ts";
import { DEPLOYMENT_SITE_FACTS } from "../support/deployment-site-facts";
import { PROJECT_ROOT } from "../support/site-process";

// A relative BUILD_DIR is a folder of the project, ignored by git as /build-*/; an absolute one is where it says.
const scratch = `build-config-test-${process.pid}`;
const elsewhere = mkdtempSync(join(tmpdir(), "build-config-test-"));
afterAll(() => {
  rmSync(join(PROJECT_ROOT, scratch), { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

const PUBLIC_SITE_URL = "https://tanetwork.org";
const LINKEDIN_PAGE = "https://www.linkedin.com/company/ta-leadership-network";

const build = (env: Record<string, string>, buildDir = `${scratch}/build`) =>
  spawnSync("npx", ["astro", "build"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BUILD_DIR: buildDir, ASTRO_TELEMETRY_DISABLED: "1", ...env },
    encoding: "utf8",
    timeout: 110_000,
  });

it("a malformed SITE_URL stops the build with a message naming it", () => {
  const result = build({ SITE_URL: "network.example.org" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid configuration");
  expect(result.stderr).toContain("absolute http(s) origin");
  expect(result.stderr).toContain("SITE_URL");
});

describe(`a deployment build (SITE_URL=${PUBLIC_SITE_URL})`, () => {
  it("with the example site facts stops, naming each variable, and writes nothing", () => {
    const buildDir = `${scratch}/refused`;
    const result = build({ SITE_URL: PUBLIC_SITE_URL }, buildDir);
    expect(result.status).toBe(1);
    for (const variable of Object.keys(EXAMPLE_SITE_FACTS)) {
      expect(result.stderr).toMatch(new RegExp(`^ {2}${variable}: must be this deployment's own value`, "m"));
    }
    expect(() => readdirSync(join(PROJECT_ROOT, buildDir))).toThrow();
  });

  it("with its own site facts builds, into an absolute BUILD_DIR where it says, and no page carries an example", () => {
    const client = join(elsewhere, "client");
    const result = build(
      { SITE_URL: PUBLIC_SITE_URL, ...DEPLOYMENT_SITE_FACTS, NETWORK_PROFILE_URLS: LINKEDIN_PAGE },
      elsewhere,
    );
    expect(result.status, result.stderr).toBe(0);
    // Not under the checkout (./tmp/...), where the build's post-steps would not find it.
    expect(() => readdirSync(join(PROJECT_ROOT, elsewhere.replace(/^\//, "")))).toThrow();
    const pages = readdirSync(client, { recursive: true, encoding: "utf8" })
      .filter((path) => path.endsWith(".html"))
      .map((path) => readFileSync(join(client, path), "utf8"));
    expect(pages.length).toBeGreaterThan(5);
    const everyPage = pages.join("\n");
    for (const example of Object.values(EXAMPLE_SITE_FACTS)) expect(everyPage).not.toContain(example);
    const home = readFileSync(join(client, "index.html"), "utf8");
    expect(home).toContain(`mailto:${DEPLOYMENT_SITE_FACTS.CONTACT_EMAIL}`);
    expect(home).toContain(`href="${DEPLOYMENT_SITE_FACTS.PRIVACY_POLICY_URL}"`);
    expect(home).toContain(DEPLOYMENT_SITE_FACTS.SUPPORTER_NAME);
    // The network's own profile, in the footer and as the Organization's sameAs; the supporter only as its parent.
    expect(home).toContain(`href="${LINKEDIN_PAGE}"`);
    const organization = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(home)![1]!);
    expect(organization.sameAs).toEqual([LINKEDIN_PAGE]);
    expect(organization.parentOrganization.url).toBe(DEPLOYMENT_SITE_FACTS.SUPPORTER_URL);
  });
});
