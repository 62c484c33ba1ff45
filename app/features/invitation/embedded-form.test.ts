import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startEmbeddedForm, type EmbeddedFormEvents } from "./embedded-form";
import { FORM_READY_POLL_MS, FORM_READY_TIMEOUT_MS, HUBSPOT_REGION, type HubSpotFormOptions } from "./hubspot";

function setup({ loadEmbed = () => Promise.resolve() }: { loadEmbed?: () => Promise<void> } = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const events = { onReady: vi.fn(), onSubmitted: vi.fn(), onFailed: vi.fn() } satisfies EmbeddedFormEvents;
  const stop = startEmbeddedForm({ container, portalId: "123", formId: "form-a", loadEmbed }, events);
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

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  delete window.hbspt;
  document.body.replaceChildren();
});

describe("startEmbeddedForm", () => {
  it("creates the form in region na1 with the ids, in a target inside the container", async () => {
    const { calls } = installCreate();
    const { container, events } = setup();
    await vi.advanceTimersByTimeAsync(0);

    expect(calls).toHaveLength(1);
    const options = calls[0]!;
    expect(options).toMatchObject({ region: HUBSPOT_REGION, portalId: "123", formId: "form-a" });
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
});
