// sitemap.xml and robots.txt as both servers deliver them (started for this file):
// generated from the route table at build time, absolute under SITE_URL, every listed
// page really served.
import { describe, expect, it } from "vitest";
import { ROBOTS_PATH, SITEMAP_PATH } from "../../server/http/static-policy";
import { site } from "../support/browser/site-config";
import { serveBuild } from "../support/production-servers";
import { rawRequest } from "../support/raw-client";
import { pages } from "../support/words";

const SERVERS = serveBuild();
const absolute = (path: string) => new URL(path, `${site.siteUrl}/`).href;

for (const server of SERVERS) {
  describe(`${server.name} server`, () => {
    it("sitemap.xml lists every public page, absolute under SITE_URL, and nothing else", async () => {
      const response = await rawRequest(server.port, { target: SITEMAP_PATH });
      expect(response.status).toBe(200);
      const xml = response.bytes.toString("utf8");
      expect(xml).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
      );
      const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      // The site ships no role: the roles' list is in the sitemap only while a role is open
      // (tests/e2e/roles.spec.ts has the build with roles).
      const expected = Object.values(pages)
        .filter((page) => page.indexable && page.path !== pages.openRoles.path)
        .map((page) => absolute(page.path));
      expect(locations).toEqual(expected);
      expect(locations).not.toContain(absolute(pages.notFound.path));

      for (const location of locations) {
        const path = new URL(location ?? "").pathname;
        expect((await rawRequest(server.port, { target: path })).status, path).toBe(200);
      }
    });

    it("robots.txt allows every crawler everything and names the sitemap", async () => {
      const response = await rawRequest(server.port, { target: ROBOTS_PATH });
      expect(response.status).toBe(200);
      const lines = response.bytes.toString("utf8").split("\n");
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain("Allow: /");
      expect(lines.some((line) => line.startsWith("Disallow:"))).toBe(false);
      expect(lines).toContain(`Sitemap: ${absolute(SITEMAP_PATH)}`);
    });
  });
}
