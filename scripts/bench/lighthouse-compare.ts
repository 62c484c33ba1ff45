// Two builds side by side under Lighthouse, in one sitting: the same routes, alternated run by
// run (before, after, before, after...), so both meet the same machine load. Each build is
// served by its own checkout's server. Prints each side's medians and Lighthouse's
// benchmarkIndex (this machine's speed as Lighthouse saw it during the runs): a comparison
// means something only between runs taken together like this.
//
//   npm run bench:compare -- --before ../old-checkout [--after .] [--runs 4]
//     [--route /request-invitation --route "/request-invitation?type=employer"]
//     [--preset mobile] [--throttling devtools] [--cpu-slowdown 4]
//
// --cpu-slowdown sets the phone's CPU as a multiple of this machine's (Lighthouse's mobile preset
// uses 4): on a fast, quiet machine (benchmarkIndex above 3,000) a higher one makes the main-thread
// differences a slower machine shows (benchmarkIndex 1,100 to 1,700 at 4x) visible again.
//
// Each checkout's build is BUILD_DIR (default build/) under it; build both first.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { throttling as throttlingPresets } from "lighthouse/core/config/constants.js";
import { requestPagePath } from "#shared/routes.ts";
import { CHROMIUM_ARGS } from "../../tests/support/e2e-env";
import { CHROMIUM_PATH } from "../checks/ensure-chromium";
import {
  formatBenchTable,
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

const DEFAULT_ROUTES = [requestPagePath("candidate"), requestPagePath("employer")];

async function main(): Promise<void> {
  // An unknown option (a typo such as --run) or one without its value stops here.
  const { values } = parseArgs({
    options: {
      before: { type: "string" },
      after: { type: "string", default: "." },
      runs: { type: "string" },
      route: { type: "string", multiple: true },
      preset: { type: "string" },
      throttling: { type: "string" },
      "cpu-slowdown": { type: "string" },
    },
  });
  if (!values.before) throw new Error("--before <checkout> is required: the other build's repository folder");
  const sides = { before: resolve(values.before), after: resolve(values.after) };
  const runs = runsOption(values.runs, 4);
  const routes = values.route ?? DEFAULT_ROUTES;
  const [preset] = presetsOption(values.preset === undefined ? undefined : [values.preset], ["mobile"]) as [Preset];
  const [throttling] = throttlingsOption(values.throttling === undefined ? undefined : [values.throttling], [
    "devtools",
  ]) as [Throttling];
  const build = buildDirOf(process.env);
  const cpuSlowdown = values["cpu-slowdown"];
  if (cpuSlowdown !== undefined && !(Number(cpuSlowdown) >= 1))
    throw new Error(`--cpu-slowdown must be a number of at least 1, not "${cpuSlowdown}"`);
  const flags: Flags = {
    logLevel: "error",
    output: "json",
    throttlingMethod: throttling,
    ...(cpuSlowdown
      ? { throttling: { ...throttlingPresets.mobileSlow4G, cpuSlowdownMultiplier: Number(cpuSlowdown) } }
      : {}),
  };

  const servers = {
    before: await startServer(resolve(sides.before, build, "client"), sides.before),
    after: await startServer(resolve(sides.after, build, "client"), sides.after),
  };
  const results = new Map<string, RunMetrics[]>();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        for (const side of ["before", "after"] as const) {
          const result = await lighthouse(
            `${servers[side].origin}${route}`,
            { ...flags, port: chrome.port },
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
  const cpu = cpuSlowdown ? `, CPU slowed ${cpuSlowdown}x` : "";
  console.log(`\nLighthouse medians of ${runs} alternated runs${cpu}; before ${sides.before}, after ${sides.after}:\n`);
  console.log(formatBenchTable(rows));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
