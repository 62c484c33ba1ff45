// Two builds side by side under Lighthouse, in one sitting: the same routes, alternated run by
// run (before, after, before, after...), so both meet the same machine load. Each build is
// served by its own checkout's server. Prints each side's medians and Lighthouse's
// benchmarkIndex (this machine's speed as Lighthouse saw it during the runs): a comparison
// means something only between runs taken together like this.
//
//   npm run bench:compare -- --before ../old-checkout [--after .] [--runs 4]
//     [--route /request-invitation --route "/request-invitation?type=employer"]
//     [--preset mobile] [--throttling devtools] [--cpu-slowdown 4 | --device-index 275]
//   npm run bench:request-page [-- --before-commit 2274056 --runs 5]
//
// --cpu-slowdown sets the phone's CPU as a multiple of this machine's (Lighthouse's mobile preset
// uses 4): on a fast, quiet machine (benchmarkIndex above 3,000) a higher one makes the main-thread
// differences a slower machine shows (benchmarkIndex 1,100 to 1,700 at 4x) visible again.
// --device-index sets it from this machine's benchmarkIndex instead, measured (as Lighthouse does) just
// before each run: the slowdown is benchmarkIndex / device index, so the figures mean the same phone on
// any machine and under a neighbour's load (275: a low-tier phone, Lighthouse's 4x on a machine of 1,100).
//
// Each checkout's build is BUILD_DIR (default build/) under it; build both first. --before-commit
// makes the before side itself: a git worktree of that commit under .reports/bench-checkouts/
// (its node_modules linked to this checkout's when their package-lock.json is the same, else
// installed), built once. It also prints both builds' HTML and first-load JavaScript of each
// route (gzip -9, as npm run check:budgets counts them).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import puppeteer from "puppeteer-core";
import { throttling as throttlingPresets } from "lighthouse/core/config/constants.js";
import { EMPLOYER_REQUEST_PAGE_PATH, requestPagePath } from "#shared/routes.ts";
import { CHROMIUM_ARGS } from "../../tests/support/e2e-env";
import { CHROMIUM_PATH } from "../checks/ensure-chromium";
import {
  formatBenchTable,
  median,
  medianMetrics,
  metricsOf,
  presetsOption,
  runsOption,
  startServer,
  throttlingsOption,
  type BenchRow,
  type Preset,
  type RunMetrics,
  type Throttling,
} from "./lighthouse";
import { buildDirOf } from "#shared/build-dir.ts";
import { measurePage, type AssetReader } from "../checks/check-budgets";
import { loadBudgets } from "../checks/budgets";
import { textTable } from "../lib/text-table";

/**
 * This machine's benchmarkIndex now, as Lighthouse computes it (its own page function, in a blank tab of the
 * browser Lighthouse drives).
 */
async function benchmarkIndexNow(port: number): Promise<number> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // The median of a few: one sample on a shared machine can land on a neighbour's burst.
    const samples: number[] = [];
    for (let sample = 0; sample < INDEX_SAMPLES; sample++) {
      samples.push((await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number);
    }
    await page.close();
    return median(samples);
  } finally {
    await browser.disconnect();
  }
}

/** Samples of the benchmarkIndex before each run. */
const INDEX_SAMPLES = 3;

/** The CPU slowdown that makes a machine of `benchmarkIndex` a device of `deviceIndex` (at least 1, one decimal). */
export function slowdownFor(benchmarkIndex: number, deviceIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / deviceIndex) * 10) / 10);
}

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

/**
 * A checkout of `commit` built beside this one (.reports/bench-checkouts/<sha>): a git worktree, its node_modules
 * this checkout's when the lockfiles match (else installed), built when it has no build yet.
 */
