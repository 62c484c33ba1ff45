import { useEffect } from "react";
import type { MetaDescriptor } from "~/lib/seo";

/** One tag of the page's head, as buildMeta makes it (app/lib/seo.ts). */
export type HeadTag = MetaDescriptor;

/** Sets the document's existing head tags to these values (the prerendered head has every tag). */
export function applyHead(tags: readonly HeadTag[], doc: Document = document): void {
  for (const tag of tags) {
    if ("title" in tag) doc.title = tag.title;
    else if ("tagName" in tag) doc.head.querySelector(`link[rel="${tag.rel}"]`)?.setAttribute("href", tag.href);
    else if ("property" in tag)
      doc.head.querySelector(`meta[property="${tag.property}"]`)?.setAttribute("content", tag.content);
    else if ("name" in tag) doc.head.querySelector(`meta[name="${tag.name}"]`)?.setAttribute("content", tag.content);
  }
}

/**
 * The page head follows the mode (docs/decisions/0005, 0009): the prerendered head is the
 * served mode's; once the island has hydrated, every mode change updates the title,
 * description, canonical and social tags in place, to the mode's tags the page built
 * (app/pages/request-invitation/_document.astro, requestPageHead).
 */
export function useHeadFollowsMode(tags: readonly HeadTag[]): void {
  useEffect(() => {
    applyHead(tags);
  }, [tags]);
}
