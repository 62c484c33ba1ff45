import { useEffect } from "react";
import { requestPages } from "~/content/request-invitation";
import { buildMeta, type MetaDescriptor } from "~/lib/seo";
import type { InvitationMode } from "#shared/invitation/mode";

/**
 * Every head tag of the request page in a mode. Each mode's canonical and `og:url` is the
 * URL its calls to action link to and its visitors share (`/request-invitation?type=employer`
 * for employers), which the servers answer with that mode's own HTML (docs/decisions/0009);
 * each mode's social card is its own too.
 */
export function requestPageHead(mode: InvitationMode): MetaDescriptor[] {
  return buildMeta({ page: requestPages[mode] });
}

/** Sets the document's existing head tags to these values (the prerendered head has every tag). */
export function applyHead(tags: readonly MetaDescriptor[], doc: Document = document): void {
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
 * description, canonical and social tags in place.
 */
export function useHeadFollowsMode(mode: InvitationMode): void {
  useEffect(() => {
    applyHead(requestPageHead(mode));
  }, [mode]);
}
