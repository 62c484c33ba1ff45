// @vitest-environment node
import { describe, expect, it } from "vitest";
import { BENCH_ROUTES, budgetMisses, formatBenchTable, median, medianMetrics, type RunMetrics } from "./lighthouse";
import { ROUTES as pages } from "#shared/routes.ts";

const run = (overrides: Partial<RunMetrics> = {}): RunMetrics => ({
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1000,
  tbtMs: 10,
  cls: 0,
  jsBytes: 120_000,
  totalBytes: 180_000,
  benchmarkIndex: 1500,
  ...overrides,
});
const mobile = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1300, tbtMs: 50, cls: 0.01 };

describe("medians", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("takes each figure's median separately", () => {
    const result = medianMetrics([run({ performance: 90, lcpMs: 900 }), run({ performance: 99, lcpMs: 2000 }), run()]);
    expect(result).toEqual(run({ performance: 99, lcpMs: 1000 }));
  });
});

describe("budgetMisses", () => {
  it("is empty within budget, at the limits included", () => {
    expect(budgetMisses("/", "mobile", run({ performance: 98, lcpMs: 1300, tbtMs: 50, cls: 0.01 }), mobile)).toEqual(
      [],
    );
  });

  it("names the route, preset and each figure that misses", () => {
    expect(
      budgetMisses(
        "/mission",
        "mobile",
        run({ performance: 96, seo: 92, lcpMs: 2284.4, tbtMs: 77, cls: 0.02 }),
        mobile,
      ),
    ).toEqual([
      "/mission mobile: performance 96 < 98",
      "/mission mobile: SEO 92 < 100",
      "/mission mobile: LCP 2284 ms > 1300 ms",
      "/mission mobile: TBT 77 ms > 50 ms",
      "/mission mobile: CLS 0.020 > 0.010",
    ]);
  });

  it("skips a figure the preset has no budget for, and counts a missing audit as a miss", () => {
    const desktop = { ...mobile, performance: 100, lcpMs: undefined };
    expect(budgetMisses("/", "desktop", run({ lcpMs: 5000 }), desktop)).toEqual([]);
    expect(budgetMisses("/", "mobile", run({ tbtMs: Number.NaN }), mobile)).toEqual(["/ mobile: TBT NaN ms > 50 ms"]);
  });
});

describe("routes and table", () => {
  it("benches every indexable page of the route table and the employer mode: not the 404 page nor the confirmation pages", () => {
    expect(BENCH_ROUTES).toContain(pages.home.path);
    expect(BENCH_ROUTES).toContain(pages.requestInvitation.path);
    expect(BENCH_ROUTES).not.toContain(pages.notFound.path);
    expect(BENCH_ROUTES).not.toContain(pages.requestReceived.path);
    expect(BENCH_ROUTES).toHaveLength(Object.values(pages).filter((page) => page.indexable).length + 1);
  });

  it("benches the request page's employer mode beside its leader mode", () => {
    const leader = BENCH_ROUTES.indexOf(pages.requestInvitation.path);
    expect(BENCH_ROUTES[leader + 1]).toBe("/request-invitation?type=employer");
  });

  it("prints one row per route, preset and throttling method with every column", () => {
    const lines = formatBenchTable([{ route: "/", preset: "mobile", throttling: "devtools", metrics: run() }]).split(
      "\n",
    );
    expect(lines[0]).toMatch(
      /^route\s+preset\s+throttling\s+perf\s+a11y\s+best pr\.\s+SEO\s+FCP\s+LCP\s+TBT\s+CLS\s+JS bytes\s+total bytes\s+benchmarkIndex$/,
    );
    expect(lines[2]).toMatch(
      /^\/\s+mobile\s+devtools\s+100\s+100\s+100\s+100\s+900 ms\s+1000 ms\s+10 ms\s+0\.000\s+117\.2 KB\s+175\.8 KB\s+1500$/,
    );
  });
});
