// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { listWithoutClosedRoles, RoleFilteredFile, sitemapWithoutClosedRoles } from "./role-documents";
import type { RolesState } from "./role-schedule";

const LIST = [
  "<main><ul data-role-list>",
  '<li data-role="vp-ta"><a href="/roles/vp-ta">VP</a><p>Remote</p></li>',
  '  <li data-role="vp-ta-emea" class="card"\n data-x="1"><a href="/roles/vp-ta-emea">VP EMEA</a></li>',
  '<li data-role="head-of-talent"><a href="/roles/head-of-talent">Head</a><ul data-tags><span>tag</span></ul></li>',
  "</ul><p class=empty>No roles are open right now.</p></main>",
].join("\n");

const SITEMAP = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  "  <url><loc>https://network.example/</loc></url>",
  "  <url><loc>https://network.example/roles</loc></url>",
  "  <url><loc>https://network.example/roles/vp-ta</loc><lastmod>2026-11-20</lastmod></url>",
  "  <url><loc>https://network.example/roles/vp-ta-emea</loc><lastmod>2026-11-21</lastmod></url>",
  "  <url><loc>https://network.example/request-invitation</loc></url>",
  "</urlset>",
  "",
].join("\n");

describe("listWithoutClosedRoles", () => {
  it("removes exactly the items of the closed roles, attributes after data-role or not", () => {
    const html = listWithoutClosedRoles(LIST, new Set(["vp-ta", "head-of-talent"]));
    expect(html).not.toContain('data-role="vp-ta"');
    expect(html).not.toContain("head-of-talent");
    // A slug that begins another's is another role.
    expect(html).toContain('<li data-role="vp-ta-emea" class="card"');
    expect(html).toContain('<a href="/roles/vp-ta-emea">VP EMEA</a></li>');
    expect(html).toContain("</ul><p class=empty>");
    expect(listWithoutClosedRoles(LIST, new Set(["vp-ta-emea"]))).toContain('<li data-role="vp-ta">');
    expect(listWithoutClosedRoles(LIST, new Set())).toBe(LIST);
  });

  it("leaves no item once every role has closed, so the page's empty state shows", () => {
    const html = listWithoutClosedRoles(LIST, new Set(["vp-ta", "vp-ta-emea", "head-of-talent"]));
    expect(html).not.toContain("<li");
    expect(html).toMatch(/<ul data-role-list>\n?<\/ul>/);
  });
});

describe("sitemapWithoutClosedRoles", () => {
  it("drops the URLs of closed roles, and the list's own once no role is open", () => {
    const some = sitemapWithoutClosedRoles(SITEMAP, new Set(["vp-ta"]), true);
    expect(some).not.toContain("/roles/vp-ta<");
    expect(some).toContain("/roles/vp-ta-emea</loc>");
    expect(some).toContain("https://network.example/roles</loc>");
    expect(some.split("\n")).toHaveLength(SITEMAP.split("\n").length - 1);

    const none = sitemapWithoutClosedRoles(SITEMAP, new Set(["vp-ta", "vp-ta-emea"]), false);
    expect(none).not.toContain("/roles");
    expect(none).toContain("<loc>https://network.example/</loc>");
    expect(none).toContain("/request-invitation</loc>");
    expect(none.endsWith("</urlset>\n")).toBe(true);
    expect(sitemapWithoutClosedRoles(SITEMAP, new Set(), true)).toBe(SITEMAP);
  });
});

describe("RoleFilteredFile", () => {
  const state = (version: number, closed: string[]): RolesState => ({
    version,
    closed: new Set(closed),
    anyOpen: true,
    isClosed: (slug) => closed.includes(slug),
    isOpen: (slug) => !closed.includes(slug),
  });
  const file = () => new RoleFilteredFile(LIST, (html, roles) => listWithoutClosedRoles(html, roles.closed));

  it("is the build's file (null) while nothing it lists has closed", async () => {
    expect(await file().at(state(0, ["some-other-role"]))).toBeNull();
  });

  it("filters and compresses once per version of the roles, with brotli, gzip and an ETag for each", async () => {
    const filtered = file();
    const first = filtered.at(state(1, ["vp-ta"]));
    expect(filtered.at(state(1, ["vp-ta"]))).toBe(first);
    const answer = (await first)!;
    const expected = listWithoutClosedRoles(LIST, new Set(["vp-ta"]));
    expect(answer.identity.toString()).toBe(expected);
    expect(brotliDecompressSync(answer.variants.br!).toString()).toBe(expected);
    expect(gunzipSync(answer.variants.gzip!).toString()).toBe(expected);
    expect(new Set(Object.values(answer.etags)).size).toBe(3);

    const next = (await filtered.at(state(2, ["vp-ta", "vp-ta-emea"])))!;
    expect(next.identity.toString()).not.toContain("vp-ta-emea");
    expect(next.etags.identity).not.toBe(answer.etags.identity);
  });
});