function checkoutOf(commit: string, build: string): string {
  const sha = git("rev-parse", "--verify", `${commit}^{commit}`);
  const dir = resolve(".reports/bench-checkouts", sha.slice(0, 12));
  if (!existsSync(dir)) {
    mkdirSync(resolve(".reports/bench-checkouts"), { recursive: true });
    git("worktree", "add", "--detach", dir, sha);
  }
  if (!existsSync(join(dir, "node_modules"))) {
    const same = readFileSync("package-lock.json", "utf8") === readFileSync(join(dir, "package-lock.json"), "utf8");
    if (same) symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
    else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  }
  if (!existsSync(join(dir, build, "client"))) {
    console.error(`Building ${sha.slice(0, 12)} in ${dir}...`);
    execFileSync("npm", ["run", "build"], { cwd: dir, stdio: "inherit", env: { ...process.env, BUILD_DIR: build } });
  }
  return dir;
}

/** The commit to compare with when none is given: where this branch left main (HEAD itself on main). */
function defaultBeforeCommit(): string {
  try {
    return git("merge-base", "HEAD", "main");
  } catch {
    return "HEAD";
  }
}

/** A route's HTML file in a build's client folder (`/request-invitation?type=employer` is the employer's own). */
function htmlFileOf(client: string, route: string): string {
  const path = route === requestPagePath("employer") ? EMPLOYER_REQUEST_PAGE_PATH : route.split("?")[0]!;
  return join(client, path, "index.html");
}

/** A route's HTML and first-load JavaScript in a build, gzip -9 (scripts/checks/check-budgets.ts). */
function buildBytes(client: string, route: string): { htmlBytes: number; jsBytes: number } {
  const read: AssetReader = (sitePath) => {
    const file = resolve(client, `.${sitePath}`);
    return file.startsWith(client + sep) && existsSync(file) && statSync(file).isFile()
      ? readFileSync(file)
      : undefined;
  };
  const figures = measurePage(
    route,
    readFileSync(htmlFileOf(client, route), "utf8"),
    read,
    loadBudgets().bytes.excludedHosts,
  );
  return { htmlBytes: figures.htmlBytes, jsBytes: figures.jsBytes };
}

const DEFAULT_ROUTES = [requestPagePath("candidate"), requestPagePath("employer")];

