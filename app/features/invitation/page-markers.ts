/**
 * The marks the request page's scripts and its island leave on the page, in a module of their own so the page's
 * inline scripts (./early-mode-choice.ts, ./hydrate-when-touched.ts) carry none of the island's code.
 */

/**
 * Marks the own form's hidden fields this page's inline script fills for a post made before
 * the island runs: the idempotency key, and the visit's source. Only the site's own form has them.
 */
export const PAGE_FILLS_ATTRIBUTE = "data-page-fills";

/** On the own form once React handles its Send (./own-form.tsx); a Send before it is held (./hydrate-when-touched.ts). */
export const FORM_LIVE_ATTRIBUTE = "data-live";

/** On the own form while a Send made before it was live is held: the form sends it as it goes live. */
export const FORM_HELD_ATTRIBUTE = "data-held";

/** On the island while it waits for a touch (the browser tests' readiness reads it): gone once hydration starts. */
export const AWAITING_TOUCH_ATTRIBUTE = "data-awaiting-touch";

/** Where the directive leaves the part it fetched, by path, for the island to hydrate with (./mode-part.ts). */
export const FETCHED_PARTS_GLOBAL = "__requestPageParts";
