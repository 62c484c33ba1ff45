import { describe, expect, it } from "vitest";
import type { ByteBudgets } from "./budgets";
import { jsBudgetKB, KB } from "./budgets";
import {
  budgetFailures,
  compareRoutes,
  dynamicImports,
  eagerImageUrl,
  firstLoadRefs,
  formatTable,
  gzipSize,
  measurePage,
  routeOfFile,
  scanHtml,
  staticImports,
  type AssetReader,
} from "./check-budgets";

const budgets: ByteBudgets = {
  firstLoadJsKB: 125,
  htmlKB: { "/x": 1 },
  touchJsKB: 1,
  cssKB: 15,
  firstLoadTotalKB: 250,
  excludedRoutes: [],
  excludedHosts: ["js.hsforms.net"],
};

// A page shaped like a prerendered page with a framework bootstrap, with one of everything the check must weigh or skip.
const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<title>Home &amp; away</title>
<link rel="icon" href="/favicon.ico" sizes="32x32"/>
<link rel="apple-touch-icon" href="/brand/touch.png"/>
<link rel="manifest" href="/site.webmanifest"/>
<link rel="canonical" href="https://example.com/"/>
<link rel="modulepreload" href="/assets/entry.js"/>
<link rel="preload" as="image" href="/img/hero.jpg" imagesrcset="/img/hero-640.avif 640w, /img/hero-1280.avif 1280w"/>
<style id="site-css">body{color:red}</style>
</head><body>
<picture><source type="image/avif" srcset="/img/team-640.avif 640w, /img/team-1280.avif 1280w"/><img src="/img/team.jpg" alt=""/></picture>
<img src="/img/below.jpg" loading="lazy" alt=""/>
<img srcset="/img/logo-1x.png 1x, /img/logo-2x.png 2x" src="/img/logo.png" alt="Logo"/>
<noscript><img src="/img/tracking.gif" alt=""/></noscript>
<script>window.x = "<img src='/img/in-script.png'>";</script>
<script type="module" async="">import "/assets/manifest.js";
import * as route0 from "/assets/root.js";
import("/assets/entry.js");</script>
</body></html>`;

const files: Record<string, string> = {
  "/favicon.ico": "ico".repeat(10),
  "/brand/touch.png": "png".repeat(20),
  "/assets/entry.js": `import{a as b}from"./runtime.js";const lazy=()=>import("./lazy-route.js");`,
  "/assets/runtime.js": `export{x}from"./shared.js";` + "r".repeat(500),
  "/assets/shared.js": "export const x=1;",
  "/assets/manifest.js": "window.__manifest={};",
  "/assets/root.js": `import"./shared.js";import{y}from"./runtime.js";`,
  "/assets/lazy-route.js": "never loaded",
  "/img/hero-640.avif": "h".repeat(50),
  "/img/team-640.avif": "t".repeat(60),
  "/img/logo-1x.png": "l".repeat(70),
};
const read: AssetReader = (path) => (path in files ? Buffer.from(files[path]!) : undefined);

describe("scanHtml", () => {
  it("reads start tags with decoded attributes and keeps inline script and style text", () => {
    const scanned = scanHtml(page);
    expect(scanned.inlineStyles).toEqual(["body{color:red}"]);
    expect(scanned.inlineScripts).toHaveLength(2);
    expect(scanned.inlineScripts[1]!.attrs).toEqual({ type: "module", async: "" });
    expect(scanned.tags.find((tag) => tag.name === "meta")!.attrs).toEqual({ charset: "utf-8" });
  });

  it("does not mistake markup inside scripts or <noscript> for elements", () => {
    const sources = scanHtml(page)
      .tags.filter((tag) => tag.name === "img")
      .map((tag) => tag.attrs.src);
    expect(sources).toEqual(["/img/team.jpg", "/img/below.jpg", "/img/logo.png"]);
  });

  it("gives an <img> inside <picture> the sources before it", () => {
    const img = scanHtml(page).tags.find((tag) => tag.name === "img")!;
    expect(img.sources?.map((source) => source.attrs.type)).toEqual(["image/avif"]);
  });
});

describe("eagerImageUrl", () => {
  it("prefers a picture source's first srcset candidate, then the img srcset, then src", () => {
    const [inPicture, , withSrcset] = scanHtml(page).tags.filter((tag) => tag.name === "img");
    expect(eagerImageUrl(inPicture!)).toBe("/img/team-640.avif");
    expect(eagerImageUrl(withSrcset!)).toBe("/img/logo-1x.png");
    expect(eagerImageUrl({ name: "img", attrs: { src: "/a.png" } })).toBe("/a.png");
  });
});

describe("module imports", () => {
  it("finds static imports and re-exports in minified and spaced code, not dynamic imports", () => {
    const code = `import{a as b}from"./a.js";import "./b.js";import * as c from '../c.js';export{d}from"./d.js";export * from "/e.js";const f=()=>import("./f.js");x.import("./g.js");`;
    expect(staticImports(code)).toEqual(["./a.js", "./b.js", "../c.js", "./d.js", "/e.js"]);
    expect(dynamicImports(code)).toEqual(["./f.js"]);
  });

  it("ignores bare specifiers and the word import in text", () => {
    expect(staticImports(`import React from "react"; const s = "importmap]"; y.import("./x.js")`)).toEqual([]);
  });
});

describe("firstLoadRefs", () => {
  it("lists icons, modulepreloads, eager images and the inline bootstrap's imports; skips lazy images, manifest and canonical", () => {
    expect(firstLoadRefs(scanHtml(page))).toEqual([
      { kind: "icon", url: "/favicon.ico" },
      { kind: "icon", url: "/brand/touch.png" },
      { kind: "script", url: "/assets/entry.js" },
      { kind: "image", url: "/img/hero-640.avif" },
      { kind: "image", url: "/img/team-640.avif" },
      { kind: "image", url: "/img/logo-1x.png" },
      { kind: "script", url: "/assets/manifest.js" },
      { kind: "script", url: "/assets/root.js" },
      { kind: "script", url: "/assets/entry.js" },
    ]);
  });
});

describe("measurePage", () => {
  const figures = measurePage("/", page, read, budgets.excludedHosts);

  it("follows static and dynamic imports of every script once (an upper bound on what loads before idle)", () => {
    expect(figures.assets.filter((asset) => asset.kind === "script").map((asset) => asset.path)).toEqual([
      "/assets/entry.js",
      "/assets/runtime.js",
      "/assets/shared.js",
      "/assets/lazy-route.js",
      "/assets/manifest.js",
      "/assets/root.js",
    ]);
    expect(figures.problems).toEqual([]);
  });

  it("sums gzip sizes per kind and counts the inline CSS and scripts inside the HTML, not twice", () => {
    const gz = (...paths: string[]) => paths.reduce((sum, path) => sum + gzipSize(files[path]!), 0);
    const inlineJs = gzipSize(
      scanHtml(page)
        .inlineScripts.map((script) => script.text)
        .join("\n"),
    );
    const fileJs = gz(
      "/assets/entry.js",
      "/assets/runtime.js",
      "/assets/shared.js",
      "/assets/lazy-route.js",
      "/assets/manifest.js",
      "/assets/root.js",
    );
    expect(figures.htmlBytes).toBe(gzipSize(page));
    expect(figures.cssBytes).toBe(gzipSize("body{color:red}"));
    expect(figures.jsBytes).toBe(inlineJs + fileJs);
    expect(figures.imageBytes).toBe(gz("/img/hero-640.avif", "/img/team-640.avif", "/img/logo-1x.png"));
    expect(figures.iconBytes).toBe(gz("/favicon.ico", "/brand/touch.png"));
    expect(figures.totalBytes).toBe(figures.htmlBytes + fileJs + figures.imageBytes + figures.iconBytes);
  });

  it("weighs an Astro island's component and renderer, and not a JSON-LD block", () => {
    const html = `<script type="application/ld+json">{"@type":"Organization"}</script><astro-island component-url="/assets/root.js" renderer-url="/assets/manifest.js" ssr></astro-island>`;
    const island = measurePage("/x", html, read);
    expect(island.assets.map((asset) => asset.path)).toEqual([
      "/assets/root.js",
      "/assets/shared.js",
      "/assets/runtime.js",
      "/assets/manifest.js",
    ]);
    expect(island.jsBytes).toBe(island.assets.reduce((sum, asset) => sum + asset.gzipBytes, 0));
  });

  it("does not count the code of an island hydrated at the first touch (client:touch) as first-load", () => {
    const html = `<astro-island component-url="/assets/root.js" renderer-url="/assets/manifest.js" ssr client="touch"></astro-island><link rel="prefetch" href="/assets/root.js">`;
    const figures = measurePage("/x", html, read);
    expect(figures.jsBytes).toBe(0);
    expect(figures.assets.map(({ kind, path }) => `${kind} ${path}`)).toEqual([
      "touch /assets/root.js",
      "touch /assets/shared.js",
      "touch /assets/runtime.js",
      "touch /assets/manifest.js",
    ]);
    expect(figures.touchJsBytes).toBe(figures.assets.reduce((sum, asset) => sum + asset.gzipBytes, 0));
  });

  it("budgets what a touched island loads at the first touch, and the HTML of the routes named", () => {
    const html = `<astro-island component-url="/assets/root.js" ssr client="touch"></astro-island>${"<p>words</p>".repeat(400)}`;
    const failures = budgetFailures(measurePage("/x", html, read), {
      ...budgets,
      htmlKB: { "/x": 0.01 },
      touchJsKB: 0.01,
    });
    expect(failures).toEqual([
      expect.stringMatching(/^\/x: HTML .* over the 0.01 KB budget/),
      expect.stringMatching(/^\/x: JS at the first touch .* over the 0.01 KB budget/),
    ]);
  });

  it("reports a reference missing from the build and a resource from a host that is not excluded", () => {
    const html = `<link rel="modulepreload" href="/assets/gone.js"><script src="https://cdn.example.com/x.js"></script><script src="https://js.hsforms.net/forms/embed/v2.js"></script><img src="data:image/png;base64,AAAA" alt="">`;
    expect(measurePage("/x", html, read, budgets.excludedHosts).problems).toEqual([
      "script /assets/gone.js is referenced but not in the build",
      "script https://cdn.example.com/x.js is not self-hosted (only js.hsforms.net are excluded)",
    ]);
  });

  it("resolves relative references against the page and then against the importing chunk", () => {
    const html = `<script type="module" src="../assets/root.js"></script>`;
    const paths = measurePage("/mission/deep", html, read).assets.map((asset) => asset.path);
    expect(paths).toEqual(["/assets/root.js", "/assets/shared.js", "/assets/runtime.js"]);
  });
});

describe("budgetFailures", () => {
  const base = measurePage("/", page, read);

  it("is empty within budget", () => {
    expect(budgetFailures(base, budgets)).toEqual([]);
  });

  it("names the route and each figure over budget", () => {
    const over = { ...base, jsBytes: 126 * KB, cssBytes: 15 * KB + 1, totalBytes: 300 * KB };
    expect(budgetFailures(over, budgets)).toEqual([
      "/: first-load JS 126.0 KB gzip is over the 125 KB budget by 1.0 KB",
      "/: CSS 15.0 KB gzip is over the 15 KB budget by 0.0 KB",
      "/: total first-load transfer 300.0 KB gzip is over the 250 KB budget by 50.0 KB",
    ]);
  });

  it("counts a broken reference as a failure", () => {
    expect(budgetFailures({ ...base, problems: ["script /a.js is referenced but not in the build"] }, budgets)).toEqual(
      ["/: script /a.js is referenced but not in the build"],
    );
  });
});

describe("routes and the table", () => {
  it("maps prerendered files to routes and orders home first, 404 last", () => {
    const routes = ["404.html", "mission/index.html", "index.html", "how-we-help/index.html"].map(routeOfFile);
    expect(routes).toEqual(["/404.html", "/mission", "/", "/how-we-help"]);
    expect([...routes].sort(compareRoutes)).toEqual(["/", "/how-we-help", "/mission", "/404.html"]);
  });

  it("prints one row per route with the budgets in the header and each route's JS budget", () => {
    const table = formatTable([measurePage("/", page, read)], budgets).split("\n");
    expect(table[0]).toMatch(
      /^route\s+HTML\s+CSS \(≤15\)\s+JS\s+JS budget\s+touch JS\s+images\s+icons\s+other\s+total \(≤250\)\s+files$/,
    );
    expect(table[2]).toMatch(/^\/\s+\d+\.\d KB\s+.*≤ 125 KB/);
  });

  it("reads a JS budget per route, with * for the others", () => {
    const perRoute = { firstLoadJsKB: { "*": 10, "/": 70 } };
    expect(jsBudgetKB("/", perRoute)).toBe(70);
    expect(jsBudgetKB("/mission", perRoute)).toBe(10);
    expect(() => jsBudgetKB("/x", { firstLoadJsKB: { "/": 70 } })).toThrow(/no firstLoadJsKB for \/x/);
    const over = { ...measurePage("/mission", page, read), jsBytes: 11 * KB };
    expect(budgetFailures(over, { ...budgets, ...perRoute })).toContain(
      "/mission: first-load JS 11.0 KB gzip is over the 10 KB budget by 1.0 KB",
    );
  });
});
