import { describe, expect, it } from "vitest";
import { longDate } from "./dates";

describe("longDate", () => {
  it("writes a calendar date in US English, on that day whatever the time zone", () => {
    expect(longDate("2025-06-01")).toBe("June 1, 2025");
    expect(longDate("2026-12-31")).toBe("December 31, 2026");
  });

  it("shows a date still being typed (the editor's preview) as it is, without an error", () => {
    expect(longDate("")).toBe("");
    expect(longDate("0002-11-3")).toBe("0002-11-3");
  });
});
