import { useCallback, useSyncExternalStore } from "react";
import { modeFromSearch, searchForMode, type InvitationMode } from "#shared/invitation/mode.ts";

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
 * and the toggle all change it the same way. Hydration renders `servedMode`, the mode
 * the served HTML was prerendered in, so the first client render matches that HTML.
 * The servers send each mode its own HTML (docs/deployment/build-and-hosting.md), so the URL's mode is
 * the same and nothing changes; where a static host cannot route on the query and
 * sends the leader page for `?type=employer`, the URL's mode applies right after
 * hydration. The snapshot is the mode itself, so other query parameters never re-render.
 */
export function useInvitationMode(servedMode: InvitationMode): [InvitationMode, (mode: InvitationMode) => void] {
  const mode = useSyncExternalStore(
    subscribe,
    () => modeFromSearch(window.location.search),
    () => servedMode,
  );
  const setMode = useCallback((next: InvitationMode) => {
    const { pathname, search: current, hash } = window.location;
    const query = searchForMode(new URLSearchParams(current), next).toString();
    // Replace, not push: the toggle is a setting of this page, not a new page in history.
    window.history.replaceState(window.history.state, "", `${pathname}${query ? `?${query}` : ""}${hash}`);
    window.dispatchEvent(new Event(URL_CHANGED_EVENT));
  }, []);
  return [mode, setMode];
}
