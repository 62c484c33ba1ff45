// @vitest-environment node
import { describe, expect, it } from "vitest";
import { HELD_SUMMARY_MAX_IDS } from "../store";
import { answerDecision, DAY_MS, heldSummaryDetails, heldSummaryWindow, median, admitDecision } from "./store-core";

// The rules both stores apply around their own SQL (their behaviour on each database: tests/support/store-contract.ts).
describe("the stores' shared rules", () => {
  const now = Date.parse("2026-11-27T09:00:00Z");

  it("runs the held summary when none ran, over the last day, and then not again within a day", () => {
    expect(heldSummaryWindow(null, now)).toEqual({ since: now - DAY_MS });
    expect(heldSummaryWindow(now - DAY_MS + 1, now)).toBeNull();
    expect(heldSummaryWindow(now - DAY_MS, now)).toEqual({ since: now - DAY_MS });
    expect(heldSummaryWindow(now - 3 * DAY_MS, now)).toEqual({ since: now - 3 * DAY_MS });
  });

  it("counts every held request but names at most HELD_SUMMARY_MAX_IDS", () => {
    const ids = Array.from({ length: HELD_SUMMARY_MAX_IDS + 5 }, (_, index) => `id-${index}`);
    expect(heldSummaryDetails(ids, now)).toEqual({
      count: ids.length,
      ids: ids.slice(0, HELD_SUMMARY_MAX_IDS),
      since: now,
    });
  });

  it("admits only a request that is held", () => {
    expect(admitDecision(undefined)).toBe("not-found");
    expect(admitDecision({ held: null })).toBe("not-held");
    expect(admitDecision({ held: "honeypot" })).toBe("admit");
  });

  it("answers a request once, only when it is stored and not held", () => {
    expect(answerDecision(undefined)).toBe("not-found");
    expect(answerDecision({ held: "fill-time", answer: null })).toBe("held");
    expect(answerDecision({ held: null, answer: "other" })).toBe("already-answered");
    expect(answerDecision({ held: null, answer: null })).toBe("record");
  });

  it("takes the middle time to an answer, or the mean of the middle two", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([40, 10, 20, 30])).toBe(25);
  });
});
