// @vitest-environment node
import type { AnalyticsPolicy } from "./csp";
import { describe, expect, it } from "vitest";
import { HUBSPOT_REGIONS, type HubSpotRegion } from "#shared/site-config.ts";
import { embedSrc } from "#app/features/invitation/hubspot.ts";
import {
  buildCsp,
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  policyConfigFor,
  securityHeaders,
  COMMON_HEADERS,
  documentHeaders,
} from "./csp";
import { isDocumentFile } from "./static-policy";

/** The policy as a map from directive to its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("buildCsp", () => {
  const later = `${"b".repeat(43)}=`;
  const earlier = `${"a".repeat(43)}=`;
  // Duplicates (scripts shared by several pages) appear once, and the order is stable.
  const policy = directives(buildCsp({ scriptHashes: [later, earlier, later], hubspot: null, reports: false }));

  it("allows scripts from the site and exactly the given inline scripts, by hash, never 'unsafe-inline'", () => {
    const scripts = policy.get("script-src") ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.filter((source) => source.startsWith("'sha256-"))).toEqual([
      `'sha256-${earlier}'`,
      `'sha256-${later}'`,
    ]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("locks down framing, plugins and <base>", () => {
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  it("allows inline styles (the site's <style> and HubSpot's injected styles)", () => {
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("without HubSpot, allows no other host at all and frames nothing", () => {
    const hosts = [...policy.values()].flat().filter((source) => /^https?:/.test(source));
    expect(hosts).toEqual([]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
  });

  it("reports violations to the site's API only when the deployment has it", () => {
    expect(policy.has("report-uri")).toBe(false);
    expect(policy.has("report-to")).toBe(false);
    const reporting = directives(buildCsp({ scriptHashes: [], hubspot: null, reports: true }));
    expect(reporting.get("report-uri")).toEqual([CSP_REPORT_PATH]);
    expect(reporting.get("report-to")).toEqual([CSP_REPORT_GROUP]);
    expect(CSP_REPORT_PATH).toBe("/api/csp-reports");
  });
});

/** Whether a CSP source list lets the browser load `url` (host wildcards and path prefixes, https only). */
function allows(sources: readonly string[], url: string): boolean {
  const { protocol, hostname, pathname } = new URL(url);
  return sources.some((source) => {
    const match = /^https:\/\/(\*\.)?([^/]+)(\/.*)?$/.exec(source);
    if (!match || protocol !== "https:") return false;
    const [, wildcard, host = "", path] = match;
    const hostMatches = wildcard ? hostname.endsWith(`.${host}`) : hostname === host;
    const pathMatches = !path || (path.endsWith("/") ? pathname.startsWith(path) : pathname === path);
    return hostMatches && pathMatches;
  });
}

// What each region's form needs, by the addresses HubSpot's embed code and live pages use
// (docs/decisions/0007-hubspot-embeds.md), for both embeds.
const REGION_NEEDS = {
  na1: {
    scripts: ["https://js.hsforms.net/forms/embed/v2.js", "https://js.hsforms.net/forms/embed/123456.js"],
    frame: "https://js.hsforms.net/ui-forms-embed-components-app/frame.html",
    submission: "https://forms.hsforms.com/submissions/v3/public/submit/formsnext/multipart/123456/x",
    images: [
      "https://123456.fs1.hubspotusercontent-na1.net/hubfs/123456/logo.png",
      "https://f.hubspotusercontent10.net/hubfs/123456/logo.png",
      "https://cdn2.hubspot.net/hubfs/123456/logo.png",
    ],
  },
  na2: {
    scripts: ["https://js-na2.hsforms.net/forms/embed/v2.js", "https://js-na2.hsforms.net/forms/embed/123456.js"],
    frame: "https://js-na2.hsforms.net/ui-forms-embed-components-app/frame.html",
    submission: "https://forms-na2.hsforms.com/submissions/v3/public/submit/formsnext/multipart/123456/x",
    images: ["https://123456.fs1.hubspotusercontent-na2.net/hubfs/123456/logo.png"],
  },
  eu1: {
    scripts: ["https://js-eu1.hsforms.net/forms/embed/v2.js", "https://js-eu1.hsforms.net/forms/embed/123456.js"],
    frame: "https://js-eu1.hsforms.net/ui-forms-embed-components-app/frame.html",
    submission: "https://forms-eu1.hsforms.com/submissions/v3/public/submit/formsnext/multipart/123456/x",
    images: ["https://123456.fs1.hubspotusercontent-eu1.net/hubfs/123456/logo.png"],
  },
  ap1: {
    scripts: ["https://js-ap1.hsforms.net/forms/embed/v2.js", "https://js-ap1.hsforms.net/forms/embed/123456.js"],
    frame: "https://js-ap1.hsforms.net/ui-forms-embed-components-app/frame.html",
    submission: "https://forms-ap1.hsforms.com/submissions/v3/public/submit/formsnext/multipart/123456/x",
    images: ["https://123456.fs1.hubspotusercontent-ap1.net/hubfs/123456/logo.png"],
  },
} as const satisfies Record<HubSpotRegion, unknown>;

