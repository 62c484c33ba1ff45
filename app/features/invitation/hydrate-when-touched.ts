/**
 * The request page's Astro client directive, `client:touch` (registered in astro.config.ts): the island
 * hydrates when a visitor first touches it, not at load (docs/decisions/0029-request-page-hydrates-when-touched.md).
 * Until then the page works as its HTML does: the toggle is a radio group whose choice the early-choice listener
 * keeps (./early-mode-choice.ts), the form's fields take focus and text, and the form posts by itself. The first
 * pointer over or on it, touch, key, focus or change inside it starts loading the island's code and its mode's
 * part (./mode-part.ts: its words, which the HTML does not carry twice), then hydrates; a Send before the island
 * has hydrated is held and sent by the hydrated form (its checks, retries and confirmation in place), or posted
 * as without JavaScript if the island cannot load.
 *
 * It hydrates at once where something must run without a touch: a build whose form is HubSpot's embed (its
 * loader states), and a URL whose mode is not the one the HTML shows (a static host that serves the leaders' page
 * for `?type=employer`, or a change of the query by Back or Forward: the island shows the URL's mode).
 */
import type { ClientDirective } from "astro";
import { MODE_PARAM, type InvitationMode } from "#shared/invitation/mode.ts";
import {
  AWAITING_TOUCH_ATTRIBUTE,
  FETCHED_PARTS_GLOBAL,
  FORM_HELD_ATTRIBUTE,
  FORM_LIVE_ATTRIBUTE,
  PAGE_FILLS_ATTRIBUTE,
} from "./page-markers";

export interface HydrateWhenTouchedOptions {
  /** The mode the island's HTML shows. */
  servedMode: InvitationMode;
  /** Its part's path (modePartPath). */
  part: string;
  /** Hydrate at load (the HubSpot builds); left out otherwise. */
  atLoad?: true;
}

/** How long a Send made before hydration waits for it before the form posts by itself. */
const HELD_SEND_MS = 3000;

/** What counts as a touch: a pointer over or on the island, a touch, a key or a focus inside it (before any change). */
const TOUCH_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"];

const hydrateWhenTouched: ClientDirective = (load, options, island) => {
  // An object: Astro passes the value as the page gave it.
  const { servedMode, part, atLoad } = options.value as unknown as HydrateWhenTouchedOptions;
  const failed = (error: unknown) =>
    island.dispatchEvent(new CustomEvent("astro:hydration-error", { bubbles: true, detail: { error } }));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    island.removeAttribute(AWAITING_TOUCH_ATTRIBUTE);
    for (const type of TOUCH_EVENTS) island.removeEventListener(type, start, true);
    const fetched = fetch(part).then((response) =>
      response.ok ? (response.json() as Promise<unknown>) : Promise.reject(new Error(part)),
    );
    Promise.all([load(), fetched])
      .then(([hydrate, json]) => {
        const global = window as unknown as Record<string, Record<string, unknown> | undefined>;
        (global[FETCHED_PARTS_GLOBAL] ??= {})[part] = json;
        return hydrate();
      })
      .catch(failed);
  };

  // A Send before React handles the own form (the island, or only this form's part, not yet hydrated): held
  // (FORM_HELD_ATTRIBUTE), and sent again by the form as it goes live (./own-form.tsx). If the island cannot load, or
  // the Send is still held HELD_SEND_MS later (its code held up on a poor network), the form posts as without
  // JavaScript, with the browser's checks (noValidate off lets that Send through): sent once either way.
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.noValidate || form.hasAttribute(FORM_LIVE_ATTRIBUTE)) return;
    if (!form.querySelector(`input[${PAGE_FILLS_ATTRIBUTE}]`)) return;
    event.preventDefault();
    if (form.hasAttribute(FORM_HELD_ATTRIBUTE)) return;
    form.setAttribute(FORM_HELD_ATTRIBUTE, "");
    const post = () => {
      if (!form.hasAttribute(FORM_HELD_ATTRIBUTE)) return;
      form.removeAttribute(FORM_HELD_ATTRIBUTE);
      form.noValidate = false;
      form.requestSubmit();
    };
    window.setTimeout(post, HELD_SEND_MS);
    island.addEventListener("astro:hydration-error", post);
    start();
  };
  island.addEventListener("submit", holdSubmit, true);
  // With JavaScript the island's form checks its fields itself (the site's messages, not the browser's bubbles), so
  // a Send before hydration reaches it; the browser's checks come back if the island cannot load.
  // (Only the own form is in the HTML: HubSpot's come once hydrated.)
  for (const form of island.querySelectorAll("form")) form.noValidate = true;

  // The URL's mode, when it is not the HTML's, shows at once: as served (a static host), or on a change of the query.
  // (As modeFromSearch, shared/invitation/mode.ts, which this inline script does not carry.)
  const urlModeDiffers = () =>
    (new URLSearchParams(window.location.search).get(MODE_PARAM) === "employer") !== (servedMode === "employer");
  window.addEventListener("popstate", () => urlModeDiffers() && start());
  if (atLoad || urlModeDiffers()) return start();
  island.setAttribute(AWAITING_TOUCH_ATTRIBUTE, "");
  for (const type of TOUCH_EVENTS) island.addEventListener(type, start, { capture: true, passive: true });
};

export default hydrateWhenTouched;
