import { useEffect } from "react";
import { pages } from "~/content/pages";
import { requestInvitationContent } from "~/content/request-invitation";
import { buildMeta, type MetaDescriptor } from "~/lib/seo";
import type { InvitationMode } from "./mode";

/** Every head tag of the request page in a mode; both modes share the one canonical URL. */
export function requestPageHead(mode: InvitationMode): MetaDescriptor[] {
  return buildMeta({ page: { ...pages.requestInvitation, ...requestInvitationContent.modes[mode].meta } });
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
 * The page head follows the mode (docs/decisions/0005): the prerendered head is the
 * leader mode's; once the island has hydrated, every mode change updates the title,
 * description and social tags in place.
 */
export function useHeadFollowsMode(mode: InvitationMode): void {
  useEffect(() => {
    applyHead(requestPageHead(mode));
  }, [mode]);
}