describe("buildCsp with HubSpot's form", () => {
  it("knows every region the configuration accepts", () => {
    expect(Object.keys(REGION_NEEDS).sort()).toEqual([...HUBSPOT_REGIONS].sort());
  });

  describe.each(HUBSPOT_REGIONS)("region %s", (region) => {
    const policy = directives(buildCsp({ scriptHashes: [], hubspot: { region }, reports: false }));
    const needs = REGION_NEEDS[region];
    const source = (name: string) => policy.get(name) ?? [];

    it("allows the region's embed scripts (both embeds), the form's frame and its submission", () => {
      for (const script of needs.scripts) expect(allows(source("script-src"), script), script).toBe(true);
      expect(allows(source("script-src"), embedSrc({ embed: "current", region, portalId: "123456" }))).toBe(true);
      expect(allows(source("script-src"), embedSrc({ embed: "legacy", region, portalId: "123456" }))).toBe(true);
      expect(allows(source("frame-src"), needs.frame)).toBe(true);
      expect(allows(source("connect-src"), needs.submission)).toBe(true);
      expect(allows(source("form-action"), needs.submission)).toBe(true);
    });

    it("allows images from the region's file hosts, and no other region's", () => {
      for (const image of needs.images) expect(allows(source("img-src"), image), image).toBe(true);
      for (const other of HUBSPOT_REGIONS.filter((name) => name !== region)) {
        expect(allows(source("img-src"), REGION_NEEDS[other].images[0]), other).toBe(false);
      }
    });

    it("allows reCAPTCHA exactly as Google asks: its scripts and both of its frame hosts", () => {
      expect(allows(source("script-src"), "https://www.google.com/recaptcha/api.js")).toBe(true);
      expect(allows(source("script-src"), "https://www.gstatic.com/recaptcha/releases/abc/recaptcha__en.js")).toBe(
        true,
      );
      expect(allows(source("frame-src"), "https://www.google.com/recaptcha/api2/anchor")).toBe(true);
      expect(allows(source("frame-src"), "https://recaptcha.google.com/recaptcha/api2/bframe")).toBe(true);
      // Only reCAPTCHA's paths of Google's hosts.
      expect(allows(source("script-src"), "https://www.google.com/maps/api.js")).toBe(false);
    });

    it("allows no host outside HubSpot's and reCAPTCHA's", () => {
      const hosts = [...policy.values()].flat().filter((value) => value.startsWith("https://"));
      for (const host of hosts) {
        expect(host).toMatch(
          /^https:\/\/(\*\.hsforms\.(net|com)|forms\.hubspot\.com|static\.hsappstatic\.net|\*\.hubspotusercontent-(na1|na2|eu1|ap1)\.net|f\.hubspotusercontent[0-4]0\.net|cdn2\.hubspot\.net|www\.(google|gstatic)\.com\/recaptcha\/|recaptcha\.google\.com\/recaptcha\/)$/,
        );
      }
    });
  });

  it("is the policy of the build's configuration", () => {
    expect(policyConfigFor({ hubspot: null, requestApi: true, analytics: null })).toEqual({
      hubspot: null,
      reports: true,
      analytics: null,
      editor: false,
    });
    const editor = { backend: "server" as const } as const;
    expect(policyConfigFor({ hubspot: null, requestApi: true, analytics: null, editor })).toMatchObject({
      editor: true,
    });
    const hubspot = {
      portalId: "1",
      formIds: { candidate: "a", employer: "b" },
      region: "eu1",
      embed: "current",
    } as const;
    const plausible = { kind: "plausible", scriptUrl: "https://stats.example.org/js/script.js" } as const;
    expect(policyConfigFor({ hubspot, requestApi: false, analytics: plausible })).toEqual({
      hubspot: { region: "eu1" },
      reports: false,
      analytics: { kind: "plausible", origin: "https://stats.example.org" },
      editor: false,
    });
  });
});

