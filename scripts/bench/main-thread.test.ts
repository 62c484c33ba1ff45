// @vitest-environment node
import { describe, expect, it } from "vitest";
import { summariseTrace, type TraceEvent } from "./main-thread";

const PID = 7;
const MAIN = 1;
const at = (ms: number) => 1_000_000 + ms * 1000;
const task = (startMs: number, durMs: number, name = "RunTask", tid = MAIN): TraceEvent => ({
  name,
  ph: "X",
  ts: at(startMs),
  dur: durMs * 1000,
  pid: PID,
  tid,
});
const mark = (name: string, ms: number): TraceEvent => ({ name, ph: "R", ts: at(ms), pid: PID, tid: MAIN });

const navigation: TraceEvent = {
  name: "navigationStart",
  ph: "R",
  ts: at(0),
  pid: PID,
  tid: MAIN,
  args: { data: { documentLoaderURL: "http://127.0.0.1:4000/request-invitation" } },
};

describe("the main-thread summary of a trace", () => {
  it("counts only the tasks over 50 ms after the first paint, and their part over 50 ms", () => {
    const summary = summariseTrace([
      navigation,
      task(100, 300), // before the first paint: not blocking by Lighthouse's definition
      mark("firstContentfulPaint", 900),
      mark("largestContentfulPaint::Candidate", 900),
      mark("largestContentfulPaint::Candidate", 1100),
      task(950, 130),
      task(1200, 40), // short: not a long task
      task(1500, 180),
      task(1500, 170, "v8.evaluateModule"),
      task(1000, 60, "Layout"),
      task(1300, 25, "Layout"),
      task(2000, 500, "RunTask", 99), // another thread: not the page's main thread
    ]);
    expect(summary.fcpMs).toBe(900);
    expect(summary.lcpMs).toBe(1100);
    expect(summary.longTasksAfterFcpMs).toEqual([180, 130]);
    expect(summary.blockingMs).toBe(130 + 80);
    expect(summary.longestModuleMs).toBe(170);
    expect(summary.layoutMs).toBe(85);
  });

  it("refuses a trace without a page navigation or without a first paint", () => {
    expect(() => summariseTrace([task(0, 10)])).toThrow(/no navigation/);
    expect(() => summariseTrace([navigation, task(10, 10)])).toThrow(/no first contentful paint/);
  });
});
