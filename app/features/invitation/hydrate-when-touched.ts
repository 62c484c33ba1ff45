/**
 * The request page's Astro client directive, `client:touch` (registered in astro.config.ts): the island
 * hydrates when a visitor first touches it, not at load (docs/decisions/0028-request-page-hydrates-when-touched.md).
 * Until then the page works as its HTML does: the toggle is a radio group whose choice the early-choice listener
 * keeps (./early-mode-choice.ts), the form's fields take focus and text, and the form posts by itself. The first
 * pointer over or on it, touch, key, focus or change inside it starts loading the island's code and its mode's
 * part (./mode-part.ts: its words, which the HTML does not carry twice), then hydrates; a Send before the island
 * has hydrated is held and sent by the hydrated form (its checks, retries and confirmation in place), or posted
 * as without JavaScript if the island cannot load.
 *
 * It hydrates at once where something must run without a touch: a build whose form is HubSpot's embed (its
 * loader states), and a URL whose mode is not the one the HTML shows (a static host that serves the leaders' page
 * for `?type=employer`: the island shows the URL's mode).
 */
import type { ClientDirective } from "astro";
import { modeFromSearch, type InvitationMode } from "#shared/invitation/mode.ts";

export interface HydrateWhenTouchedOptions {
  /** The mode the island's HTML shows. */
  servedMode: InvitationMode;
  /** Its part's path (modePartPath). */
  part: string;
  /** Hydrate at load (the HubSpot builds). */
  atLoad: boolean;
}

/** Where the directive leaves the part it fetched, by path, for the island to hydrate with (./mode-part.ts). */
export const FETCHED_PARTS_GLOBAL = "__requestPageParts";

/** On the island while it waits for a touch (the browser tests' readiness reads it): gone once hydration starts. */
export const AWAITING_TOUCH_ATTRIBUTE = "data-awaiting-touch";

/** What counts as a touch: a pointer over or on the island, a touch, a key, a focus, a change inside it. */
const TOUCH_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "input", "change"];

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
    const fetched = fetch(part).then((response) => {
      if (!response.ok) throw new Error(`${part} answered ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    Promise.all([load(), fetched])
      .then(([hydrate, json]) => {
        const global = window as unknown as Record<string, Record<string, unknown> | undefined>;
        (global[FETCHED_PARTS_GLOBAL] ??= {})[part] = json;
        return hydrate();
      })
      .catch(failed);
  };

  // A Send before the island has hydrated: held, and sent again by the hydrated form once React is listening (React
  // hydrates the form's part at once for it); if the island cannot load, posted as the page does without JavaScript.
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !island.hasAttribute("ssr")) return;
    island.removeEventListener("submit", holdSubmit, true);
    event.preventDefault();
    const submitter = event.submitter;
    const sendAgain = () => {
      island.removeEventListener("astro:hydration-error", postNatively);
      if (form.isConnected) form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
    };
    const postNatively = () => {
      island.removeEventListener("astro:hydrate", sendAgain);
      if (form.isConnected) HTMLFormElement.prototype.submit.call(form);
    };
    island.addEventListener("astro:hydrate", sendAgain, { once: true });
    island.addEventListener("astro:hydration-error", postNatively, { once: true });
    start();
  };
  island.addEventListener("submit", holdSubmit, true);

  if (atLoad || modeFromSearch(window.location.search) !== servedMode) return start();
  island.setAttribute(AWAITING_TOUCH_ATTRIBUTE, "");
  for (const type of TOUCH_EVENTS) island.addEventListener(type, start, { capture: true, passive: true });
};

export default hydrateWhenTouched;
