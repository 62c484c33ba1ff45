// Where a throttled phone's main thread goes while a route loads: the long tasks after the
// first paint (what Lighthouse's TBT adds up), the largest module evaluation (the island's
// framework), and the time spent in the document's own parsing, style, layout and paint.
//
//   BUILD_DIR=build-x npx tsx scripts/bench/main-thread.ts [--runs 3 --route /request-invitation]
//
// Throttling is Lighthouse's mobile devtools setting, applied to Chromium through the
// DevTools protocol: 150 ms RTT x 3.75 = 562.5 ms request latency, 1.6 Mbit/s x 0.9 down,
// 4x CPU, a 412 x 823 viewport at DPR 1.75. The figures explain a Lighthouse run, they
// are not a budget: decision 10 records what they showed.
import { chromium } from "@playwright/test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS } from "../../tests/support/e2e-env";
import { CHROMIUM_PATH } from "../checks/ensure-chromium";
import { median, runsOption, startServer } from "./lighthouse";
import { throttlePage, type PageThrottling } from "./interactive";
import { textTable } from "../lib/text-table";
import { clientDirOf } from "#shared/build-dir.ts";

const LIGHTHOUSE_MOBILE_DEVTOOLS: PageThrottling = {
  latencyMs: 150 * 3.75,
  downloadBitsPerSecond: 1.6 * 1024 * 1024 * 0.9,
  uploadBitsPerSecond: 750 * 1024 * 0.9,
  cpuSlowdown: 4,
};

/** Lighthouse counts the part of each task over 50 ms as blocking. */
const LONG_TASK_MS = 50;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string } };
}

export interface MainThreadSummary {
  fcpMs: number;
  lcpMs: number;
  /** Durations of the tasks over 50 ms that start after the first paint, longest first. */
  longTasksAfterFcpMs: number[];
  /** The sum of their parts over 50 ms: Lighthouse's TBT, without its TTI cut-off. */
  blockingMs: number;
  /** The longest module evaluation: on the request page, react-dom's client. */
  longestModuleMs: number;
  layoutMs: number;
  styleMs: number;
  parseHtmlMs: number;
  paintMs: number;
}

/** Summarises a Chromium trace of one navigation (times in ms from navigation start). */
export function summariseTrace(events: readonly TraceEvent[]): MainThreadSummary {
  const navigation = events.find(
    (event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL?.startsWith("http"),
  );
  if (!navigation) throw new Error("the trace holds no navigation to an http(s) page");
  const { pid, tid, ts: start } = navigation;
  const ms = (micros: number) => micros / 1000;
  const onMain = events.filter(
    (event) => event.pid === pid && event.tid === tid && event.ph === "X" && event.ts >= start,
  );
  const mark = (name: string) => events.filter((event) => event.pid === pid && event.name === name);
  const fcp = mark("firstContentfulPaint")[0]?.ts;
  if (fcp === undefined) throw new Error("the trace holds no first contentful paint");
  const lcp = mark("largestContentfulPaint::Candidate").at(-1)?.ts ?? fcp;
  const total = (name: string) =>
    ms(onMain.filter((event) => event.name === name).reduce((sum, e) => sum + (e.dur ?? 0), 0));
  const longTasks = onMain
    .filter((event) => event.name === "RunTask" && event.ts >= fcp && ms(event.dur ?? 0) > LONG_TASK_MS)
    .map((event) => ms(event.dur ?? 0))
    .sort((a, b) => b - a);
  return {
    fcpMs: ms(fcp - start),
    lcpMs: ms(lcp - start),
    longTasksAfterFcpMs: longTasks,
    blockingMs: longTasks.reduce((sum, duration) => sum + duration - LONG_TASK_MS, 0),
    longestModuleMs: Math.max(0, ...onMain.filter((e) => e.name === "v8.evaluateModule").map((e) => ms(e.dur ?? 0))),
    layoutMs: total("Layout"),
    styleMs: total("UpdateLayoutTree"),
    parseHtmlMs: total("ParseHTML"),
    paintMs: total("Paint"),
  };
}

async function traceLoad(url: string, tracePath: string): Promise<MainThreadSummary> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await throttlePage(page, LIGHTHOUSE_MOBILE_DEVTOOLS);
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "loading",
        "blink.user_timing",
      ],
    });
    await page.goto(url, { waitUntil: "load" });
    // Long enough for the island's scripts to arrive and hydrate on the throttled phone.
    await page.waitForTimeout(4000);
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(readFileSync(tracePath, "utf8")) as { traceEvents: TraceEvent[] };
    return summariseTrace(traceEvents);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string" }, route: { type: "string", multiple: true } } });
  const runs = runsOption(values.runs, 3);
  const routes = values.route ?? ["/request-invitation"];
  const dir = resolve(clientDirOf(process.env));
  const server = await startServer(dir);
  const scratch = mkdtempSync(join(tmpdir(), "main-thread-"));
  const rows: string[][] = [];
  const round = (value: number) => String(Math.round(value));
  try {
    for (const route of routes) {
      const results: MainThreadSummary[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await traceLoad(`${server.origin}${route}`, join(scratch, `trace-${run}.json`));
        results.push(result);
        console.log(
          `  ${route} run ${run}/${runs}: FCP ${round(result.fcpMs)} ms, LCP ${round(result.lcpMs)} ms, ` +
            `long tasks after FCP ${result.longTasksAfterFcpMs.map(round).join("/") || "none"} ms, ` +
            `longest module evaluation ${round(result.longestModuleMs)} ms`,
        );
      }
      const med = (pick: (summary: MainThreadSummary) => number) => round(median(results.map(pick)));
      rows.push([
        route,
        med((r) => r.fcpMs),
        med((r) => r.lcpMs),
        med((r) => r.blockingMs),
        med((r) => r.longestModuleMs),
        med((r) => r.parseHtmlMs),
        med((r) => r.styleMs),
        med((r) => r.layoutMs),
        med((r) => r.paintMs),
      ]);
    }
  } finally {
    server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(
    `\nMain thread on Lighthouse's throttled phone (devtools settings), medians of ${runs} runs, ms, ${dir}:\n`,
  );
  console.log(
    textTable(
      ["route", "FCP", "LCP", "blocking after FCP", "longest module", "parse HTML", "style", "layout", "paint"],
      rows,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
