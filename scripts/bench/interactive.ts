// Paint to interactive, per route, on a throttled phone: how long a visitor looks at a
// control that does not answer yet.
//
//   BUILD_DIR=build-x npm run bench:interactive [-- --runs 3 --route /mission]
//
// Playwright drives Debian's Chromium with real throttling through the DevTools protocol
// (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4x CPU slowdown: Lighthouse's mobile
// figures, applied to the browser rather than simulated). For each route it records,
// from navigation start: the first contentful paint, the first script request, and the
// moment the page's interactive parts are ready. "Ready" is read from the DOM only, never
// from a framework's internals: every Astro island has lost its `ssr` attribute (Astro
// removes it once the island has hydrated) or waits for a touch to hydrate (`client:touch`,
// whose HTML answers by itself until then: docs/decisions/0029-request-page-hydrates-when-touched.md),
// and the page's module scripts have run (DOMContentLoaded).
// The window is ready minus FCP: the time a visible control may not answer.
import { type Browser, chromium, type Page } from "@playwright/test";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS } from "../../tests/support/e2e-env";
import { CHROMIUM_PATH } from "../checks/ensure-chromium";
import { BENCH_ROUTES, median, runsOption, startServer } from "./lighthouse";
import { textTable } from "../lib/text-table";
import { ROUTES } from "#shared/routes.ts";
import { clientDirOf } from "#shared/build-dir.ts";

export const THROTTLING = {
  rttMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
  cpuSlowdown: 4,
} as const;

export interface InteractiveRun {
  fcpMs: number;
  firstScriptMs: number | null;
  readyMs: number;
}

/**
 * Installed before any page script: notes when the page's interactive parts are ready.
 * A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
const WATCH_READINESS = `(() => {
  let domReady = false;
  const check = () => {
    if (window.__probeReadyAt !== undefined) return;
    if (domReady && document.querySelector("astro-island[ssr]:not([data-awaiting-touch])") === null) window.__probeReadyAt = performance.now();
  };
  document.addEventListener("DOMContentLoaded", () => { domReady = true; check(); });
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, childList: true });
})();`;

export interface PageThrottling {
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
  cpuSlowdown: number;
}

/** Throttles the page's network and CPU through the DevTools protocol, with the HTTP cache off. */
export async function throttlePage(page: Page, throttling: PageThrottling): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: throttling.downloadBitsPerSecond / 8,
    uploadThroughput: throttling.uploadBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttling.cpuSlowdown });
}

async function measure(page: Page, url: string): Promise<InteractiveRun> {
  await throttlePage(page, { ...THROTTLING, latencyMs: THROTTLING.rttMs });
  await page.addInitScript(WATCH_READINESS);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(
    () => (window as unknown as { __probeReadyAt?: number }).__probeReadyAt !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"))
      .map((entry) => entry.startTime);
    return {
      fcpMs: fcp,
      firstScriptMs: scripts.length ? Math.min(...scripts) : null,
      readyMs: (window as unknown as { __probeReadyAt: number }).__probeReadyAt,
    };
  });
}

export function formatInteractiveTable(rows: readonly { route: string; run: InteractiveRun }[]): string {
  const ms = (value: number | null) => (value === null ? "none" : `${Math.round(value)} ms`);
  const header = ["route", "FCP", "first script request", "islands hydrated", "window"];
  const body = rows.map(({ route, run }) => [
    route,
    ms(run.fcpMs),
    ms(run.firstScriptMs),
    ms(run.readyMs),
    ms(Math.max(0, run.readyMs - run.fcpMs)),
  ]);
  return textTable(header, body);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string" }, route: { type: "string", multiple: true } } });
  const runs = runsOption(values.runs, 3);
  const routes = values.route ?? [...BENCH_ROUTES, "/no-such-page"];
  const dir = resolve(clientDirOf(process.env));
  const server = await startServer(dir);
  let browser: Browser | undefined;
  const rows: { route: string; run: InteractiveRun }[] = [];
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    for (const route of routes) {
      const results: InteractiveRun[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        // The 404 page logs the unknown path by design.
        const result = await measure(page, `${server.origin}${route}`);
        results.push(result);
        await context.close();
        // Each run, so the spread (min-max) can be read beside the medians.
        console.log(
          `  ${route} run ${run + 1}/${runs}: FCP ${Math.round(result.fcpMs)} ms, hydrated ${Math.round(result.readyMs)} ms, window ${Math.round(result.readyMs - result.fcpMs)} ms`,
        );
      }
      const firstScripts = results.map((result) => result.firstScriptMs).filter((value) => value !== null);
      rows.push({
        route: route === "/no-such-page" ? `${ROUTES.notFound.path} (unknown path)` : route,
        run: {
          fcpMs: median(results.map((result) => result.fcpMs)),
          firstScriptMs: firstScripts.length ? median(firstScripts) : null,
          readyMs: median(results.map((result) => result.readyMs)),
        },
      });
    }
  } finally {
    await browser?.close();
    server.stop();
  }
  console.log(
    `\nPaint to interactive, medians of ${runs} runs, ${dir}` +
      ` (${THROTTLING.rttMs} ms RTT, ${THROTTLING.downloadBitsPerSecond / 1024 / 1024} Mbit/s, ${THROTTLING.cpuSlowdown}x CPU):\n`,
  );
  console.log(formatInteractiveTable(rows));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