describe("the analytics' hosts", () => {
  const directive = (csp: string, name: string) =>
    csp
      .split("; ")
      .find((part) => part.startsWith(`${name} `))!
      .split(" ")
      .slice(1);
  const csp = (analytics: AnalyticsPolicy | null) =>
    buildCsp({ scriptHashes: [], hubspot: null, reports: false, analytics });
  const thirdParties = (policy: string) => policy.match(/https:\/\/[^\s;]+/g) ?? [];

  it("opens nothing without analytics", () => {
    expect(thirdParties(csp(null))).toEqual([]);
  });

  it("opens Plausible's script origin for its script and its events, and nothing else", () => {
    const policy = csp({ kind: "plausible", origin: "https://plausible.io" });
    expect(directive(policy, "script-src")).toContain("https://plausible.io");
    expect(directive(policy, "connect-src")).toContain("https://plausible.io");
    expect(new Set(thirdParties(policy))).toEqual(new Set(["https://plausible.io"]));
  });

  it("opens HubSpot's tracking code, analytics, cookie banner and tracking hosts of the region", () => {
    expect(new Set(thirdParties(csp({ kind: "hubspot", region: "na1" })))).toEqual(
      new Set([
        "https://js.hs-scripts.com",
        "https://js.hs-analytics.net",
        "https://js.hs-banner.com",
        "https://track.hubspot.com",
      ]),
    );
    const eu = csp({ kind: "hubspot", region: "eu1" });
    expect(directive(eu, "script-src")).toEqual(
      expect.arrayContaining(["https://js-eu1.hs-scripts.com", "https://js-eu1.hs-analytics.net"]),
    );
    expect(directive(eu, "img-src")).toContain("https://track-eu1.hubspot.com");
  });
});

describe("securityHeaders", () => {
  it("sends the policy, nosniff, the referrer policy, the permissions policy and DENY framing", () => {
    const headers = securityHeaders("default-src 'self'");
    expect(headers).toMatchObject({
      "Content-Security-Policy": "default-src 'self'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    expect(headers["Permissions-Policy"]).toMatch(/(^|, )camera=\(\)(,|$)/);
    expect(headers["Permissions-Policy"]).toMatch(/(^|, )geolocation=\(\)(,|$)/);
    expect(headers).not.toHaveProperty("Strict-Transport-Security");
    expect(headers).not.toHaveProperty("Reporting-Endpoints");
  });

  it("splits into what every response carries and what only documents carry", () => {
    expect(COMMON_HEADERS).toEqual({ "X-Content-Type-Options": "nosniff" });
    const documentOnly = documentHeaders("x", { reports: true });
    expect(Object.keys(documentOnly)).toEqual(
      expect.arrayContaining([
        "Content-Security-Policy",
        "Reporting-Endpoints",
        "Permissions-Policy",
        "X-Frame-Options",
      ]),
    );
    expect(documentOnly).not.toHaveProperty("X-Content-Type-Options");
    expect(isDocumentFile("/mission/index.html")).toBe(true);
    expect(isDocumentFile("/404.html")).toBe(true);
    expect(isDocumentFile("/assets/client.abc.js")).toBe(false);
    expect(isDocumentFile("/sitemap.xml")).toBe(false);
  });

  it("names the Reporting API endpoint of the policy's report-to group when it reports", () => {
    expect(securityHeaders("x", { reports: true })["Reporting-Endpoints"]).toBe(
      `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    );
  });
});
