// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  deferHydration,
  deferHydrationInDirectory,
  DEFERRED_PRELOADS_ID,
  DeferHydrationError,
  HYDRATION_FALLBACK_MS,
  parseBootstrap,
  renderDeferredBootstrap,
  type Bootstrap,
} from "./defer-hydration";
import { inlineScriptHashes } from "../../server/http/inline-scripts";

// React Router 7's `<Scripts/>` output for the home page, as the prerender writes it.
const MANIFEST = "/assets/manifest-a8a762aa.js";
const ROOT = "/assets/root-DZiBmyP6.js";
const HOME = "/assets/home-Dmwal9qt.js";
const ENTRY = "/assets/entry.client-BR7xCUaS.js";
const SHARED = "/assets/jsx-runtime-evMQWNc1.js";
const BOOTSTRAP = `import "${MANIFEST}";
import * as route0 from "${ROOT}";
import * as route1 from "${HOME}";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("${ENTRY}");`;
const CONTEXT = 'window.__reactRouterContext = {"basename":"/"};';

const preload = (href: string) => `<link rel="modulepreload" href="${href}"/>`;
const page = ({ bootstrap = BOOTSTRAP, preloads = [MANIFEST, ENTRY, SHARED, ROOT, HOME] } = {}) =>
  [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    ...preloads.map(preload),
    '<link rel="icon" href="/favicon.ico" sizes="32x32"/><style id="site-css">h1{color:navy}</style></head>',
    "<body><main><h1>Hello</h1></main>",
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    `<script>${CONTEXT}</script><script type="module" async="">${bootstrap}</script>`,
    '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script></body></html>',
  ].join("");

const HOME_BOOTSTRAP: Bootstrap = {
  sideEffectImports: [MANIFEST],
  routeModules: [
    { id: "root", url: ROOT },
    { id: "routes/home", url: HOME },
  ],
  entry: ENTRY,
};

describe("parseBootstrap", () => {
  it("reads the manifest, the route modules with their ids, and the entry", () => {
    expect(parseBootstrap(BOOTSTRAP)).toEqual(HOME_BOOTSTRAP);
  });

  it.each([
    ["a statement it does not know", BOOTSTRAP.replace(`import("${ENTRY}");`, `console.log(1);\nimport("${ENTRY}");`)],
    ["split route chunks", BOOTSTRAP.replace("import * as route1", "import * as route1_main")],
    ["route imports out of sequence", BOOTSTRAP.replace("route1 from", "route2 from")],
    ["a route imported but not registered", BOOTSTRAP.replace(',"routes/home":route1', "")],
    ["no manifest import (lazy route discovery)", BOOTSTRAP.replace(`import "${MANIFEST}";`, "")],
    ["no entry import", BOOTSTRAP.replace(`import("${ENTRY}");`, "")],
    ["a statement after the entry import", `${BOOTSTRAP}\nwindow.x = 1;`],
    ["an import from another host", BOOTSTRAP.replace(ROOT, "https://cdn.example/root.js")],
  ])("fails on %s", (_, text) => {
    expect(() => parseBootstrap(text)).toThrow(DeferHydrationError);
  });
});

interface BootstrapRun {
  log: string[];
  win: { __reactRouterRouteModules?: Record<string, unknown> };
  frames: (() => void)[];
  /** Timer callbacks with their delays. */
  timers: { callback: () => void; ms: number }[];
  listeners: Record<string, () => void>;
  /** Reports paint entries to the page's PerformanceObserver. */
  paint: (...names: string[]) => void;
  observing: () => boolean;
  settle: () => Promise<void>;
}

/**
 * Runs a deferred bootstrap against stand-ins for the browser (dynamic `import()`
 * becomes a call the test records: Node cannot run it inside `new Function`).
 */
