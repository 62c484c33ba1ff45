import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False while React hydrates the prerendered HTML, true from then on (and at once
 * after a client-side navigation). The HTML is built without a query string, so what
 * depends on `?type=` waits for this, or the first client render would not match
 * the HTML it hydrates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
