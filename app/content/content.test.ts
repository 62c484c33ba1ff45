import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "~/config/schema";
import { site } from "~/config/site";
import { modeFromSearch } from "#shared/invitation/mode";
import { withSiteFacts } from "~/lib/site-facts";
import { audienceActions, requestActions, requestPaths } from "./calls-to-action";
import { homeContent } from "./home";
import { howWeHelpContent, leaderServices, organizationServices } from "./how-we-help";
import { missionContent } from "./mission";
import { termsContent } from "./terms";
import { whoWeAreContent } from "./who-we-are";

describe("calls to action", () => {
  it("lead TA leaders to the request page's default mode and employers to its employer mode", () => {
    expect(requestPaths.leaders).toBe("/request-invitation");
    expect(modeFromSearch(new URL(requestPaths.leaders, "http://x").search)).toBe("candidate");
    expect(modeFromSearch(new URL(requestPaths.employers, "http://x").search)).toBe("employer");
  });

  it("are the same pair on every content page", () => {
    for (const cta of [homeContent.cta, missionContent.cta, howWeHelpContent.cta, whoWeAreContent.cta]) {
      expect(cta.primary).toEqual(requestActions.leaders);
      expect(cta.secondary).toEqual(requestActions.employers);
    }
    expect([homeContent.hero.leaders, homeContent.hero.employers]).toEqual([
      audienceActions.leaders,
      audienceActions.employers,
    ]);
  });
});

describe("services", () => {
  it.each([leaderServices, organizationServices])(
    "$intro.title lists six distinct services, each described",
    (group) => {
      expect(group.services).toHaveLength(6);
      expect(new Set(group.services.map((service) => service.title)).size).toBe(6);
      for (const service of group.services) expect(service.body.length).toBeGreaterThan(40);
    },
  );
});

describe("terms of engagement", () => {
  it("gives every section a unique anchor", () => {
    const ids = termsContent.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sends privacy requests to the configured contact address", () => {
    const rights = withSiteFacts(termsContent, site).sections.find((section) => section.id === "your-data")!;
    const links = rights.blocks.flatMap((block) =>
      "list" in block ? [] : block.filter((part) => typeof part !== "string"),
    );
    expect(links).toContainEqual({ label: site.contactEmail, href: `mailto:${site.contactEmail}` });
  });
});

describe("site facts in the copy", () => {
  it("come from configuration, never from literals in the content modules", () => {
    const defaults = parseSiteConfig({});
    const literals = [defaults.contactEmail, defaults.supporter.name, defaults.supporter.url, defaults.siteName];
    const dir = import.meta.dirname;
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const source = readFileSync(join(dir, file), "utf8");
      for (const literal of literals) expect(source, `${file} contains "${literal}"`).not.toContain(literal);
    }
  });

  it("name the configured supporter on Who We Are, once the page applies them", () => {
    expect(withSiteFacts(whoWeAreContent, site).supporter).toMatchObject({
      name: site.supporter.name,
      url: site.supporter.url,
    });
  });
});

describe("one voice (docs/copy.md)", () => {
  // Each content module's source, the Terms aside: their content points are the specification's.
  const dir = import.meta.dirname;
  const sources = readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "terms.ts")
    .map((file) => [file, readFileSync(join(dir, file), "utf8")] as const);

  it.each([
    ["US spelling", /\b(practis|judgement|organis|colour|behaviour|favour|recognis|centre\b|licence)/i],
    ["one name for the matching feature: AI-powered matching", /AI-based/i],
    [
      "employers as the audience, but for the specification's two section names",
      /Services for organizations|organizations share/,
    ],
    ["one label per action", /Request Invitation\b|Request Your Invitation|Submit Talent Brief/],
  ])("%s", (_rule, pattern) => {
    for (const [file, source] of sources) expect(source, file).not.toMatch(pattern);
  });
});
