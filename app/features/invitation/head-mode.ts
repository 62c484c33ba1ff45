import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { pages } from "~/content/pages";
import { modeFromSearch, type InvitationMode } from "./mode";

/**
 * Which mode the page head describes. React 19 does not patch a prerendered `<meta>`
 * whose content differs while it hydrates: it adds a second one beside it. So while
 * the prerendered request page hydrates, the head stays in the leader mode the HTML
 * was built with, and follows the URL from then on.
 *
 * Loaded on another page (a client-side navigation here), hydration is long done.
 */
const normalise = (path: string) => path.replace(/\/+$/, "") || "/";
let headFollowsUrl =
  typeof window !== "undefined" && normalise(window.location.pathname) !== pages.requestInvitation.path;

export function headModeFor(search: string): InvitationMode {
  return headFollowsUrl ? modeFromSearch(search) : "candidate";
}

/** Once hydrated, lets the head follow the URL, and re-renders the head if it must change. */
export function useHeadFollowsUrl(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (headFollowsUrl) return;
    headFollowsUrl = true;
    // Re-evaluates every route's meta for the current URL; this site has no loaders to run.
    if (modeFromSearch(window.location.search) !== "candidate") void revalidate();
  }, [revalidate]);
}
