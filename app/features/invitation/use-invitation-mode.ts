import { useCallback, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { modeFromSearch, searchForMode, type InvitationMode } from "./mode";
import { useHydrated } from "./use-hydrated";

/**
 * The page's mode, derived from the URL (`?type=employer`): a link, the back button
 * and the toggle all change it the same way. The prerendered page is the leader mode;
 * the URL's mode applies once hydrated.
 *
 * The router commits a navigation a little after the click, so the choice just made
 * is shown until then (and only then: it belongs to the location it was made on),
 * or the checked option would jump back for a frame.
 */
export function useInvitationMode(): [InvitationMode, (mode: InvitationMode) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<{ mode: InvitationMode; on: string } | null>(null);

  const urlMode = hydrated ? modeFromSearch(searchParams) : "candidate";
  const mode = chosen?.on === location.key ? chosen.mode : urlMode;

  const setMode = useCallback(
    (next: InvitationMode) => {
      setChosen({ mode: next, on: location.key });
      // Replace, not push: the toggle is a setting of this page, not a new page in history.
      setSearchParams((current) => searchForMode(current, next), { replace: true, preventScrollReset: true });
    },
    [location.key, setSearchParams],
  );
  return [mode, setMode];
}
