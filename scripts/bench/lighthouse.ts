// Lighthouse on every route of the production build, mobile and desktop presets, both
// throttling methods: `simulate` (Lighthouse's default: an unthrottled load, then a
// model of a slow phone) and `devtools` (the browser really throttled while it loads).
// N runs each (budgets.json); the simulate medians are compared with the committed
// budgets, the devtools figures are printed beside them.
//
//   BUILD_DIR=build-x npm run bench:lighthouse [-- --runs 1 --preset mobile --route /mission --throttling devtools]
//
// It serves BUILD_DIR/client with server/serve.ts on a free loopback port and drives
// Debian's Chromium (headless, with the machine's launch flags) through chrome-launcher.
// Full JSON and HTML reports go to .reports/lighthouse/ (git-ignored), emptied first so it
// holds this run's reports only, however filtered (--route, --preset). Scores are
// sensitive to machine load: run it on a quiet machine before trusting a miss.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Result, type RunnerResult } from "lighthouse";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
import { CHROMIUM_ARGS } from "../../tests/support/e2e-env";
import { CHROMIUM_PATH } from "../checks/ensure-chromium";
import { loadBudgets, type LighthouseBudget } from "../checks/budgets";
import { freePort } from "../lib/free-port";
import { textTable } from "../lib/text-table";
import { clientDirOf } from "#shared/build-dir.ts";

export type Preset = "mobile" | "desktop";
export type Throttling = "simulate" | "devtools";
export const THROTTLING_METHODS: readonly Throttling[] = ["simulate", "devtools"];

export interface RunMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  /** Lighthouse's measure of this machine's speed when it ran (higher is faster): compare runs only alongside it. */
  benchmarkIndex: number;
}

const PRESET_CONFIG: Record<Preset, Config | undefined> = {
  // Lighthouse's default configuration is the mobile preset (Moto G Power, slow 4G, simulated).
  mobile: undefined,
  desktop: desktopConfig,
};
const REPORT_DIR = resolve(".reports/lighthouse");
const SERVER_READY_TIMEOUT_MS = 20_000;
const SERVER_POLL_MS = 100;

/**
 * The routes to measure: every indexable page of the route table, and the request page's
 * employer mode right after the request page (`?type=employer`, the link of every Employers
 * call to action, which the server answers with its own HTML). The 404 page and the
 * no-JavaScript confirmation pages are left out on purpose: they are `noindex` (and the
 * 404 answers HTTP 404), which Lighthouse's SEO category scores as failures by design
 * (axe and html-validate cover them instead).
 */
export const BENCH_ROUTES: readonly string[] = Object.values(ROUTES)
  .filter((page) => page.indexable)
  .flatMap((page) => (page === ROUTES.requestInvitation ? [page.path, requestPagePath("employer")] : [page.path]));

const categoryScore = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const auditValue = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

