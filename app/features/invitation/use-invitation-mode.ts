import { useCallback, useSyncExternalStore } from "react";
import { modeFromSearch, searchForMode, type InvitationMode } from "./mode";

/** Dispatched on window when the toggle has replaced the URL (history.replaceState fires no event). */
const URL_CHANGED_EVENT = "invitation-mode-url";

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(URL_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(URL_CHANGED_EVENT, onChange);
  };
}

/**
 * The page's mode, derived from the URL (`?type=employer`): a link, the back button
 * and the toggle all change it the same way. The prerendered page is the leader mode
 * (its HTML is built without a query); the URL's mode applies once hydrated, so the
 * first client render matches the HTML it hydrates.
 */
export function useInvitationMode(): [InvitationMode, (mode: InvitationMode) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => "",
  );
  const setMode = useCallback((next: InvitationMode) => {
    const { pathname, search: current, hash } = window.location;
    const query = searchForMode(new URLSearchParams(current), next).toString();
    // Replace, not push: the toggle is a setting of this page, not a new page in history.
    window.history.replaceState(window.history.state, "", `${pathname}${query ? `?${query}` : ""}${hash}`);
    window.dispatchEvent(new Event(URL_CHANGED_EVENT));
  }, []);
  return [modeFromSearch(search), setMode];
}
