// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  buildCsp,
  CACHE_CONTROL,
  cacheClassFor,
  contentTypeFor,
  HUBSPOT_SOURCES,
  isHiddenFile,
  isHttpsRequest,
  isPrecompressible,
  namesFile,
  securityHeaders,
} from "./http-policy";

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
  const policy = directives(buildCsp({ scriptHashes: [later, earlier, later] }));

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

  it("allows HubSpot's embed script, form frame, data and submissions, and no other host", () => {
    expect(policy.get("script-src")).toEqual(expect.arrayContaining([...HUBSPOT_SOURCES.script]));
    expect(policy.get("connect-src")).toEqual(["'self'", ...HUBSPOT_SOURCES.connect]);
    expect(policy.get("frame-src")).toEqual([...HUBSPOT_SOURCES.frame]);
    expect(policy.get("form-action")).toEqual(["'self'", ...HUBSPOT_SOURCES.formAction]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", ...HUBSPOT_SOURCES.img]);
    const hosts = [...policy.values()].flat().filter((source) => source.startsWith("https://"));
    for (const host of hosts)
      expect(host).toMatch(
        /^https:\/\/(\*\.hsforms\.(net|com)|forms\.hubspot\.com|static\.hsappstatic\.net|www\.(google|gstatic)\.com\/recaptcha\/)$/,
      );
  });

  it("covers the host of HubSpot's v2 embed script and its submission endpoint", () => {
    const matches = (sources: readonly string[], host: string) =>
      sources.some(
        (source) => source === `https://${host}` || (source.startsWith("https://*.") && host.endsWith(source.slice(9))),
      );
    expect(matches(HUBSPOT_SOURCES.script, "js.hsforms.net")).toBe(true);
    expect(matches(HUBSPOT_SOURCES.connect, "forms.hsforms.com")).toBe(true);
    expect(matches(HUBSPOT_SOURCES.frame, "forms.hsforms.com")).toBe(true);
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
  });
});

describe("isHttpsRequest", () => {
  it.each([
    [true, undefined, true],
    [false, "https", true],
    [false, "HTTPS", true],
    [false, "https, http", true],
    [false, "http, https", false],
    [false, "http", false],
    [false, undefined, false],
    [false, "", false],
  ])("encrypted=%s, X-Forwarded-Proto=%s -> %s", (encrypted, forwarded, expected) => {
    expect(isHttpsRequest(encrypted, forwarded)).toBe(expected);
  });
});

describe("cache rules", () => {
  it.each([
    ["/assets/entry.client-BIZnaLBY.js", CACHE_CONTROL.immutable],
    ["/assets/hero-planning-1200-Ab3dEf.avif", CACHE_CONTROL.immutable],
    ["/index.html", CACHE_CONTROL.revalidate],
    ["/mission/index.html", CACHE_CONTROL.revalidate],
    ["/404.html", CACHE_CONTROL.revalidate],
    ["/sitemap.xml", CACHE_CONTROL.revalidate],
    ["/robots.txt", CACHE_CONTROL.revalidate],
    ["/favicon.ico", CACHE_CONTROL.short],
    ["/brand/icon.svg", CACHE_CONTROL.short],
    ["/social/mission.png", CACHE_CONTROL.short],
    ["/site.webmanifest", CACHE_CONTROL.short],
  ])("%s -> %s", (file, cacheControl) => {
    expect(CACHE_CONTROL[cacheClassFor(file)]).toBe(cacheControl);
  });

  it("keeps hashed assets for a year and revalidates documents", () => {
    expect(CACHE_CONTROL.immutable).toBe("public, max-age=31536000, immutable");
    expect(CACHE_CONTROL.revalidate).toBe("no-cache");
  });
});

describe("content types", () => {
  it.each([
    ["/mission/index.html", "text/html; charset=utf-8"],
    ["/assets/a-1.js", "text/javascript; charset=utf-8"],
    ["/sitemap.xml", "application/xml; charset=utf-8"],
    ["/site.webmanifest", "application/manifest+json; charset=utf-8"],
    ["/favicon.ico", "image/x-icon"],
    ["/social/mission.png", "image/png"],
    ["/unknown.bin", "application/octet-stream"],
  ])("%s -> %s", (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });
});

describe("file classes", () => {
  it("precompresses text formats only", () => {
    expect(
      ["/a.html", "/a.js", "/a.css", "/a.svg", "/a.xml", "/a.txt", "/a.json", "/a.webmanifest"].every(
        isPrecompressible,
      ),
    ).toBe(true);
    expect(["/a.png", "/a.avif", "/a.ico", "/a.js.br"].some(isPrecompressible)).toBe(false);
  });

  it("hides HTML files, precompressed variants, source maps and dotfiles", () => {
    for (const file of ["/404.html", "/a.js.br", "/a.js.gz", "/a.js.map", "/.env", "/.well-known/x.txt"]) {
      expect(isHiddenFile(file), file).toBe(true);
    }
    for (const file of ["/favicon.ico", "/assets/a-1.js", "/sitemap.xml"]) expect(isHiddenFile(file), file).toBe(false);
  });

  it("tells file paths (with an extension) from page paths", () => {
    expect(namesFile("/favicon.ico")).toBe(true);
    expect(namesFile("/mission")).toBe(false);
    expect(namesFile("/v1.2/mission")).toBe(false);
    expect(namesFile("/")).toBe(false);
  });
});
