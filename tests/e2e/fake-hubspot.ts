import type { Page, Route } from "@playwright/test";
import { HUBSPOT_EMBED_SRC } from "../../app/features/invitation/hubspot";

/**
 * The HubSpot ids of the second test build (`build-hs`). Browser tests of HubSpot
 * mode run against a build made with exactly this environment:
 *   BUILD_DIR=build-hs HUBSPOT_PORTAL_ID=... HUBSPOT_FORM_ID_CANDIDATE=... HUBSPOT_FORM_ID_EMPLOYER=... npm run build
 */
export const HUBSPOT_TEST_ENV = {
  HUBSPOT_PORTAL_ID: "123456",
  HUBSPOT_FORM_ID_CANDIDATE: "0c1f8a4e-5b1a-4c55-9d0e-6a7d2b3c4d5e",
  HUBSPOT_FORM_ID_EMPLOYER: "7e2d9b10-3f4a-4b6c-8d1e-2f3a4b5c6d7e",
} as const;

export const HUBSPOT_TEST_IDS = {
  portalId: HUBSPOT_TEST_ENV.HUBSPOT_PORTAL_ID,
  formIds: {
    candidate: HUBSPOT_TEST_ENV.HUBSPOT_FORM_ID_CANDIDATE,
    employer: HUBSPOT_TEST_ENV.HUBSPOT_FORM_ID_EMPLOYER,
  },
} as const;

/** Where that build is served: a second server beside the default one. */
export const HUBSPOT_BUILD_URL =
  process.env.HUBSPOT_BUILD_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 2}`;

export { HUBSPOT_EMBED_SRC };

export interface FakeHubSpotOptions {
  /** What `hbspt.forms.create` does: render and report ready, render and never report, or throw. */
  create?: "ready" | "never-ready" | "throw";
  /** Defines `hbspt.forms.create` only this long after the script runs (the loader polls meanwhile). */
  createAfterMs?: number;
  /** The first this many requests for the script fail at the network level. */
  failFirstRequests?: number;
  /** Hold every response until `release()` is called. */
  hold?: boolean;
}

/** What `create` received, as recorded by the fake script in the page. */
export interface RecordedCreate {
  region: string;
  portalId: string;
  formId: string;
  target: string;
}

export const FAKE_FORM_NAME = "Fake HubSpot form";
export const FAKE_SUBMIT_LABEL = "Submit";

// Runs in the page as HubSpot's v2 embed would: defines window.hbspt.forms.create.
// It renders a small form into the target and calls the callbacks HubSpot calls.
function fakeEmbedScript(options: Required<Pick<FakeHubSpotOptions, "create" | "createAfterMs">>): string {
  return `(() => {
  const config = ${JSON.stringify({ ...options, formName: FAKE_FORM_NAME, submitLabel: FAKE_SUBMIT_LABEL })};
  const fake = (window.__fakeHubSpot = window.__fakeHubSpot || { calls: [], options: [] });
  function create(options) {
    fake.calls.push({ region: options.region, portalId: options.portalId, formId: options.formId, target: options.target });
    fake.options.push(options);
    if (config.create === "throw") throw new Error("fake HubSpot: create failed");
    const target = typeof options.target === "string" ? document.querySelector(options.target) : options.target;
    const form = document.createElement("form");
    form.className = "hs-form";
    form.setAttribute("aria-label", config.formName);
    form.dataset.formId = options.formId;
    form.innerHTML = '<label>Email <input name="email" type="email" required></label> <button type="submit">' + config.submitLabel + '</button>';
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (options.onFormSubmit) options.onFormSubmit(form);
      Promise.resolve().then(() => options.onFormSubmitted && options.onFormSubmitted(form, { submissionValues: {} }));
    });
    target.append(form);
    if (config.create === "ready") Promise.resolve().then(() => options.onFormReady && options.onFormReady(form));
  }
  const install = () => { window.hbspt = { forms: { create } }; };
  if (config.createAfterMs > 0) setTimeout(install, config.createAfterMs);
  else install();
})();`;
}

/**
 * Serves a fake HubSpot embed script at HubSpot's address through request interception.
 * Returns how many times the script was requested and a way to release held responses.
 */
export async function fakeHubSpot(page: Page, options: FakeHubSpotOptions = {}) {
  const { create = "ready", createAfterMs = 0, failFirstRequests = 0, hold = false } = options;
  let requests = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  await page.route(HUBSPOT_EMBED_SRC, async (route: Route) => {
    requests += 1;
    if (hold) await released;
    if (requests <= failFirstRequests) return route.abort("failed");
    return route.fulfill({
      status: 200,
      contentType: "text/javascript; charset=utf-8",
      body: fakeEmbedScript({ create, createAfterMs }),
    });
  });

  return {
    get requests() {
      return requests;
    },
    release: () => release(),
    /** The options `create` received so far, oldest first. */
    calls: () =>
      page.evaluate(
        () => (window as unknown as { __fakeHubSpot?: { calls: RecordedCreate[] } }).__fakeHubSpot?.calls ?? [],
      ),
    /** Calls a callback of an earlier creation, as a late HubSpot form would. */
    invokeCallback: (index: number, callback: "onFormReady" | "onFormSubmitted") =>
      page.evaluate(
        ([at, name]) => {
          const fake = (
            window as unknown as { __fakeHubSpot: { options: Record<string, (...args: unknown[]) => void>[] } }
          ).__fakeHubSpot;
          fake.options[at]![name]!(document.createElement("form"), { submissionValues: {} });
        },
        [index, callback] as const,
      ),
  };
}
