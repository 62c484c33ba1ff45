import { describe, expect, it } from "vitest";
import { escapeHtml, formatTitle, plural, waitText } from "./text";

describe("escapeHtml", () => {
  it("escapes the five characters that can end text or an attribute value, and nothing else", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Zoë</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Zoë&lt;/a&gt;",
    );
  });
});

describe("formatTitle", () => {
  it("appends the product name", () => {
    expect(formatTitle("Our Mission", "Talent Leaders Circle")).toBe("Our Mission | The Talent Leaders Circle");
  });

  it("leaves a title that already names the product, in any case", () => {
    expect(formatTitle("About the talent leaders circle", "Talent Leaders Circle")).toBe(
      "About the talent leaders circle",
    );
  });
});

describe("plural", () => {
  it("counts with the singular for one, the plural otherwise, or the plural given", () => {
    expect([plural(0, "request"), plural(1, "request"), plural(2, "delivery", "deliveries")]).toEqual([
      "0 requests",
      "1 request",
      "2 deliveries",
    ]);
  });
});

describe("waitText", () => {
  const words = { one: "a minute", many: "{minutes} minutes" };
  it.each([
    [1, "a minute"],
    [60, "a minute"],
    [61, "2 minutes"],
    [300, "5 minutes"],
  ])("%i s reads %s", (seconds, expected) => {
    expect(waitText(seconds, words)).toBe(expected);
  });
});
