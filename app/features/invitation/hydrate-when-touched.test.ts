import { afterEach, describe, expect, it, vi } from "vitest";
import hydrateWhenTouched from "./hydrate-when-touched";
import {
  AWAITING_TOUCH_ATTRIBUTE,
  FETCHED_PARTS_GLOBAL,
  FORM_HELD_ATTRIBUTE,
  FORM_LIVE_ATTRIBUTE,
} from "./page-markers";
import { PAGE_FILLS_ATTRIBUTE } from "./early-mode-choice";

const PART = "/request-invitation/candidate.json";

/** An island as the page has it: the own form inside, its directive armed. */
function armedIsland(search = "") {
  window.history.replaceState(null, "", `/request-invitation${search}`);
  const island = document.createElement("astro-island");
  island.setAttribute("ssr", "");
  island.innerHTML = `<form><input type="hidden" name="key" ${PAGE_FILLS_ATTRIBUTE}><input name="firstname"><button>Send</button></form>`;
  document.body.append(island);
  const hydrate = vi.fn(async () => island.removeAttribute("ssr"));
  const load = vi.fn(async () => hydrate);
  hydrateWhenTouched(load, { name: "touch", value: { servedMode: "candidate", part: PART } as never }, island);
  return { island, form: island.querySelector("form")!, load, hydrate };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("client:touch", () => {
  it("waits for a touch, then loads the island's code and its part, and hydrates with it", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ words: "the part" })));
    vi.stubGlobal("fetch", fetch);
    const { island, load, hydrate } = armedIsland();
    await settle();
    expect(island.hasAttribute(AWAITING_TOUCH_ATTRIBUTE)).toBe(true);
    expect(load).not.toHaveBeenCalled();

    island.querySelector("input[name=firstname]")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await settle();
    expect(fetch).toHaveBeenCalledWith(PART);
    expect(hydrate).toHaveBeenCalledOnce();
    expect((window as unknown as Record<string, Record<string, unknown>>)[FETCHED_PARTS_GLOBAL]![PART]).toEqual({
      words: "the part",
    });
    expect(island.hasAttribute(AWAITING_TOUCH_ATTRIBUTE)).toBe(false);
  });

  it("hydrates at once when the URL's mode is not the HTML's", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    const { load } = armedIsland("?type=employer");
    await settle();
    expect(load).toHaveBeenCalledOnce();
  });

  it("holds a Send made before the form is live, which the form sends as it goes live", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    const { form, load } = armedIsland();
    expect(form.noValidate).toBe(true);
    const submitted = new SubmitEvent("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(form.hasAttribute(FORM_HELD_ATTRIBUTE)).toBe(true);
    await settle();
    expect(load).toHaveBeenCalledOnce();

    form.setAttribute(FORM_LIVE_ATTRIBUTE, "");
    const live = new SubmitEvent("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(live);
    expect(live.defaultPrevented).toBe(false);
  });

  it("posts a held Send as without JavaScript, with the browser's checks, if the island cannot load", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 404 })),
    );
    const { island, form } = armedIsland();
    const requestSubmit = vi.spyOn(form, "requestSubmit").mockImplementation(() => undefined);
    const failed = vi.fn();
    island.addEventListener("astro:hydration-error", failed);
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
    await settle();
    await settle();
    expect(failed).toHaveBeenCalledOnce();
    expect(requestSubmit).toHaveBeenCalledOnce();
    expect(form.noValidate).toBe(false);
    expect(form.hasAttribute(FORM_HELD_ATTRIBUTE)).toBe(false);
  });
});
