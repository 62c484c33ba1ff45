import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startEmbeddedForm, type EmbeddedFormEvents, type EmbeddedFormRequest } from "./embedded-form";
import { DEFAULT_HUBSPOT_REGION } from "#shared/hubspot-hosts.ts";
import { FORM_READY_POLL_MS, FORM_READY_TIMEOUT_MS, HUBSPOT_FORM_EVENTS, type HubSpotFormOptions } from "./hubspot";

const FORM_ID = "0c1f8a4e-5b1a-4c55-9d0e-6a7d2b3c4d5e";
const OTHER_FORM_ID = "7e2d9b10-3f4a-4b6c-8d1e-2f3a4b5c6d7e";
const THANK_YOU = "<p>Thank you!</p>";

function setup(overrides: Partial<Omit<EmbeddedFormRequest, "container">> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const events = { onReady: vi.fn(), onSubmitted: vi.fn(), onFailed: vi.fn() } satisfies EmbeddedFormEvents;
  const stop = startEmbeddedForm(
    {
      container,
      embed: "legacy",
      region: DEFAULT_HUBSPOT_REGION,
      portalId: "123",
      formId: FORM_ID,
      inlineMessage: THANK_YOU,
      loadEmbed: () => Promise.resolve(),
      ...overrides,
    },
    events,
  );
  return { container, events, stop };
}

/** A stand-in for `hbspt.forms.create` that renders a form and keeps the options it got. */
function installCreate(behaviour: "ready" | "silent" | "throw" = "ready") {
  const calls: HubSpotFormOptions[] = [];
  const create = vi.fn((options: HubSpotFormOptions) => {
    calls.push(options);
    if (behaviour === "throw") throw new Error("create failed");
    const target = document.querySelector(options.target as string)!;
    const form = document.createElement("form");
    target.append(form);
    if (behaviour === "ready") queueMicrotask(() => options.onFormReady?.(form));
  });
  window.hbspt = { forms: { create } };
  return { calls, create };
}

/** Fires one of the current embed's window events from `from` (bubbling to window), as HubSpot does. */
function fire(name: string, formId: string, from: EventTarget = window) {
  from.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: { formId, instanceId: "instance-1" } }));
}

const frameOf = (container: HTMLElement) => container.querySelector<HTMLElement>(".hs-form-frame");

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.hbspt;
  delete window.HubSpotFormsV4;
  document.body.replaceChildren();
});