function runBootstrap(
  code: string,
  { visibilityState = "visible", paintTiming = true }: { visibilityState?: string; paintTiming?: boolean } = {},
): BootstrapRun {
  const log: string[] = [];
  const win: BootstrapRun["win"] = {};
  const frames: (() => void)[] = [];
  const timers: BootstrapRun["timers"] = [];
  const listeners: Record<string, () => void> = {};
  let observer: { callback: (list: unknown, self: unknown) => void; connected: boolean; self: unknown } | undefined;
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    constructor(callback: (list: unknown, self: unknown) => void) {
      observer = { callback, connected: false, self: this };
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      observer!.connected = true;
    }
    disconnect() {
      observer!.connected = false;
    }
  }
  const browser = {
    window: win,
    document: {
      visibilityState,
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      getElementById: (id: string) => ({ content: `the contents of #${id}` }),
      head: { append: (node: string) => log.push(`head gets ${node}`) },
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, ms }),
    PerformanceObserver: FakePerformanceObserver,
    load: (url: string) => {
      log.push(`import ${url}`);
      if (url === ENTRY) log.push(`registered ${Object.keys(win.__reactRouterRouteModules ?? {}).join(",")}`);
      return Promise.resolve({ url });
    },
  };
  new Function(...Object.keys(browser), code.replaceAll("import(", "load("))(...Object.values(browser));
  return {
    log,
    win,
    frames,
    timers,
    listeners,
    paint: (...names) => {
      if (!observer?.connected) return;
      const entries = names.map((name) => ({ name }));
      observer.callback(
        { getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name) },
        observer.self,
      );
    },
    observing: () => observer?.connected ?? false,
    settle: () => new Promise((done) => setImmediate(done)),
  };
}

const HYDRATION_LOG = [
  `head gets the contents of #${DEFERRED_PRELOADS_ID}`,
  `import ${MANIFEST}`,
  `import ${ROOT}`,
  `import ${HOME}`,
  `import ${ENTRY}`,
  "registered root,routes/home",
];

describe("renderDeferredBootstrap", () => {
  const code = renderDeferredBootstrap(HOME_BOOTSTRAP);

  it("loads nothing until the browser reports the first contentful paint, then preloads every chunk and hydrates in React Router's order", async () => {
    const run = runBootstrap(code);
    await run.settle();
    expect(run.log).toEqual([]);
    run.paint("first-paint");
    await run.settle();
    expect(run.log).toEqual([]);
    run.paint("first-paint", "first-contentful-paint");
    await run.settle();
    expect(run.log).toEqual(HYDRATION_LOG);
    expect(run.win.__reactRouterRouteModules).toEqual({ root: { url: ROOT }, "routes/home": { url: HOME } });
    expect(run.observing()).toBe(false);
    // Nothing waits on a frame: test clocks fake requestAnimationFrame.
    expect(run.frames).toEqual([]);
  });

  it("starts at once in a hidden tab or a prerender, which paint nothing", async () => {
    const run = runBootstrap(code, { visibilityState: "hidden" });
    await run.settle();
    expect(run.log).toEqual(HYDRATION_LOG);
    expect(run.observing()).toBe(false);
  });

  it("starts once only, when the tab is hidden before its first paint", async () => {
    const run = runBootstrap(code);
    run.listeners.visibilitychange!();
    run.paint("first-contentful-paint");
    for (const timer of run.timers) timer.callback();
    await run.settle();
    expect(run.log).toEqual(HYDRATION_LOG);
  });

  it(`starts after ${HYDRATION_FALLBACK_MS} ms if no paint is ever reported`, async () => {
    const run = runBootstrap(code);
    expect(run.timers.map(({ ms }) => ms)).toEqual([HYDRATION_FALLBACK_MS]);
    run.timers[0]!.callback();
    await run.settle();
    expect(run.log).toEqual(HYDRATION_LOG);
  });

  it("without Paint Timing, starts in the task after the first frame", async () => {
    const run = runBootstrap(code, { paintTiming: false });
    expect(run.observing()).toBe(false);
    run.frames.shift()!();
    const afterFrame = run.timers.find(({ ms }) => ms === 0)!;
    await run.settle();
    expect(run.log).toEqual([]);
    afterFrame.callback();
    await run.settle();
    expect(run.log).toEqual(HYDRATION_LOG);
  });

  it("keeps every chunk URL as an import() literal, which the byte budget check follows", () => {
    for (const url of [MANIFEST, ROOT, HOME, ENTRY]) expect(code).toContain(`import(${JSON.stringify(url)})`);
  });
});

