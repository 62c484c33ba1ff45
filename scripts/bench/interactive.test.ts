// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatInteractiveTable, THROTTLING } from "./interactive";

describe("the paint-to-interactive table", () => {
  it("prints FCP, the first script request, hydration and the window between paint and hydration", () => {
    const lines = formatInteractiveTable([
      { route: "/mission", run: { fcpMs: 480.4, firstScriptMs: null, readyMs: 470 } },
      { route: "/request-invitation", run: { fcpMs: 600, firstScriptMs: 650, readyMs: 1400.6 } },
    ]).split("\n");
    expect(lines[0]).toMatch(/^route\s+FCP\s+first script request\s+islands hydrated\s+window$/);
    // No script to wait for: the page is interactive at its first paint.
    expect(lines[2]).toMatch(/^\/mission\s+480 ms\s+none\s+470 ms\s+0 ms$/);
    expect(lines[3]).toMatch(/^\/request-invitation\s+600 ms\s+650 ms\s+1401 ms\s+801 ms$/);
  });

  it("throttles like Lighthouse's mobile preset", () => {
    expect(THROTTLING).toMatchObject({ rttMs: 150, cpuSlowdown: 4 });
  });
});
