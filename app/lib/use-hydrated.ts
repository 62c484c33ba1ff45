import { useEffect, useSyncExternalStore } from "react";

/**
 * The one hydration signal of the site's React island: false in the prerendered HTML,
 * through hydration and through the render right after it, in which state read from
 * the browser (the URL's `?type=`, through `useSyncExternalStore`) replaces what the HTML
 * was built with; true from the next task on. So a component can tell a change that
 * hydration revealed (show it at once) from one the visitor made (animate it).
 */
let hydrated = false;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function markHydrated() {
  if (hydrated) return;
  hydrated = true;
  for (const onChange of listeners) onChange();
}

export function useHydrated(): boolean {
  const value = useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
  useEffect(() => {
    // A task later (a message, not a timer, so no timer clock can hold it back): after
    // React's own post-hydration render for stores whose browser value differs from
    // the HTML's, which it runs once this effect pass and its microtasks are done.
    const channel = new MessageChannel();
    channel.port1.onmessage = markHydrated;
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, []);
  return value;
}
