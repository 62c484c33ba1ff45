import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { withSiteFacts } from "./site-facts";

const site = parseSiteConfig({
  SITE_NAME: "Talent Circle",
  CONTACT_EMAIL: "hello@circle.example",
  SUPPORTER_NAME: "Acme Recruiting",
  SUPPORTER_URL: "https://acme.example",
  REPLY_WITHIN_HOURS: "24",
});

describe("withSiteFacts", () => {
  it("fills every token in strings however deep, leaving other values and braces alone", () => {
    const content = {
      title: "The {siteName}",
      blocks: [["Write to ", { label: "{contactEmail}", href: "mailto:{contactEmail}" }, "."]],
      supporter: { name: "{supporterName}", url: "{supporterUrl}", count: 3, note: "{notAFact}" },
      promise: "We reply within {hours} hours.",
    };
    expect(withSiteFacts(content, site)).toEqual({
      title: "The Talent Circle",
      blocks: [["Write to ", { label: "hello@circle.example", href: "mailto:hello@circle.example" }, "."]],
      supporter: { name: "Acme Recruiting", url: "https://acme.example", count: 3, note: "{notAFact}" },
      promise: "We reply within 24 hours.",
    });
  });

  it("does not change the content it was given", () => {
    const content = { title: "The {siteName}" };
    withSiteFacts(content, site);
    expect(content.title).toBe("The {siteName}");
  });
});
