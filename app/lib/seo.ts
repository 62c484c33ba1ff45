import type { Thing, WithContext } from "schema-dts";
import type { SiteConfig } from "#shared/site-config.ts";
import { site } from "#app/config/site.ts";
import type { PageInfo } from "#shared/content/page.ts";
import { socialCardFor } from "./social-card";
import { formatTitle } from "#shared/text.ts";

/**
 * A page's head, field by field, as Astro's examples pass it to their head component: the layout
 * renders it (app/layouts/head-tags.astro), and the request page's island sets the same tags in
 * place when its mode changes (app/features/invitation/head-mode.ts).
 */
export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  /** `noindex` for a page kept out of search results; null for the others. */
  robots: string | null;
  canonical: string;
  /** Open Graph's properties (`og:*`), in the order they are written. */
  openGraph: Readonly<Record<string, string>>;
  /** The Twitter card's tags (`twitter:*`), in the order they are written. */
  twitter: Readonly<Record<string, string>>;
  /** Each its own `<script type="application/ld+json">`. */
  jsonLd: readonly WithContext<Thing>[];
  /** Feeds of the page (`<link rel="alternate">`). */
  feeds: readonly PageFeed[];
}

/** A feed a page offers: its path and its title. */
export interface PageFeed {
  path: string;
  title: string;
}

export interface SocialImage {
  /** Path under the site origin, e.g. `/social/default.png`. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface HeadInput {
  page: Pick<PageInfo, "path" | "title" | "description" | "keywords" | "indexable" | "heading">;
  /** Another image than the page's own card (app/lib/social-card.ts), which the build renders from its words. */
  image?: SocialImage;
  jsonLd?: WithContext<Thing> | readonly WithContext<Thing>[];
  feeds?: readonly PageFeed[];
}

export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, `${origin}/`).href;
}

/**
 * Every tag of a page's head: title, description, keywords, canonical, Open Graph, the
 * Twitter card (the page's own social card unless told another image) and optional JSON-LD.
 */
export function buildHead(input: HeadInput, config: SiteConfig = site): PageHead {
  const { page, image = socialCardFor(page, config.siteName), jsonLd, feeds = [] } = input;
  const title = formatTitle(page.title, config.siteName);
  const url = absoluteUrl(page.path, config.siteUrl);
  const imageUrl = absoluteUrl(image.path, config.siteUrl);
  return {
    title,
    description: page.description,
    keywords: page.keywords.join(", "),
    robots: page.indexable ? null : "noindex",
    canonical: url,
    openGraph: {
      "og:type": "website",
      "og:site_name": `The ${config.siteName}`,
      "og:locale": "en_US",
      "og:title": title,
      "og:description": page.description,
      "og:url": url,
      "og:image": imageUrl,
      "og:image:width": String(image.width),
      "og:image:height": String(image.height),
      "og:image:alt": image.alt,
    },
    twitter: {
      "twitter:card": "summary_large_image",
      "twitter:title": title,
      "twitter:description": page.description,
      "twitter:image": imageUrl,
      "twitter:image:alt": image.alt,
    },
    jsonLd: jsonLd === undefined ? [] : Array.isArray(jsonLd) ? jsonLd : [jsonLd],
    feeds,
  };
}
