import { useEffect } from "react";
import type { PageHead } from "#app/lib/seo.ts";

/** The head tags that follow the mode: what the island sets when the mode changes. */
export type HeadTags = Pick<PageHead, "title" | "description" | "keywords" | "canonical" | "openGraph" | "twitter">;

/** A page head's tags that follow the mode. */
export function headTags({ title, description, keywords, canonical, openGraph, twitter }: PageHead): HeadTags {
  return { title, description, keywords, canonical, openGraph, twitter };
}

const metaSelector = (attribute: "name" | "property", key: string) => `meta[${attribute}="${key}"]`;

/** Sets the document's existing head tags to this head's values (the prerendered head has every tag). */
export function applyHead(head: HeadTags, doc: Document = document): void {
  const setMeta = (attribute: "name" | "property", key: string, content: string) =>
    doc.head.querySelector(metaSelector(attribute, key))?.setAttribute("content", content);
  doc.title = head.title;
  setMeta("name", "description", head.description);
  setMeta("name", "keywords", head.keywords);
  doc.head.querySelector('link[rel="canonical"]')?.setAttribute("href", head.canonical);
  for (const [property, content] of Object.entries(head.openGraph)) setMeta("property", property, content);
  for (const [name, content] of Object.entries(head.twitter)) setMeta("name", name, content);
}

/**
 * The document's head as served, read with the same tags as `like` (another mode's head): the served mode's
 * head tags, which the HTML carries, so the island is not given them a second time.
 */
export function readHead(like: HeadTags, doc: Document = document): HeadTags {
  const meta = (attribute: "name" | "property", key: string) =>
    doc.head.querySelector(metaSelector(attribute, key))?.getAttribute("content") ?? "";
  const read = (attribute: "name" | "property", tags: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.keys(tags).map((key) => [key, meta(attribute, key)]));
  return {
    title: doc.title,
    description: meta("name", "description"),
    keywords: meta("name", "keywords"),
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "",
    openGraph: read("property", like.openGraph),
    twitter: read("name", like.twitter),
  };
}

/**
 * The page head follows the mode (docs/decisions/0005, 0009): the prerendered head is the
 * served mode's; once the island has hydrated, every mode change updates the title,
 * description, canonical and social tags in place, to the mode's head: the served one read
 * from the document before any change, the other from its part (./mode-part.ts).
 */
export function useHeadFollowsMode(head: HeadTags | undefined): void {
  useEffect(() => {
    if (head) applyHead(head);
  }, [head]);
}
