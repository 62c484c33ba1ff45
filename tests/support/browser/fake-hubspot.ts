import type { Page, Route } from "@playwright/test";
import { HUBSPOT_FORM_EVENTS, legacyEmbedSrc } from "#app/features/invitation/hubspot.ts";
import { DEFAULT_HUBSPOT_REGION, hubspotFormsOrigin } from "#shared/hubspot-hosts.ts";

/**
 * The HubSpot ids of the second test build (`build-hs`, legacy embed, region na1).
 * Browser tests of HubSpot mode run against a build made with exactly this environment:
 *   BUILD_DIR=build-hs HUBSPOT_PORTAL_ID=... HUBSPOT_FORM_ID_CANDIDATE=... HUBSPOT_FORM_ID_EMPLOYER=... npm run build
 */
export const HUBSPOT_TEST_ENV = {
  HUBSPOT_PORTAL_ID: "123456",
  HUBSPOT_FORM_ID_CANDIDATE: "0c1f8a4e-5b1a-4c55-9d0e-6a7d2b3c4d5e",
  HUBSPOT_FORM_ID_EMPLOYER: "7e2d9b10-3f4a-4b6c-8d1e-2f3a4b5c6d7e",
} as const;

/**
 * The third test build (`build-hs-current`): the same ids with the current forms
 * editor's embed, in a region other than na1, so the browser proves the region's host
 * and the served CSP together.
 */
export const HUBSPOT_CURRENT_TEST_ENV = {
  ...HUBSPOT_TEST_ENV,
  HUBSPOT_EMBED: "current",
  HUBSPOT_REGION: "eu1",
  // HubSpot's tracking code on every page, in the same region (fakeHubSpotTracking serves it).
  ANALYTICS: "hubspot",
} as const;

export const HUBSPOT_TEST_IDS = {
  portalId: HUBSPOT_TEST_ENV.HUBSPOT_PORTAL_ID,
  formIds: {
    candidate: HUBSPOT_TEST_ENV.HUBSPOT_FORM_ID_CANDIDATE,
    employer: HUBSPOT_TEST_ENV.HUBSPOT_FORM_ID_EMPLOYER,
  },
} as const;

const e2ePort = Number(process.env.E2E_PORT ?? 4310);
/** Where the legacy build is served: a second server beside the default one. */
export const HUBSPOT_BUILD_URL = process.env.HUBSPOT_BUILD_URL ?? `http://127.0.0.1:${e2ePort + 2}`;
/** Where the current-embed build is served: a third server. */
export const HUBSPOT_CURRENT_BUILD_URL = process.env.HUBSPOT_CURRENT_BUILD_URL ?? `http://127.0.0.1:${e2ePort + 3}`;

/** The legacy build's script: v2 from the na1 host. */
export const HUBSPOT_EMBED_SRC = legacyEmbedSrc(DEFAULT_HUBSPOT_REGION);
export const HUBSPOT_EMBED_ORIGIN = hubspotFormsOrigin(DEFAULT_HUBSPOT_REGION);

export const FAKE_FORM_NAME = "Fake HubSpot form";
export const FAKE_SUBMIT_LABEL = "Submit";

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
  inlineMessage?: string;
  redirectUrl?: string;
}

