import type { Thing, WithContext } from "schema-dts";
import type { SiteConfig } from "#shared/site-config";
import { site } from "~/config/site";
import type { PageInfo } from "#shared/content/page";
import { socialCardFor } from "./social-card";
import { formatTitle } from "#shared/text";

/** One tag of a page's head, as the page layout renders it (app/layouts/head-tags.astro). */
export type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string }
  | { "script:ld+json": unknown };

export interface SocialImage {
  /** Path under the site origin, e.g. `/social/default.png`. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface MetaInput {
  page: Pick<PageInfo, "path" | "title" | "description" | "keywords" | "indexable" | "heading">;
  /** Another image than the page's own card (app/lib/social-card.ts), which the build renders from its words. */
  image?: SocialImage;
  jsonLd?: WithContext<Thing> | readonly WithContext<Thing>[];
}

export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, `${origin}/`).href;
}

/**
 * Every tag of a page's head: title, description, keywords, canonical, Open Graph,
 * Twitter card (the page's own social card unless told another image) and optional JSON-LD. A child route's `meta` replaces its parent's,
 * so each page returns the whole set from here.
 */
export function buildMeta(input: MetaInput, config: SiteConfig = site): MetaDescriptor[] {
  const { page, image = socialCardFor(page, config.siteName), jsonLd } = input;
  const title = formatTitle(page.title, config.siteName);
  const url = absoluteUrl(page.path, config.siteUrl);
  const imageUrl = absoluteUrl(image.path, config.siteUrl);
  const records = jsonLd === undefined ? [] : Array.isArray(jsonLd) ? jsonLd : [jsonLd];

  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords.join(", ") },
    ...(page.indexable ? [] : [{ name: "robots", content: "noindex" }]),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: `The ${config.siteName}` },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...records.map((record) => ({ "script:ld+json": record })),
  ];
}
