import { describe, expect, it } from "vitest";
import { escapeHtml, fill, formatTitle, plural, waitText } from "./text";

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

describe("fill", () => {
  it("fills every occurrence of a placeholder, not only the first", () => {
    expect(fill("{title} at {employer}. Ask about {title} today.", { title: "Head of TA", employer: "Acme" })).toBe(
      "Head of TA at Acme. Ask about Head of TA today.",
    );
  });

  it("inserts a value as it is, with no replacement patterns ($&)", () => {
    expect(fill("Pay: {range}", { range: "$&100" })).toBe("Pay: $&100");
  });

  it("leaves a placeholder it has no value for, even one named like an object's property", () => {
    expect(fill("{days} days, {constructor}", { days: 30 })).toBe("30 days, {constructor}");
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
