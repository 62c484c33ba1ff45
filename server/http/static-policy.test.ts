// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  CACHE_CONTROL,
  cacheClassFor,
  contentTypeFor,
  isHiddenFile,
  isHttpsRequest,
  isPrecompressible,
  namesFile,
  firstParamIsPattern,
  QUERY_PAGES,
} from "./static-policy";
import { modeFromSearch } from "#shared/invitation/mode.ts";

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

describe("the request page's employer query (QUERY_PAGES)", () => {
  const pattern = new RegExp(QUERY_PAGES[0]!.query);

  it("is the pattern of the first `type` being exactly `employer`", () => {
    expect(QUERY_PAGES[0]!.query).toBe(firstParamIsPattern("type", "employer"));
    expect(() => firstParamIsPattern("type", "a.b")).toThrow();
  });

  // The servers pick the HTML the island then reads its mode from: they must agree with the island.
  it.each([
    "",
    "type=employer",
    "type=employer&x=1",
    "x=1&type=employer",
    "utm_source=news&utm_medium=mail&type=employer",
    "&&type=employer",
    "type=candidate",
    "type=Employer",
    "Type=employer",
    "type=employers",
    "type=employer+",
    "type=employer%20",
    "type=",
    "type",
    "type&type=employer",
    "type=candidate&type=employer",
    "type=employer&type=candidate",
    "mytype=employer",
    "typex=1&type=employer",
    "type2=employer",
    "xtype=employer&type=candidate",
  ])("matches %j exactly when the page's script reads the employer mode from it", (query) => {
    expect(pattern.test(query)).toBe(modeFromSearch(query) === "employer");
  });
});
