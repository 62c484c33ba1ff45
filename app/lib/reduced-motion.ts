/** The media query of a visitor who asks for less motion. No React here: plain scripts use it too. */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** True when the visitor asks for less motion, e.g. in an event handler; false while prerendering. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}