async function main(): Promise<void> {
  // An unknown option (a typo such as --run) or one without its value stops here.
  const { values } = parseArgs({
    options: {
      before: { type: "string" },
      "before-commit": { type: "string" },
      "device-index": { type: "string" },
      after: { type: "string", default: "." },
      runs: { type: "string" },
      route: { type: "string", multiple: true },
      preset: { type: "string" },
      throttling: { type: "string" },
      "cpu-slowdown": { type: "string" },
    },
  });
  const build = buildDirOf(process.env);
  const before = values.before ?? checkoutOf(values["before-commit"] ?? defaultBeforeCommit(), build);
  const sides = { before: resolve(before), after: resolve(values.after) };
  const runs = runsOption(values.runs, 4);
  const routes = values.route ?? DEFAULT_ROUTES;
  const [preset] = presetsOption(values.preset === undefined ? undefined : [values.preset], ["mobile"]) as [Preset];
  const [throttling] = throttlingsOption(values.throttling === undefined ? undefined : [values.throttling], [
    "devtools",
  ]) as [Throttling];
  const cpuSlowdown = values["cpu-slowdown"];
  if (cpuSlowdown !== undefined && !(Number(cpuSlowdown) >= 1))
    throw new Error(`--cpu-slowdown must be a number of at least 1, not "${cpuSlowdown}"`);
  const deviceIndex = values["device-index"];
  if (deviceIndex !== undefined && !(Number(deviceIndex) > 0))
    throw new Error(`--device-index must be a positive number, not "${deviceIndex}"`);
  if (deviceIndex !== undefined && cpuSlowdown !== undefined)
    throw new Error("--cpu-slowdown and --device-index each set the slowdown: give one");
  const flagsAt = (slowdown: string | undefined): Flags => ({
    logLevel: "error",
    output: "json",
    throttlingMethod: throttling,
    ...(slowdown ? { throttling: { ...throttlingPresets.mobileSlow4G, cpuSlowdownMultiplier: Number(slowdown) } } : {}),
  });

  const servers = {
    before: await startServer(resolve(sides.before, build, "client"), sides.before),
    after: await startServer(resolve(sides.after, build, "client"), sides.after),
  };
  const results = new Map<string, RunMetrics[]>();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  // Ended by a signal: the browser and the servers end too (the exit handlers run).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  process.once("exit", () => chrome.kill());
  const slowdowns: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        for (const side of ["before", "after"] as const) {
          // With --device-index, the slowdown of each run from this machine's benchmarkIndex just before it, as a
          // neighbour's load leaves it: every run is then the same device.
          let slowdown = cpuSlowdown;
          if (deviceIndex !== undefined) {
            const index = await benchmarkIndexNow(chrome.port);
            slowdown = String(slowdownFor(index, Number(deviceIndex)));
            slowdowns.push(Number(slowdown));
            console.error(`  benchmarkIndex ${Math.round(index)}: CPU slowed ${slowdown}x`);
          }
          const result = await lighthouse(
            `${servers[side].origin}${route}`,
            { ...flagsAt(slowdown), port: chrome.port },
            preset === "desktop" ? desktopConfig : undefined,
          );
          if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${side} ${route}`);
          const metrics = metricsOf(result.lhr);
          const key = `${route}\u0000${side}`;
          results.set(key, [...(results.get(key) ?? []), metrics]);
          console.error(
            `  run ${run}/${runs} ${side} ${route}: TBT ${Math.round(metrics.tbtMs)} ms, LCP ${Math.round(metrics.lcpMs)} ms, benchmarkIndex ${Math.round(metrics.benchmarkIndex)}`,
          );
        }
      }
    }
  } finally {
    chrome.kill();
    servers.before.stop();
    servers.after.stop();
  }
  const rows: BenchRow[] = routes.flatMap((route) =>
    (["before", "after"] as const).map((side) => ({
      route: `${route} (${side})`,
      preset,
      throttling,
      metrics: medianMetrics(results.get(`${route}\u0000${side}`)!),
    })),
  );
  const cpu =
    deviceIndex !== undefined
      ? `, CPU slowed ${Math.min(...slowdowns)}-${Math.max(...slowdowns)}x for a device of benchmarkIndex ${deviceIndex}`
      : cpuSlowdown
        ? `, CPU slowed ${cpuSlowdown}x`
        : "";
  console.log(`\nLighthouse medians of ${runs} alternated runs${cpu}; before ${sides.before}, after ${sides.after}:\n`);
  console.log(formatBenchTable(rows));
  console.log(`\nSide by side (medians, with each side's runs), and each build's bytes (gzip -9):\n`);
  console.log(
    formatSideBySide(routes, results, {
      before: resolve(sides.before, build, "client"),
      after: resolve(sides.after, build, "client"),
    }),
  );
}

/** Per route: TBT, LCP and FCP before and after with every run's figure, and the HTML and first-load JS of each build. */
function formatSideBySide(
  routes: readonly string[],
  results: ReadonlyMap<string, RunMetrics[]>,
  clients: Record<"before" | "after", string>,
): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  // A run without the figure (Lighthouse found no quiet window for TTI, so no TBT) is shown, and left out of the median.
  const figure = (runs: RunMetrics[], key: keyof RunMetrics) => {
    const values = runs.map((run) => run[key]).filter((value) => Number.isFinite(value));
    const shown = runs.map((run) => (Number.isFinite(run[key]) ? String(Math.round(run[key])) : "n/a")).join(", ");
    return `${values.length > 0 ? Math.round(median(values)) : "n/a"} (${shown})`;
  };
  const body = routes.flatMap((route) =>
    (["before", "after"] as const).map((side) => {
      const runs = results.get(`${route}\u0000${side}`)!;
      const bytes = buildBytes(clients[side], route);
      return [
        route,
        side,
        figure(runs, "tbtMs"),
        figure(runs, "lcpMs"),
        figure(runs, "fcpMs"),
        kb(bytes.htmlBytes),
        kb(bytes.jsBytes),
        figure(runs, "benchmarkIndex"),
      ];
    }),
  );
  return textTable(
    ["route", "side", "TBT ms", "LCP ms", "FCP ms", "HTML gzip", "first-load JS gzip", "benchmarkIndex"],
    body,
    3,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