export function metricsOf(lhr: Result): RunMetrics {
  const summary = lhr.audits["resource-summary"]?.details;
  const items =
    summary && "items" in summary ? (summary.items as { resourceType?: string; transferSize?: number }[]) : [];
  return {
    performance: categoryScore(lhr, "performance"),
    accessibility: categoryScore(lhr, "accessibility"),
    bestPractices: categoryScore(lhr, "best-practices"),
    seo: categoryScore(lhr, "seo"),
    fcpMs: auditValue(lhr, "first-contentful-paint"),
    lcpMs: auditValue(lhr, "largest-contentful-paint"),
    tbtMs: auditValue(lhr, "total-blocking-time"),
    cls: auditValue(lhr, "cumulative-layout-shift"),
    jsBytes: items.find((item) => item.resourceType === "script")?.transferSize ?? 0,
    totalBytes: auditValue(lhr, "total-byte-weight"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs, taken separately. */
export function medianMetrics(runs: readonly RunMetrics[]): RunMetrics {
  const keys = Object.keys(runs[0] ?? {}) as (keyof RunMetrics)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as RunMetrics;
}

/** One message per figure that misses its budget. */
export function budgetMisses(route: string, preset: Preset, metrics: RunMetrics, budget: LighthouseBudget): string[] {
  const misses: string[] = [];
  const atLeast: [string, keyof RunMetrics, number][] = [
    ["performance", "performance", budget.performance],
    ["accessibility", "accessibility", budget.accessibility],
    ["best practices", "bestPractices", budget.bestPractices],
    ["SEO", "seo", budget.seo],
  ];
  for (const [label, key, minimum] of atLeast) {
    if (metrics[key] < minimum) misses.push(`${route} ${preset}: ${label} ${metrics[key]} < ${minimum}`);
  }
  const atMost: [string, keyof RunMetrics, number | undefined, (value: number) => string][] = [
    ["LCP", "lcpMs", budget.lcpMs, (value) => `${Math.round(value)} ms`],
    ["TBT", "tbtMs", budget.tbtMs, (value) => `${Math.round(value)} ms`],
    ["CLS", "cls", budget.cls, (value) => value.toFixed(3)],
  ];
  for (const [label, key, maximum, show] of atMost) {
    if (maximum === undefined) continue;
    // NaN (an audit that did not run) is a miss, not a pass.
    if (!(metrics[key] <= maximum))
      misses.push(`${route} ${preset}: ${label} ${show(metrics[key])} > ${show(maximum)}`);
  }
  return misses;
}

export interface BenchRow {
  route: string;
  preset: Preset;
  throttling: Throttling;
  metrics: RunMetrics;
}

export function formatBenchTable(rows: readonly BenchRow[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const header = [
    "route",
    "preset",
    "throttling",
    "perf",
    "a11y",
    "best pr.",
    "SEO",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
    "JS bytes",
    "total bytes",
    "benchmarkIndex",
  ];
  const body = rows.map(({ route, preset, throttling, metrics: m }) => [
    route,
    preset,
    throttling,
    String(m.performance),
    String(m.accessibility),
    String(m.bestPractices),
    String(m.seo),
    ms(m.fcpMs),
    ms(m.lcpMs),
    ms(m.tbtMs),
    m.cls.toFixed(3),
    kb(m.jsBytes),
    kb(m.totalBytes),
    String(Math.round(m.benchmarkIndex)),
  ]);
  return textTable(header, body, 3);
}

const slug = (route: string) => (route === "/" ? "home" : route.replace(/^\//, "").replace(/[^\w-]+/g, "_"));

/**
 * The Node a checkout runs on: its own (node_modules/.bin/node, which a checkout of this project
 * brings, docs/decisions/0012-node-runtime-from-the-registry.md), else the machine's (an older
 * checkout's native modules are built for it).
 */
function nodeOf(checkout: string): string {
  const own = join(resolve(checkout), "node_modules", ".bin", "node");
  if (existsSync(own)) return own;
  const machine = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((folder) => !folder.includes("node_modules"))
    .map((folder) => join(folder, "node"))
    .find((path) => existsSync(path));
  return machine ?? process.execPath;
}

/**
 * Serves a build's client folder with server/serve.ts (of `checkout`, by default this one) on a free loopback port, with a
 * request store of its own in a temporary folder: never the repository's data/, which a
 * running `npm start` holds. `stop()` ends the server and removes that folder.
 */
export async function startServer(dir: string, checkout = "."): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-site-"));
  const child = spawn(nodeOf(checkout), ["--import", "tsx", "server/serve.ts", "--port", String(port), "--dir", dir], {
    cwd: checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Also when the bench dies first (a browser that fails to start throws from an event).
  process.once("exit", stop);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`server/serve.ts exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, SERVER_POLL_MS));
  }
  stop();
  throw new Error(`server/serve.ts did not answer on ${origin} within ${SERVER_READY_TIMEOUT_MS} ms`);
}

/** `--runs`: a whole number of at least 1, else `fallback` when not given. */
export function runsOption(given: string | undefined, fallback: number): number {
  if (given === undefined) return fallback;
  const runs = Number(given);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not "${given}"`);
  return runs;
}

/** `--preset`s given, each one Lighthouse has, else `fallback`. */
export function presetsOption(given: string[] | undefined, fallback: readonly Preset[]): Preset[] {
  for (const preset of given ?? []) if (!(preset in PRESET_CONFIG)) throw new Error(`unknown preset "${preset}"`);
  return [...((given as Preset[] | undefined) ?? fallback)];
}

/** `--throttling` methods given, each one of THROTTLING_METHODS, else `fallback`. */
export function throttlingsOption(given: string[] | undefined, fallback: readonly Throttling[]): Throttling[] {
  for (const method of given ?? []) {
    if (!THROTTLING_METHODS.includes(method as Throttling)) throw new Error(`unknown throttling "${method}"`);
  }
  return [...((given as Throttling[] | undefined) ?? fallback)];
}

async function main(): Promise<void> {
  const budgets = loadBudgets().lighthouse;
  const { values } = parseArgs({
    options: {
      runs: { type: "string" },
      preset: { type: "string", multiple: true },
      route: { type: "string", multiple: true },
      throttling: { type: "string", multiple: true },
    },
  });
  const runs = runsOption(values.runs, budgets.runs);
  const presets = presetsOption(values.preset, ["mobile", "desktop"]);
  const routes = values.route ?? BENCH_ROUTES;
  const methods = throttlingsOption(values.throttling, THROTTLING_METHODS);
  const dir = resolve(clientDirOf(process.env));

  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
  const server = await startServer(dir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const rows: BenchRow[] = [];
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    });
    for (const route of routes) {
      for (const preset of presets) {
        for (const throttling of methods) {
          const results: RunMetrics[] = [];
          for (let run = 1; run <= runs; run++) {
            const result: RunnerResult | undefined = await lighthouse(
              `${server.origin}${route}`,
              { port: chrome.port, output: ["json", "html"], logLevel: "error", throttlingMethod: throttling },
              PRESET_CONFIG[preset],
            );
            if (!result) throw new Error(`Lighthouse returned no result for ${route} (${preset})`);
            if (result.lhr.runtimeError) {
              throw new Error(`Lighthouse failed on ${route} (${preset}): ${result.lhr.runtimeError.message}`);
            }
            const [json, html] = result.report as string[];
            const base = resolve(REPORT_DIR, `${slug(route)}-${preset}-${throttling}-run${run}`);
            writeFileSync(`${base}.report.json`, json!);
            writeFileSync(`${base}.report.html`, html!);
            const metrics = metricsOf(result.lhr);
            results.push(metrics);
            console.error(
              `  ${route} ${preset} ${throttling} run ${run}/${runs}: performance ${metrics.performance}, LCP ${Math.round(metrics.lcpMs)} ms`,
            );
          }
          rows.push({ route, preset, throttling, metrics: medianMetrics(results) });
        }
      }
    }
  } finally {
    chrome?.kill();
    server.stop();
  }

  // The budgets hold Lighthouse's default (simulate); devtools figures are shown beside them.
  const misses = rows
    .filter((row) => row.throttling === "simulate")
    .flatMap((row) => budgetMisses(row.route, row.preset, row.metrics, budgets[row.preset]));
  writeFileSync(resolve(REPORT_DIR, "summary.json"), `${JSON.stringify({ runs, rows, misses }, null, 2)}\n`);
  console.log(`\nLighthouse ${runs === 1 ? "(1 run)" : `medians of ${runs} runs`}, ${dir}:\n`);
  console.log(formatBenchTable(rows));
  console.log(`\nFull reports: ${REPORT_DIR}/`);
  if (misses.length > 0) {
    console.error(`\n✗ ${misses.length} Lighthouse budget miss(es) (budgets.json):`);
    for (const miss of misses) console.error(`  ${miss}`);
    process.exit(1);
  }
  console.log("\n✓ Every route is within the Lighthouse budgets (budgets.json).");
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
