/**
 * What the request page's inline head script does before its island hydrates.
 *
 * A choice of mode made before the request page's island has hydrated (a tap on the
 * bare HTML's radio) is kept, not lost: this inline script, on the page before the
 * island, notes the chosen value on the toggle's fieldset, and ModeToggle applies it
 * once hydrated. A string, so the page can inline it (the CSP allows it by hash).
 */
export const EARLY_CHOICE_ATTRIBUTE = "data-chosen";
export const MODE_TOGGLE_ATTRIBUTE = "data-mode-toggle";

export const EARLY_MODE_CHOICE_SCRIPT =
  `document.addEventListener("change",function(e){var t=e.target;` +
  `var f=t instanceof HTMLInputElement&&t.closest("astro-island[ssr] [${MODE_TOGGLE_ATTRIBUTE}]");` +
  `if(f)f.setAttribute("${EARLY_CHOICE_ATTRIBUTE}",t.value)},true)`;

/** The global the request page's inline script sets: `performance.now()` at the page's first paint. */
export const SHOWN_AT_GLOBAL = "__requestPageShownAt";

/**
 * Notes when the page was first painted (the last animation frame before it), so the own
 * form's fill time counts from there: never reset by hydration, a remount or a mode switch
 * (docs/product.md#nothing-lost).
 */
export const PAGE_SHOWN_SCRIPT =
  `window.${SHOWN_AT_GLOBAL}=performance.now();` +
  `requestAnimationFrame(function(){window.${SHOWN_AT_GLOBAL}=performance.now()})`;

/** Milliseconds since the request page was first painted (since navigation began, if the script did not run). */
export function msSincePageShown(): number {
  const shownAt = (window as unknown as Record<string, unknown>)[SHOWN_AT_GLOBAL];
  return Math.round(performance.now() - (typeof shownAt === "number" ? shownAt : 0));
}