describe("startEmbeddedForm, legacy embed", () => {
  it("creates the form with the region, the ids and an inline thank-you, in a target inside the container", async () => {
    const { calls } = installCreate();
    const { container, events } = setup({ region: "eu1" });
    await vi.advanceTimersByTimeAsync(0);

    expect(calls).toHaveLength(1);
    const options = calls[0]!;
    expect(options).toMatchObject({ region: "eu1", portalId: "123", formId: FORM_ID, inlineMessage: THANK_YOU });
    expect(options).not.toHaveProperty("redirectUrl");
    expect(typeof options.target).toBe("string");
    expect(container.querySelector(options.target as string)).not.toBeNull();
    expect(container.querySelectorAll("form")).toHaveLength(1);
    expect(events.onReady).toHaveBeenCalledTimes(1);
    expect(events.onFailed).not.toHaveBeenCalled();
  });

  it(`checks for hbspt.forms.create every ${FORM_READY_POLL_MS} ms until it appears`, async () => {
    const { events } = setup();
    await vi.advanceTimersByTimeAsync(FORM_READY_POLL_MS * 3);
    const { create } = installCreate();
    expect(create).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(FORM_READY_POLL_MS - 1);
    expect(create).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(events.onReady).toHaveBeenCalledTimes(1);
  });

  it("reports submission only through the live creation", async () => {
    const { calls } = installCreate();
    const { events, stop, container } = setup();
    await vi.advanceTimersByTimeAsync(0);
    const form = container.querySelector("form")!;

    calls[0]!.onFormSubmitted?.(form, { submissionValues: {} });
    expect(events.onSubmitted).toHaveBeenCalledTimes(1);

    stop();
    expect(container.childElementCount).toBe(0);
    calls[0]!.onFormSubmitted?.(form, { submissionValues: {} });
    calls[0]!.onFormReady?.(form);
    expect(events.onSubmitted).toHaveBeenCalledTimes(1);
    expect(events.onReady).toHaveBeenCalledTimes(1);
  });

  it("never creates a form once stopped before the script has loaded", async () => {
    const { create } = installCreate();
    let loaded: () => void = () => {};
    const { stop, events } = setup({ loadEmbed: () => new Promise((resolve) => (loaded = resolve)) });
    stop();
    loaded();
    await vi.advanceTimersByTimeAsync(FORM_READY_TIMEOUT_MS);
    expect(create).not.toHaveBeenCalled();
    expect(events.onFailed).not.toHaveBeenCalled();
  });

  it("fails, and logs, when the script does not load", async () => {
    const { events } = setup({ loadEmbed: () => Promise.reject(new Error("blocked")) });
    await vi.advanceTimersByTimeAsync(0);
    expect(events.onFailed).toHaveBeenCalledWith(new Error("blocked"));
    expect(console.error).toHaveBeenCalled();
  });

  it("fails when creation throws, and empties the container", async () => {
    installCreate("throw");
    const { events, container } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(events.onFailed).toHaveBeenCalledWith(new Error("create failed"));
    expect(container.childElementCount).toBe(0);
  });

  it(`fails when the form is not ready within ${FORM_READY_TIMEOUT_MS} ms, and ignores it if it reports later`, async () => {
    const { calls } = installCreate("silent");
    const { events, container } = setup();
    await vi.advanceTimersByTimeAsync(FORM_READY_TIMEOUT_MS - 1);
    expect(events.onFailed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(events.onFailed).toHaveBeenCalledTimes(1);
    expect(container.childElementCount).toBe(0);

    calls[0]!.onFormReady?.(document.createElement("form"));
    expect(events.onReady).not.toHaveBeenCalled();
  });

  it("also takes readiness and success from the window events, for a form HubSpot renders with its current renderer", async () => {
    // HubSpot serves forms of its current editor through the current renderer even to
    // `hbspt.forms.create`, which then never calls the callbacks.
    installCreate("silent");
    const { container, events } = setup();
    await vi.advanceTimersByTimeAsync(0);
    const rendered = container.querySelector("form")!;

    fire(HUBSPOT_FORM_EVENTS.ready, FORM_ID, rendered);
    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, FORM_ID, rendered);
    await vi.advanceTimersByTimeAsync(FORM_READY_TIMEOUT_MS);
    expect(events.onReady).toHaveBeenCalledTimes(1);
    expect(events.onSubmitted).toHaveBeenCalledTimes(1);
    expect(events.onFailed).not.toHaveBeenCalled();
  });
});

