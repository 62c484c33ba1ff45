/**
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
