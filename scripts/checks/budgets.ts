// The committed performance budgets (budgets.json), parsed once with a schema so a typo
// in the file stops the check with a message instead of silently passing.
import { readFileSync } from "node:fs";
import { z } from "zod";

/** Lighthouse and the byte check count kilobytes alike. */
export const KB = 1024;

const score = z.number().min(0).max(100);

const lighthouseBudget = z.object({
  performance: score,
  accessibility: score,
  bestPractices: score,
  seo: score,
  lcpMs: z.number().positive().optional(),
  tbtMs: z.number().nonnegative(),
  cls: z.number().nonnegative(),
});

const budgetsSchema = z.object({
  bytes: z.object({
    /**
     * Per route (a route's path, `/404.html` for the 404 page), `*` for every other
     * route; or one number for all.
     */
    firstLoadJsKB: z.union([z.number().positive(), z.record(z.string(), z.number().positive())]),
    /** The HTML of the routes named, where its size was promised (the request page's, issue 62). */
    htmlKB: z.record(z.string(), z.number().positive()).default({}),
    /** The code a client:touch island loads at the first touch (not first load). */
    touchJsKB: z.number().positive(),
    cssKB: z.number().positive(),
    firstLoadTotalKB: z.number().positive(),
    excludedHosts: z.array(z.string().min(1)),
    excludedRoutes: z.array(z.string().startsWith("/")).default([]),
  }),
  lighthouse: z.object({
    runs: z.number().int().positive(),
    mobile: lighthouseBudget,
    desktop: lighthouseBudget,
  }),
});

export type Budgets = z.infer<typeof budgetsSchema>;
export type ByteBudgets = Budgets["bytes"];
export type LighthouseBudget = z.infer<typeof lighthouseBudget>;

export const BUDGETS_FILE = new URL("../../budgets.json", import.meta.url);

export function parseBudgets(json: unknown): Budgets {
  const result = budgetsSchema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`budgets.json is invalid:\n${issues}`);
  }
  return result.data;
}

export function loadBudgets(file: URL | string = BUDGETS_FILE): Budgets {
  return parseBudgets(JSON.parse(readFileSync(file, "utf8")));
}

/** The first-load JS budget of a route, in KB. */
export function jsBudgetKB(route: string, bytes: Pick<ByteBudgets, "firstLoadJsKB">): number {
  const budget = bytes.firstLoadJsKB;
  if (typeof budget === "number") return budget;
  const own = budget[route] ?? budget["*"];
  if (own === undefined) throw new Error(`budgets.json: no firstLoadJsKB for ${route} and no "*" entry`);
  return own;
}
