import { describe, expect, it } from "vitest";
import { addIslandPreloads, islandScriptUrls } from "./island-preloads";

const island =
  '<astro-island uid="a" component-url="/assets/page.js" component-export="Page" renderer-url="/assets/client.js" ssr client="load"></astro-island>';

describe("addIslandPreloads", () => {
  it("preloads each island's component and renderer once, from the head", () => {
    const html = `<html><head><title>x</title></head><body>${island}${island.replace("page.js", "other.js")}</body></html>`;
    expect(islandScriptUrls(html)).toEqual(["/assets/page.js", "/assets/client.js", "/assets/other.js"]);
    expect(addIslandPreloads(html)).toContain(
      '<link rel="modulepreload" href="/assets/page.js"><link rel="modulepreload" href="/assets/client.js"><link rel="modulepreload" href="/assets/other.js"></head>',
    );
  });

  it("leaves a page without islands as it is", () => {
    const html = "<html><head></head><body><p>text</p></body></html>";
    expect(addIslandPreloads(html)).toBe(html);
  });
});

describe("an island hydrated when first touched (client:touch)", () => {
  const touched =
    '<head></head><astro-island uid="t" component-url="/assets/page.js" renderer-url="/assets/client.js" ssr client="touch"></astro-island>';

  it("is prefetched, not preloaded as a module: its code waits for the first touch", () => {
    expect(islandScriptUrls(touched)).toEqual([]);
    expect(addIslandPreloads(touched)).toContain(
      '<link rel="prefetch" href="/assets/page.js"><link rel="prefetch" href="/assets/client.js"></head>',
    );
    expect(addIslandPreloads(touched)).not.toContain("modulepreload");
  });
});
