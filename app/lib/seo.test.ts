import type { MetaDescriptor } from "./seo";
import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config";
import { DEPLOYMENT_SITE_FACTS } from "../../tests/support/deployment-site-facts";
import { buildMeta } from "./seo";
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

const find = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("buildMeta", () => {
  const tags = buildMeta({ page }, config);

  it("emits title, description and keywords", () => {
    expect(tags).toContainEqual({ title: "Our Mission | The Talent Leaders Circle" });
    expect(find(tags, "name", "description")?.content).toBe(page.description);
    expect(find(tags, "name", "keywords")?.content).toBe("mission, TA leaders");
  });

  it("makes the canonical and og:url absolute against SITE_URL", () => {
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://network.example.org/mission" });
    expect(find(tags, "property", "og:url")?.content).toBe("https://network.example.org/mission");
  });

  it("carries Open Graph and Twitter tags with the page's own 1200x630 card made absolute", () => {
    expect(find(tags, "property", "og:title")?.content).toBe("Our Mission | The Talent Leaders Circle");
    expect(find(tags, "property", "og:description")?.content).toBe(page.description);
    expect(find(tags, "property", "og:site_name")?.content).toBe("The Talent Leaders Circle");
    expect(find(tags, "property", "og:image")?.content).toBe("https://network.example.org/social/mission.png");
    expect(find(tags, "property", "og:image:width")?.content).toBe("1200");
    expect(find(tags, "property", "og:image:height")?.content).toBe("630");
    expect(find(tags, "property", "og:image:alt")?.content).toBe(socialCardFor(page, config.siteName).alt);
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:image")?.content).toBe("https://network.example.org/social/mission.png");
    expect(find(tags, "name", "twitter:image:alt")?.content).toBe(socialCardFor(page, config.siteName).alt);
    expect(find(tags, "name", "twitter:title")?.content).toBe("Our Mission | The Talent Leaders Circle");
  });

  it("uses another image when given one", () => {
    const image = { path: "/social/campaign.png", width: 1200, height: 630, alt: "Campaign card" };
    const own = buildMeta({ page, image }, config);
    expect(find(own, "property", "og:image")?.content).toBe("https://network.example.org/social/campaign.png");
    expect(find(own, "name", "twitter:image:alt")?.content).toBe("Campaign card");
  });

  it("adds JSON-LD records only when given", () => {
    expect(tags.some((tag) => "script:ld+json" in tag)).toBe(false);
    const record = { "@context": "https://schema.org", "@type": "Organization", name: "X" } as const;
    expect(buildMeta({ page, jsonLd: record }, config)).toContainEqual({ "script:ld+json": record });
    expect(buildMeta({ page, jsonLd: [record, record] }, config).filter((tag) => "script:ld+json" in tag)).toHaveLength(
      2,
    );
  });

  it("keeps pages that are not indexable out of search results", () => {
    expect(find(tags, "name", "robots")).toBeUndefined();
    expect(find(buildMeta({ page: { ...page, indexable: false } }, config), "name", "robots")?.content).toBe("noindex");
  });
});