describe("deferHydration", () => {
  it("holds the modulepreloads in a template and defers the bootstrap, leaving the rest as it was", () => {
    const html = page();
    const result = deferHydration(html, "index.html");
    const links = [MANIFEST, ENTRY, SHARED, ROOT, HOME].map(preload).join("");
    const template = `<template id="${DEFERRED_PRELOADS_ID}">${links}</template>`;
    expect(result).toContain(`<meta charSet="utf-8"/>${template}<link rel="icon"`);
    // No modulepreload outside the template, where it would load before the first paint.
    expect(result.replace(template, "")).not.toContain(`rel="modulepreload"`);
    expect(result).toContain(`<script type="module" async="">${renderDeferredBootstrap(HOME_BOOTSTRAP)}</script>`);
    expect(result).not.toContain(BOOTSTRAP);
    // The other inline scripts are untouched, so the CSP hashes only the bootstrap anew.
    const [context, , stream] = inlineScriptHashes(html);
    const after = inlineScriptHashes(result);
    expect(after).toHaveLength(3);
    expect([after[0], after[2]]).toEqual([context, stream]);
    expect(result.replace(template, links).replace(renderDeferredBootstrap(HOME_BOOTSTRAP), BOOTSTRAP)).toBe(html);
  });

  it("fails loudly, naming the page, when the bootstrap is missing, doubled or reshaped", () => {
    const withoutBootstrap = page().replace(/<script type="module"[\s\S]*?<\/script>/, "");
    expect(() => deferHydration(withoutBootstrap, "mission/index.html")).toThrow(
      /mission\/index\.html: expected React Router's one inline module bootstrap, found 0/,
    );
    const doubled = page().replace("</body>", `<script type="module">import "/assets/x.js";</script></body>`);
    expect(() => deferHydration(doubled, "index.html")).toThrow(/found 2 module scripts/);
    const reshaped = page({ bootstrap: BOOTSTRAP.replace("import(", "await import(") });
    expect(() => deferHydration(reshaped, "index.html")).toThrow(/bootstrap changed shape/);
    const notAsync = page().replace('type="module" async=""', 'type="module"');
    expect(() => deferHydration(notAsync, "index.html")).toThrow(/unexpected bootstrap attributes/);
  });

  it("fails on modulepreload markup it does not know", () => {
    const html = page().replace(preload(SHARED), `<link rel="modulepreload" href="${SHARED}" crossorigin=""/>`);
    expect(() => deferHydration(html, "index.html")).toThrow(/unexpected modulepreload markup/);
  });

  it("fails on a page without modulepreloads", () => {
    expect(() => deferHydration(page({ preloads: [] }), "index.html")).toThrow(/no modulepreload links/);
  });

  it("fails when the bootstrap imports a chunk that is not preloaded", () => {
    const html = page({ preloads: [MANIFEST, ENTRY, SHARED, ROOT] });
    expect(() => deferHydration(html, "index.html")).toThrow(/no modulepreload: \/assets\/home-Dmwal9qt\.js/);
  });
});

describe("deferHydrationInDirectory", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("rewrites every page under the folder in place", () => {
    root = mkdtempSync(join(tmpdir(), "defer-hydration-"));
    mkdirSync(join(root, "mission"));
    writeFileSync(join(root, "index.html"), page());
    writeFileSync(join(root, "mission", "index.html"), page());
    writeFileSync(join(root, "robots.txt"), "User-agent: *");
    expect(deferHydrationInDirectory(root)).toBe(2);
    for (const file of ["index.html", "mission/index.html"]) {
      expect(readFileSync(join(root, file), "utf8")).toBe(deferHydration(page(), file));
    }
    expect(readFileSync(join(root, "robots.txt"), "utf8")).toBe("User-agent: *");
  });

  it("fails on a folder with no page, and on a page it cannot rewrite", () => {
    root = mkdtempSync(join(tmpdir(), "defer-hydration-"));
    expect(() => deferHydrationInDirectory(root)).toThrow(/no prerendered pages/);
    writeFileSync(join(root, "index.html"), "<!DOCTYPE html><html><body><h1>Static</h1></body></html>");
    expect(() => deferHydrationInDirectory(root)).toThrow(/index\.html: expected React Router's one inline module/);
  });
});
