import { describe, expect, it } from "vitest";
import { modeFromSearch, parseMode, searchForMode } from "./mode";

describe("parseMode", () => {
  it("reads employer only from exactly 'employer'", () => {
    expect(parseMode("employer")).toBe("employer");
    for (const value of [null, undefined, "", "candidate", "Employer", "employers", " employer"]) {
      expect(parseMode(value)).toBe("candidate");
    }
  });

  it("reads the type parameter of a query", () => {
    expect(modeFromSearch("?type=employer")).toBe("employer");
    expect(modeFromSearch("?utm_source=mail&type=employer")).toBe("employer");
    expect(modeFromSearch("?type=candidate")).toBe("candidate");
    expect(modeFromSearch("")).toBe("candidate");
  });
});

describe("searchForMode", () => {
  it("sets type for employers and drops it for leaders, keeping other parameters", () => {
    const current = new URLSearchParams("utm_source=mail&type=employer");
    expect(searchForMode(current, "candidate").toString()).toBe("utm_source=mail");
    expect(searchForMode(new URLSearchParams("utm_source=mail"), "employer").toString()).toBe(
      "utm_source=mail&type=employer",
    );
    // The input is left untouched.
    expect(current.toString()).toBe("utm_source=mail&type=employer");
  });
});
