import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { DEPLOYMENT_SITE_FACTS } from "../../tests/support/deployment-site-facts";
import { buildHead } from "./seo";
import { socialCardFor } from "./social-card";

const config = parseSiteConfig({
  SITE_URL: "https://network.example.org",
  SITE_NAME: "Talent Leaders Circle",
  ...DEPLOYMENT_SITE_FACTS,
});
const page = {
  path: "/mission",
  title: "Our Mission",
  description: "Why the network exists.",
  keywords: ["mission", "TA leaders"],
  heading: "The right leader",
  indexable: true,
};

describe("buildHead", () => {
  const head = buildHead({ page }, config);

  it("emits title, description and keywords", () => {
    expect(head.title).toBe("Our Mission | The Talent Leaders Circle");
    expect(head.description).toBe(page.description);
    expect(head.keywords).toBe("mission, TA leaders");
  });

  it("makes the canonical and og:url absolute against SITE_URL", () => {
    expect(head.canonical).toBe("https://network.example.org/mission");
    expect(head.openGraph["og:url"]).toBe("https://network.example.org/mission");
  });

  it("carries Open Graph and Twitter tags with the page's own 1200x630 card made absolute", () => {
    expect(head.openGraph["og:title"]).toBe("Our Mission | The Talent Leaders Circle");
    expect(head.openGraph["og:description"]).toBe(page.description);
    expect(head.openGraph["og:site_name"]).toBe("The Talent Leaders Circle");
    expect(head.openGraph["og:image"]).toBe("https://network.example.org/social/mission.png");
    expect(head.openGraph["og:image:width"]).toBe("1200");
    expect(head.openGraph["og:image:height"]).toBe("630");
    expect(head.openGraph["og:image:alt"]).toBe(socialCardFor(page, config.siteName).alt);
    expect(head.twitter["twitter:card"]).toBe("summary_large_image");
    expect(head.twitter["twitter:image"]).toBe("https://network.example.org/social/mission.png");
    expect(head.twitter["twitter:image:alt"]).toBe(socialCardFor(page, config.siteName).alt);
    expect(head.twitter["twitter:title"]).toBe("Our Mission | The Talent Leaders Circle");
  });

  it("uses another image when given one", () => {
    const image = { path: "/social/campaign.png", width: 1200, height: 630, alt: "Campaign card" };
    const own = buildHead({ page, image }, config);
    expect(own.openGraph["og:image"]).toBe("https://network.example.org/social/campaign.png");
    expect(own.twitter["twitter:image:alt"]).toBe("Campaign card");
  });

  it("adds JSON-LD records only when given", () => {
    expect(head.jsonLd).toEqual([]);
    const record = { "@context": "https://schema.org", "@type": "Organization", name: "X" } as const;
    expect(buildHead({ page, jsonLd: record }, config).jsonLd).toEqual([record]);
    expect(buildHead({ page, jsonLd: [record, record] }, config).jsonLd).toHaveLength(2);
  });

  it("keeps pages that are not indexable out of search results", () => {
    expect(head.robots).toBeNull();
    expect(buildHead({ page: { ...page, indexable: false } }, config).robots).toBe("noindex");
  });
});
