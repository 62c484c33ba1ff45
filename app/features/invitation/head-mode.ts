import { useEffect } from "react";
import type { PageHead } from "#app/lib/seo.ts";

/** Sets the document's existing head tags to this head's values (the prerendered head has every tag). */
export function applyHead(head: PageHead, doc: Document = document): void {
  const setMeta = (attribute: "name" | "property", key: string, content: string) =>
    doc.head.querySelector(`meta[${attribute}="${key}"]`)?.setAttribute("content", content);
  doc.title = head.title;
  setMeta("name", "description", head.description);
  setMeta("name", "keywords", head.keywords);
  doc.head.querySelector('link[rel="canonical"]')?.setAttribute("href", head.canonical);
  for (const [property, content] of Object.entries(head.openGraph)) setMeta("property", property, content);
  for (const [name, content] of Object.entries(head.twitter)) setMeta("name", name, content);
}

/**
 * The page head follows the mode (docs/decisions/0005, 0009): the prerendered head is the
 * served mode's; once the island has hydrated, every mode change updates the title,
 * description, canonical and social tags in place, to the mode's head the page built
 * (app/pages/request-invitation/_document.astro, requestPageHead).
 */
export function useHeadFollowsMode(head: PageHead): void {
  useEffect(() => {
    applyHead(head);
  }, [head]);
}