// Runs in the page as HubSpot's v2 embed would: defines window.hbspt.forms.create.
// It renders a small form into the target and calls the callbacks HubSpot calls.
function fakeEmbedScript(options: Required<Pick<FakeHubSpotOptions, "create" | "createAfterMs">>): string {
  return `(() => {
  const config = ${JSON.stringify({ ...options, formName: FAKE_FORM_NAME, submitLabel: FAKE_SUBMIT_LABEL })};
  const fake = (window.__fakeHubSpot = window.__fakeHubSpot || { calls: [], options: [] });
  function create(options) {
    fake.calls.push({ region: options.region, portalId: options.portalId, formId: options.formId, target: options.target,
      inlineMessage: options.inlineMessage, redirectUrl: options.redirectUrl });
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

/** Counts requests, fails the first ones, holds responses until released. */
function scriptResponder(options: { failFirstRequests: number; hold: boolean }, body: (url: URL) => string) {
  let requests = 0;
  const urls: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const handle = async (route: Route) => {
    requests += 1;
    urls.push(route.request().url());
    if (options.hold) await released;
    if (requests <= options.failFirstRequests) return route.abort("failed");
    return route.fulfill({
      status: 200,
      contentType: "text/javascript; charset=utf-8",
      body: body(new URL(route.request().url())),
    });
  };
  return {
    handle,
    release: () => release(),
    get requests() {
      return requests;
    },
    get urls() {
      return [...urls];
    },
  };
}

/**
 * Serves a fake of HubSpot's legacy (v2) embed script at HubSpot's na1 address through
 * request interception. Returns how many times the script was requested and a way to
 * release held responses.
 */
export async function fakeHubSpot(page: Page, options: FakeHubSpotOptions = {}) {
  const { create = "ready", createAfterMs = 0, failFirstRequests = 0, hold = false } = options;
  const responder = scriptResponder({ failFirstRequests, hold }, () => fakeEmbedScript({ create, createAfterMs }));
  await page.route(HUBSPOT_EMBED_SRC, responder.handle);

  return {
    get requests() {
      return responder.requests;
    },
    release: responder.release,
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

export interface FakeCurrentHubSpotOptions {
  /** Whether each rendered form announces `on-ready` (after `readyAfterMs`), or never does. */
  ready?: "ready" | "never-ready";
  /** How long after rendering a form announces `on-ready`: a slow HubSpot. */
  readyAfterMs?: number;
  /** The first this many submissions are refused with `on-submission:failed`; later ones succeed. */
  failFirstSubmissions?: number;
  /** The first this many requests for the script fail at the network level. */
  failFirstRequests?: number;
  /** Hold every response until `release()` is called. */
  hold?: boolean;
}

/** A form the fake current embed rendered, as recorded in the page. */
export interface RenderedFrame {
  /** The host the script that rendered it came from. */
  host: string;
  region: string;
  portalId: string;
  formId: string;
}

/** Any region's forms host, the portal's script: `/forms/embed/<portalId>.js`. */
const CURRENT_EMBED_URL = /^https:\/\/[a-z0-9-]+\.hsforms\.net\/forms\/embed\/\d+\.js$/;

// Runs in the page as the current forms editor's portal script would: it renders a form
// into every div.hs-form-frame of this portal and region, now and whenever one is added
// (docs/decisions/0007-hubspot-embeds.md), and announces what happens to each form with
// HubSpot's window events, dispatched from the frame and bubbling to window. It answers
// HubSpotFormsV4.getFormFromEvent as HubSpot documents. The real embed draws the form in
// an iframe; the fake draws it in the frame element so tests can reach it by role.
function fakeCurrentEmbedScript(
  url: URL,
  options: Required<Omit<FakeCurrentHubSpotOptions, "hold" | "failFirstRequests">>,
) {
  const host = url.hostname;
  const region = host === "js.hsforms.net" ? "na1" : (/^js-([a-z0-9]+)\.hsforms\.net$/.exec(host)?.[1] ?? "");
  const portalId = /\/forms\/embed\/(\d+)\.js$/.exec(url.pathname)?.[1] ?? "";
  const config = {
    ...options,
    host,
    region,
    portalId,
    events: HUBSPOT_FORM_EVENTS,
    formName: FAKE_FORM_NAME,
    submitLabel: FAKE_SUBMIT_LABEL,
  };
  return `(() => {
  const config = ${JSON.stringify(config)};
  const fake = (window.__fakeHubSpotV4 = window.__fakeHubSpotV4 || { rendered: [], submissions: 0, instances: 0 });
  const forms = new WeakMap();
  const announce = (frame, name) => {
    const form = forms.get(frame);
    frame.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: { formId: form.formId, instanceId: form.instanceId } }));
  };
  window.HubSpotFormsV4 = {
    getFormFromEvent(event) {
      const frame = event.target instanceof Element ? event.target.closest(".hs-form-frame") : null;
      const form = frame && forms.get(frame);
      return form ? { getFormId: () => form.formId, getInstanceId: () => form.instanceId } : null;
    },
  };
  function render(frame) {
    if (forms.has(frame) || frame.dataset.portalId !== config.portalId) return;
    if (frame.dataset.region !== config.region) {
      console.error("fake HubSpot: a " + frame.dataset.region + " form frame met the " + config.region + " script");
      return;
    }
    const formId = frame.dataset.formId;
    forms.set(frame, { formId, instanceId: "instance-" + ++fake.instances });
    fake.rendered.push({ host: config.host, region: config.region, portalId: config.portalId, formId });
    const form = document.createElement("form");
    form.setAttribute("aria-label", config.formName);
    form.dataset.formId = formId;
    form.innerHTML = '<label>Email <input name="email" type="email" required></label> <button type="submit">' + config.submitLabel + '</button>';
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      fake.submissions += 1;
      const accepted = fake.submissions > config.failFirstSubmissions;
      Promise.resolve().then(() => announce(frame, accepted ? config.events.submissionSucceeded : config.events.submissionFailed));
    });
    frame.append(form);
    if (config.ready === "ready") setTimeout(() => announce(frame, config.events.ready), config.readyAfterMs);
  }
  const renderAll = () => document.querySelectorAll(".hs-form-frame").forEach(render);
  renderAll();
  new MutationObserver(renderAll).observe(document.documentElement, { childList: true, subtree: true });
})();`;
}

/**
 * Serves a fake of the current forms editor's portal script on any `*.hsforms.net`
 * host (`/forms/embed/<portalId>.js`) through request interception.
 */
export async function fakeCurrentHubSpot(page: Page, options: FakeCurrentHubSpotOptions = {}) {
  const { ready = "ready", readyAfterMs = 0, failFirstSubmissions = 0, failFirstRequests = 0, hold = false } = options;
  const responder = scriptResponder({ failFirstRequests, hold }, (url) =>
    fakeCurrentEmbedScript(url, { ready, readyAfterMs, failFirstSubmissions }),
  );
  await page.route(CURRENT_EMBED_URL, responder.handle);

  return {
    get requests() {
      return responder.requests;
    },
    /** Every script address requested, oldest first. */
    get urls() {
      return responder.urls;
    },
    release: responder.release,
    /** The forms rendered so far, oldest first. */
    rendered: () =>
      page.evaluate(
        () =>
          (window as unknown as { __fakeHubSpotV4?: { rendered: RenderedFrame[] } }).__fakeHubSpotV4?.rendered ?? [],
      ),
    /** Dispatches a HubSpot form event for `formId` on window, as another form on the page would. */
    announce: (name: string, formId: string) =>
      page.evaluate(([eventName, id]) => window.dispatchEvent(new CustomEvent(eventName, { detail: { formId: id } })), [
        name,
        formId,
      ] as const),
  };
}

/**
 * How many documents of `path` the page has loaded so far (pages are separate
 * documents: the embed script is requested once per page load).
 */
export function countLoadsOf(page: Page, path: string): () => number {
  let loads = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === path) loads += 1;
  });
  return () => loads;
}

/** HubSpot's tracking code, any region: `js.hs-scripts.com/<portalId>.js`, `js-eu1.hs-scripts.com/...`. */
export const HUBSPOT_TRACKING_URL = /^https:\/\/js(-[a-z0-9]+)?\.hs-scripts\.com\/\d+\.js$/;

/**
 * Serves a fake of HubSpot's tracking code through request interception: it takes over
 * `_hsq` and records every command given to it, those queued before it ran included
 * (`window.__hsqCommands`). It sets no cookie, as the real one does not before consent.
 */
export async function fakeHubSpotTracking(page: Page) {
  await page.route(HUBSPOT_TRACKING_URL, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body:
        "var q=window._hsq||[];window.__hsqCommands=[];" +
        "window._hsq={push:function(c){window.__hsqCommands.push(c)}};q.forEach(function(c){window._hsq.push(c)});",
    }),
  );
}
