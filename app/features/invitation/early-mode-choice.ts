/**
 * What the request page's inline head script does before its island hydrates.
 *
 * A choice of mode made before the request page's island has hydrated (a tap on the
 * bare HTML's radio) is kept, not lost: this inline script, on the page before the
 * island, notes the chosen value on the toggle's fieldset, and ModeToggle applies it
 * once hydrated. A string, so the page can inline it (the CSP allows it by hash).
 */
import { IDEMPOTENCY_KEY_FIELD } from "#shared/invitation/request-schema.ts";
import { SOURCE_STORAGE_KEY } from "#shared/invitation/request-source.ts";

import { PAGE_FILLS_ATTRIBUTE } from "./page-markers";

export { PAGE_FILLS_ATTRIBUTE };

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
 * (docs/product.md#nothing-lost). And gives a form posted without the island its
 * idempotency key: one per page view (16 random bytes, as the island's own), written into
 * the form's empty hidden field at first paint, again when the document is parsed (a
 * browser may paint before the parser reaches the form), and as a form is submitted; so a
 * post sent twice from this page is stored once. The same
 * moments fill the form's hidden source fields from what the visit's first page noted
 * (shared/invitation/request-source.ts), so such a post carries them too.
 */
export const PAGE_SHOWN_SCRIPT =
  `(function(){var w=window,n={};w.${SHOWN_AT_GLOBAL}=performance.now();` +
  `try{n=JSON.parse(sessionStorage.getItem("${SOURCE_STORAGE_KEY}"))||{}}catch(e){}` +
  `n.${IDEMPOTENCY_KEY_FIELD}=Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(16)),function(b){return(b+256).toString(16).slice(1)}).join("");` +
  `function f(){document.querySelectorAll("input[${PAGE_FILLS_ATTRIBUTE}]").forEach(function(i){if(!i.value&&n[i.name])i.value=n[i.name]})}` +
  `document.addEventListener("submit",f,true);` +
  `if(document.readyState=="loading")document.addEventListener("readystatechange",f,{once:true});` +
  `requestAnimationFrame(function(){w.${SHOWN_AT_GLOBAL}=performance.now();f()})})()`;

/**
 * When the island cannot load (its script fails twice: Astro retries once, then dispatches
 * `astro:hydration-error`), the page goes back to what it shows without JavaScript: on a
 * HubSpot build, the own form that posts by itself, instead of a loader that never ends.
 */
export const ISLAND_FAILED_SCRIPT = `document.addEventListener("astro:hydration-error",function(){document.documentElement.classList.remove("js")})`;

/** Milliseconds since the request page was first painted (since navigation began, if the script did not run). */
export function msSincePageShown(): number {
  const shownAt = (window as unknown as Record<string, unknown>)[SHOWN_AT_GLOBAL];
  return Math.round(performance.now() - (typeof shownAt === "number" ? shownAt : 0));
}