describe("startEmbeddedForm, current embed", () => {
  const current = (overrides: Partial<Omit<EmbeddedFormRequest, "container">> = {}) =>
    setup({ embed: "current", region: "eu1", ...overrides });

  it("puts HubSpot's form frame for the region, portal and form in the container, then loads the script", async () => {
    const loadEmbed = vi.fn(() => Promise.resolve());
    const { container, events } = current({ loadEmbed });
    const frame = frameOf(container);
    expect(frame).not.toBeNull();
    expect(container.children).toHaveLength(1);
    expect({ ...frame!.dataset }).toEqual({ region: "eu1", portalId: "123", formId: FORM_ID });
    expect(loadEmbed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    // Loaded is not ready: only HubSpot's on-ready says the form is there.
    expect(events.onReady).not.toHaveBeenCalled();
  });

  it("is ready on the on-ready event of this form, told apart by HubSpot's getFormFromEvent", async () => {
    const { container, events } = current();
    await vi.advanceTimersByTimeAsync(0);
    window.HubSpotFormsV4 = {
      getFormFromEvent: (event) => ({ getFormId: () => (event as CustomEvent<{ id: string }>).detail.id }),
    };
    const frame = frameOf(container)!;
    frame.dispatchEvent(new CustomEvent(HUBSPOT_FORM_EVENTS.ready, { bubbles: true, detail: { id: OTHER_FORM_ID } }));
    expect(events.onReady).not.toHaveBeenCalled();
    frame.dispatchEvent(new CustomEvent(HUBSPOT_FORM_EVENTS.ready, { bubbles: true, detail: { id: FORM_ID } }));
    expect(events.onReady).toHaveBeenCalledTimes(1);
  });

  it("catches an on-ready fired while the script is still running", () => {
    const { events } = current({
      loadEmbed: () => {
        fire(HUBSPOT_FORM_EVENTS.ready, FORM_ID);
        return Promise.resolve();
      },
    });
    expect(events.onReady).toHaveBeenCalledTimes(1);
  });

  it("ignores the events of any other form: another form id, or the same id from outside this container", async () => {
    const { events } = current();
    await vi.advanceTimersByTimeAsync(0);
    const elsewhere = document.createElement("div");
    document.body.append(elsewhere);

    fire(HUBSPOT_FORM_EVENTS.ready, OTHER_FORM_ID);
    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, OTHER_FORM_ID);
    fire(HUBSPOT_FORM_EVENTS.ready, FORM_ID, elsewhere);
    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, FORM_ID, elsewhere);
    expect(events.onReady).not.toHaveBeenCalled();
    expect(events.onSubmitted).not.toHaveBeenCalled();
  });

  it("reports a successful submission once; a failed one leaves the form in place for another try", async () => {
    const { container, events } = current();
    await vi.advanceTimersByTimeAsync(0);
    const frame = frameOf(container)!;
    fire(HUBSPOT_FORM_EVENTS.ready, FORM_ID, frame);

    fire(HUBSPOT_FORM_EVENTS.submissionFailed, FORM_ID, frame);
    expect(events.onSubmitted).not.toHaveBeenCalled();
    expect(events.onFailed).not.toHaveBeenCalled();
    expect(frameOf(container)).toBe(frame);
    expect(console.warn).toHaveBeenCalled();

    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, FORM_ID, frame);
    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, FORM_ID, frame);
    expect(events.onSubmitted).toHaveBeenCalledTimes(1);
  });

  it("fails, and removes the frame, when the script does not load", async () => {
    const { container, events } = current({ loadEmbed: () => Promise.reject(new Error("blocked")) });
    await vi.advanceTimersByTimeAsync(0);
    expect(events.onFailed).toHaveBeenCalledWith(new Error("blocked"));
    expect(container.childElementCount).toBe(0);
  });

  it(`fails without on-ready within ${FORM_READY_TIMEOUT_MS} ms; later events of the form are ignored`, async () => {
    const { container, events } = current();
    await vi.advanceTimersByTimeAsync(FORM_READY_TIMEOUT_MS - 1);
    expect(events.onFailed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(events.onFailed).toHaveBeenCalledTimes(1);
    expect(container.childElementCount).toBe(0);

    fire(HUBSPOT_FORM_EVENTS.ready, FORM_ID);
    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, FORM_ID);
    expect(events.onReady).not.toHaveBeenCalled();
    expect(events.onSubmitted).not.toHaveBeenCalled();
  });

  it("stops listening once stopped", async () => {
    const { container, events, stop } = current();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    expect(container.childElementCount).toBe(0);
    fire(HUBSPOT_FORM_EVENTS.ready, FORM_ID);
    fire(HUBSPOT_FORM_EVENTS.submissionSucceeded, FORM_ID);
    await vi.advanceTimersByTimeAsync(FORM_READY_TIMEOUT_MS);
    expect(events.onReady).not.toHaveBeenCalled();
    expect(events.onSubmitted).not.toHaveBeenCalled();
    expect(events.onFailed).not.toHaveBeenCalled();
  });
});
