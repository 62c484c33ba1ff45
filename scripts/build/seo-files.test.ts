// @vitest-environment node
import { describe, expect, it } from "vitest";
import { indexablePaths, renderRobots, renderSitemap } from "./seo-files";
import { ROUTES as pages } from "#shared/routes.ts";
import type { PageInfo } from "#shared/content/page.ts";

const page = (path: string, indexable: boolean): PageInfo => ({
  path,
  title: path,
  description: "",
  keywords: [],
  heading: path,
  indexable,
});

describe("indexablePaths", () => {
  it("lists the route table's indexable pages, in order, without the 404 page", () => {
    const paths = indexablePaths();
    expect(paths).toEqual(
      Object.values(pages)
        .filter((info) => info.indexable)
        .map((info) => info.path),
    );
    expect(paths[0]).toBe("/");
    expect(paths).not.toContain(pages.notFound.path);
  });

  it("leaves out pages not marked indexable", () => {
    expect(indexablePaths([page("/", true), page("/draft", false), page("/mission", true)])).toEqual(["/", "/mission"]);
  });
});

describe("renderSitemap", () => {
  it("writes absolute URLs under the site origin, in the canonical form", () => {
    expect(renderSitemap("https://network.example.org", ["/", "/mission"])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://network.example.org/</loc></url>",
        "  <url><loc>https://network.example.org/mission</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });

  it("escapes XML special characters", () => {
    expect(renderSitemap("https://a.example", ["/a&b"])).toContain("<loc>https://a.example/a&amp;b</loc>");
  });
});

describe("renderRobots", () => {
  it("allows everything and names the sitemap", () => {
    expect(renderRobots("https://network.example.org")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://network.example.org/sitemap.xml\n",
    );
  });
});
