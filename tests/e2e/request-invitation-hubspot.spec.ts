// The request page in the builds WITH HubSpot ids, against fakes of HubSpot's embed scripts
// served at HubSpot's addresses: every loader state and transition, for both embeds.
//
// Which embed a page loads, and from which region's host, is fixed when the site is built
// (HUBSPOT_EMBED, HUBSPOT_REGION), so each embed has its own build, both made and served by
// playwright.config.ts:
//   - the legacy (v2) embed, `hbspt.forms.create`, in the default region na1, at
//     HUBSPOT_BUILD_URL (HUBSPOT_TEST_ENV);
//   - the current forms editor's embed, a portal script that renders into form frames and
//     reports with window events, in region eu1, at HUBSPOT_CURRENT_BUILD_URL
//     (HUBSPOT_CURRENT_TEST_ENV): a region other than na1, so the browser proves the
//     region's host and the served CSP together.
// The flows both embeds share run once per embed, over EMBEDS, each embed saying what "the
// form is ready", "submitted" and "failed" mean for it; what only one embed has (the legacy
// embed's create options and the site's own form beside it; the current embed's frames and
// events) has a block of its own below.
import type { Locator, Page } from "@playwright/test";
import { requestPagePath } from "#shared/routes.ts";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import {
  FAKE_FORM_NAME,
  FAKE_SUBMIT_LABEL,
  fakeCurrentHubSpot,
  fakeHubSpot,
  HUBSPOT_BUILD_URL,
  HUBSPOT_CURRENT_BUILD_URL,
  HUBSPOT_CURRENT_TEST_ENV,
  HUBSPOT_EMBED_ORIGIN,
  HUBSPOT_EMBED_SRC,
  HUBSPOT_TEST_ENV,
  HUBSPOT_TEST_IDS,
} from "../support/browser/fake-hubspot";
import {
  expectConfirmation,
  expectFailedFallback,
  FAILURE_CONSOLE,
  failure,
  FORM_READY_TIMEOUT_MS,
  hubspotForm,
  leaveAndComeBack,
  ownFormValues,
  loading,
  notice,
  PATH,
  radio,
  retry,
  submitHubSpotForm,
  toggleFiveTimes,
  waitOutReadiness,
  type Mode,
} from "../support/browser/hubspot-request-page";
import { requestWords as copy } from "../support/words";
import { ownFormFields } from "../support/words";
import { HUBSPOT_SERVER_PORT } from "../support/e2e-env";
import { acceptedByHubSpot, asLongAsAPerson, theStoredRequest, uniqueEmail } from "../support/browser/stored-requests";
import { parseSiteConfig } from "#shared/site-config.ts";
import { pages } from "../support/words";

// Written out, so a changed constant or host fails here (docs/product.md#configuration and
// #beyond-the-specification, HubSpot's embed code).
const LEGACY_REGION = "na1";
const CURRENT_REGION = "eu1";
const CURRENT_FORMS_HOST = "https://js-eu1.hsforms.net";
const PORTAL_SCRIPT = `${CURRENT_FORMS_HOST}/forms/embed/${HUBSPOT_TEST_IDS.portalId}.js`;
const EVENTS = {
  ready: "hs-form-event:on-ready",
  success: "hs-form-event:on-submission:success",
  failed: "hs-form-event:on-submission:failed",
} as const;
const OTHER_FORM_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

/** Any request to HubSpot's forms hosts, in any region. */
const isHubSpotRequest = (url: string) => /\.hsforms\.(net|com)$/.test(new URL(url).hostname);

/** What a shared flow asks of an embed's fake. */
interface EmbedFakeOptions {
  /** Hold the script's responses until `release()`. */
  hold?: boolean;
  /** The first this many requests for the script fail at the network level. */
  failFirstRequests?: number;
  /** The form renders but never reports that it is ready. */
  neverReady?: boolean;
}

/** An embed's fake, as the shared flows see it. */
interface EmbedFake {
  readonly requests: number;
  release(): void;
  /** The form ids HubSpot's script was asked to render so far, oldest first. */
  formIds(): Promise<string[]>;
  /** Reports the first (candidate) form ready, as a late HubSpot would. */
  readyLate(): Promise<unknown>;
}

interface Embed {
  name: string;
  /** Where the build with this embed is served. */
  buildUrl: string;
  /** The environment the build was made with, by name, and the embed and region it gives. */
  env: { name: string; value: Record<string, string>; selects: { embed: string; region: string } };
  /** The forms host the request page preconnects to and loads the script from. */
  formsOrigin: string;
  /** The embed's script elements on the page. */
  scripts: (page: Page) => Locator;
  /** Where HubSpot's form lives while it works: one while the page shows it, none once it is done or left. */
  formHost: (page: Page) => Locator;
  /** The embed's word for "the form is ready", and for "the form was submitted". */
  ready: string;
  submitted: string;
  /** Serves the embed's fake script. */
  fake: (page: Page, options?: EmbedFakeOptions) => Promise<EmbedFake>;
  /** The failed state: the shared fallback and what the embed leaves on the page. */
  expectFailed: (page: Page, mode: Mode) => Promise<void>;
}

// --- the legacy embed ---

const ownForm = (page: Page, mode: Mode) => page.getByRole("form", { name: copy.ownForm.forms[mode].name });
const legacyScripts = (page: Page) => page.locator(`script[src="${HUBSPOT_EMBED_SRC}"]`);

/** Text as the page escapes it into HubSpot's HTML inline message. */
const html = (text: string) => text.replaceAll("'", "&#39;");

async function expectLegacyFailed(page: Page, mode: Mode) {
  await expectFailedFallback(page, mode);
  // The site's own form for the mode leads, the failure and Try Again below it; HubSpot's is gone.
  await expect(ownForm(page, mode)).toBeVisible();
  await expect(page.getByText(copy.loader.ownFormFirst)).toBeVisible();
  await expect(hubspotForm(page)).toHaveCount(0);
  await expect(page.locator("form")).toHaveCount(1);
  await expect(loading(page)).toHaveCount(0);
}

/** Fills the own form for the mode with `email` and sends it. */
async function sendOwnForm(page: Page, mode: Mode, email: string) {
  const values = ownFormValues(email);
  const form = ownForm(page, mode);
  for (const field of ownFormFields(mode)) {
    await form.getByLabel(field.label, { exact: false }).first().fill(values[field.name]!);
  }
  await asLongAsAPerson(page);
  await form.getByRole("button", { name: copy.ownForm.forms[mode].submit }).click();
  return values;
}

// --- the current embed ---

const portalScripts = (page: Page) => page.locator(`script[src="${PORTAL_SCRIPT}"]`);
const frames = (page: Page) => page.locator(".hs-form-frame");

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline code"}`);
    });
  });
}

/** Dispatches a HubSpot form event for `formId` from the page's form frame, as HubSpot does. */
const announceFromFrame = (page: Page, name: string, formId: string) =>
  page.evaluate(
    ([eventName, id]) =>
      document
        .querySelector(".hs-form-frame")!
        .dispatchEvent(new CustomEvent(eventName, { bubbles: true, detail: { formId: id } })),
    [name, formId] as const,
  );

async function expectCurrentFailed(page: Page, mode: Mode) {
  await expectFailedFallback(page, mode);
  await expect(frames(page)).toHaveCount(0);
  await expect(loading(page)).toHaveCount(0);
}

// --- the two embeds ---

const LEGACY: Embed = {
  name: `legacy embed (${LEGACY_REGION})`,
  buildUrl: HUBSPOT_BUILD_URL,
  // No HUBSPOT_EMBED, no HUBSPOT_REGION: the defaults are the legacy embed in na1.
  env: { name: "HUBSPOT_TEST_ENV", value: HUBSPOT_TEST_ENV, selects: { embed: "legacy", region: "na1" } },
  formsOrigin: HUBSPOT_EMBED_ORIGIN,
  scripts: legacyScripts,
  // HubSpot's form is the only form on the page while it works.
  formHost: (page) => page.locator("form"),
  ready: "onFormReady",
  submitted: "onFormSubmitted",
  fake: async (page, { hold, failFirstRequests, neverReady } = {}) => {
    const fake = await fakeHubSpot(page, { hold, failFirstRequests, create: neverReady ? "never-ready" : "ready" });
    return {
      get requests() {
        return fake.requests;
      },
      release: fake.release,
      formIds: async () => (await fake.calls()).map((call) => call.formId),
      readyLate: () => fake.invokeCallback(0, "onFormReady"),
    };
  },
  expectFailed: expectLegacyFailed,
};

const CURRENT: Embed = {
  name: `current embed (${CURRENT_REGION})`,
  buildUrl: HUBSPOT_CURRENT_BUILD_URL,
  env: {
    name: "HUBSPOT_CURRENT_TEST_ENV",
    value: HUBSPOT_CURRENT_TEST_ENV,
    selects: { embed: "current", region: CURRENT_REGION },
  },
  formsOrigin: CURRENT_FORMS_HOST,
  scripts: portalScripts,
  formHost: frames,
  ready: "on-ready",
  submitted: "on-submission:success",
  fake: async (page, { hold, failFirstRequests, neverReady } = {}) => {
    const fake = await fakeCurrentHubSpot(page, {
      hold,
      failFirstRequests,
      ready: neverReady ? "never-ready" : "ready",
    });
    return {
      get requests() {
        return fake.requests;
      },
      release: fake.release,
      formIds: async () => (await fake.rendered()).map((form) => form.formId),
      readyLate: () => fake.announce(EVENTS.ready, HUBSPOT_TEST_IDS.formIds.candidate),
    };
  },
  expectFailed: expectCurrentFailed,
};

const EMBEDS = [LEGACY, CURRENT] as const;

/** The side image's headline per mode, as the specification writes it. */
const SIDE_HEADLINE: Record<Mode, string> = {
  candidate: "Your Career Journey Starts Here",
  employer: "Build Your Dream Team",
};

// --- what both embeds do ---

for (const embed of EMBEDS) {
  test.describe(`the ${embed.name} build`, () => {
    test.use({ baseURL: embed.buildUrl });

    test(`the request page preconnects to ${embed.formsOrigin} (this server holds the build made with ${embed.env.name})`, async ({
      page,
    }) => {
      expect(parseSiteConfig(embed.env.value).hubspot).toMatchObject(embed.env.selects);
      const { html } = await fetchHtml(page, PATH);
      expect(html, `${embed.buildUrl} must serve a build made with ${embed.env.name}`).toContain(
        `<link rel="preconnect" href="${embed.formsOrigin}">`,
      );
    });

    test("no other page requests HubSpot's script or preconnects to it", async ({ page }) => {
      const hubspotRequests: string[] = [];
      page.on("request", (request) => {
        if (isHubSpotRequest(request.url())) hubspotRequests.push(request.url());
      });
      const others = Object.values(pages).filter((info) => info.path !== PATH && info.path !== pages.notFound.path);
      expect(others.length).toBeGreaterThanOrEqual(5);
      for (const { path } of others) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator(`link[href^="${embed.formsOrigin}"]`)).toHaveCount(0);
        const { html } = await fetchHtml(page, path);
        expect(html).not.toContain(embed.formsOrigin);
      }
      expect(hubspotRequests).toEqual([]);
    });

    test("when the page's own script cannot load, the page shows its own form, not a loader that never ends", async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(
        /Failed to load resource: net::ERR_FAILED|request-invitation-page|dynamically imported module/i,
      );
      // Astro tries the island's module twice (the second with ?astro-retry) before giving up.
      await page.route(/\/assets\/request-invitation-page\.[^/]*\.js/, (route) => route.abort());
      // Not the fixture's wait for hydration: there is none.
      await page.goto(PATH, { waitUntil: "domcontentloaded" });
      const ownForm = page.getByRole("form", { name: copy.ownForm.forms.candidate.name });
      await expect(ownForm).toBeVisible();
      await expect(page.getByText(copy.loader.loading)).toBeHidden();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      // React's streaming renderer once wrote this panel after the shell, hidden until its script ran.
      test("both request pages show the side image panel with its image and headline", async ({ page }) => {
        for (const mode of ["candidate", "employer"] as const) {
          await page.goto(requestPagePath(mode));
          const panel = page.getByTestId("side-image-panel");
          await expect(panel.getByText(SIDE_HEADLINE[mode], { exact: true })).toBeVisible();
          await expect(panel.locator("img")).toBeVisible();
        }
      });
    });
  });

  test.describe(`the form loader with HubSpot's ${embed.name}`, () => {
    test.use({ baseURL: embed.buildUrl });

    test("shows the loading status while the script is delayed, then the form", async ({ page }) => {
      const fake = await embed.fake(page, { hold: true });
      // A script added before the load event delays it, so do not wait for that event.
      await page.goto(PATH, { waitUntil: "domcontentloaded" });
      await expect(loading(page)).toBeVisible();
      await expect.poll(() => fake.requests).toBe(1);
      await expect(page.locator("form")).toHaveCount(0);

      fake.release();
      await expect(hubspotForm(page)).toBeVisible();
      await expect(loading(page)).toHaveCount(0);
    });

    test("a script network error fails with a mailto fallback; Try Again adds the script afresh", async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(FAILURE_CONSOLE);
      const fake = await embed.fake(page, { failFirstRequests: 1 });
      await page.goto(requestPagePath("employer"));
      await embed.expectFailed(page, "employer");
      await expect(embed.scripts(page)).toHaveCount(0);
      expect(consoleErrors.all.some((line) => /contact form failed to load/.test(line))).toBe(true);

      await retry(page).click();
      await expect(hubspotForm(page)).toBeVisible();
      await expect(failure(page)).toHaveCount(0);
      expect(fake.requests).toBe(2);
      await expect(embed.scripts(page)).toHaveCount(1);
    });

    test(`no ${embed.ready} within ${FORM_READY_TIMEOUT_MS / 1000} s fails; a late ${embed.ready} is ignored`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(/contact form failed to load/);
      const fake = await embed.fake(page, { neverReady: true });
      await waitOutReadiness(page, async () => (await fake.formIds()).length);
      await embed.expectFailed(page, "candidate");

      await fake.readyLate();
      await expect(failure(page)).toHaveText(copy.loader.failed);
      await expect(loading(page)).toHaveCount(0);
    });

    for (const mode of ["candidate", "employer"] as const) {
      test(`${mode}: ${embed.submitted} shows the confirmation, moves focus to it and celebrates`, async ({ page }) => {
        await embed.fake(page);
        await page.goto(requestPagePath(mode));
        await submitHubSpotForm(page);

        await expectConfirmation(page, mode);
        await expect(embed.formHost(page)).toHaveCount(0);
      });
    }

    test("one form after five fast toggles, the last mode's, from one script", async ({ page }) => {
      const fake = await embed.fake(page);
      await toggleFiveTimes(page);
      await expect(embed.formHost(page)).toHaveCount(1);
      expect(fake.requests).toBe(1);
      await expect(embed.scripts(page)).toHaveCount(1);
      expect((await fake.formIds()).at(-1)).toBe(HUBSPOT_TEST_IDS.formIds.employer);
    });

    test("one form, one script and one request per page load after navigating away and back", async ({ page }) => {
      const fake = await embed.fake(page);
      const loads = await leaveAndComeBack(page, embed.formHost);
      await expect(embed.scripts(page)).toHaveCount(1);
      expect(fake.requests).toBe(loads);
      expect(await fake.formIds()).toHaveLength(1);
    });
  });
}

// --- what only the legacy embed has ---

test.describe(`the form loader with HubSpot's ${LEGACY.name} only`, () => {
  test.use({ baseURL: LEGACY.buildUrl });

  test("creates the form in region na1 with the portal id, each mode's form id and an inline thank-you", async ({
    page,
  }) => {
    const fake = await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    const [candidate] = await fake.calls();
    expect(candidate).toMatchObject({
      region: LEGACY_REGION,
      portalId: HUBSPOT_TEST_IDS.portalId,
      formId: HUBSPOT_TEST_IDS.formIds.candidate,
    });
    // The target is this page's own container, found by a selector HubSpot accepts.
    expect(candidate!.target).toMatch(/^#[\w-]+$/);
    // An inline thank-you, so a form set to redirect cannot take the visitor away first.
    expect(candidate!.inlineMessage).toBe(
      `<p>${html(copy.confirmation.title)}</p><p>${html(copy.modes.candidate.confirmationBody)}</p>`,
    );
    expect(candidate!.redirectUrl).toBeUndefined();
    await expect(page.locator(`${candidate!.target} form`)).toHaveCount(1);

    await radio(page, "employer").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    const calls = await fake.calls();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ region: LEGACY_REGION, formId: HUBSPOT_TEST_IDS.formIds.employer });
    expect(calls[1]!.inlineMessage).toContain(html(copy.modes.employer.confirmationBody));
    expect(calls[1]!.target).not.toBe(candidate!.target);
    expect(fake.requests).toBe(1);
  });

  test("opened at type=employer, it creates the employer form only", async ({ page }) => {
    const fake = await fakeHubSpot(page);
    await page.goto(requestPagePath("employer"));
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    expect((await fake.calls()).map((call) => call.formId)).toEqual([HUBSPOT_TEST_IDS.formIds.employer]);
  });

  test("waits for hbspt.forms.create when the script defines it late", async ({ page }) => {
    const fake = await fakeHubSpot(page, { createAfterMs: 450 });
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    expect(await fake.calls()).toHaveLength(1);
  });

  test("an exception from create fails, and Try Again tries again", async ({ page, consoleErrors }) => {
    consoleErrors.expect(/contact form failed to load/);
    const fake = await fakeHubSpot(page, { create: "throw" });
    await page.goto(PATH);
    await expectLegacyFailed(page, "candidate");
    expect(consoleErrors.all.some((line) => /fake HubSpot: create failed/.test(line))).toBe(true);

    await retry(page).click();
    await expect.poll(async () => (await fake.calls()).length).toBe(2);
    await expect(failure(page)).toHaveText(copy.loader.failed);
    // The script loaded fine, so it is reused, not fetched again.
    expect(fake.requests).toBe(1);
  });

  test("callbacks of an earlier form never act, even when the page is back in its mode", async ({ page }) => {
    const fake = await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.candidate);
    await radio(page, "employer").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    await radio(page, "candidate").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.candidate);
    expect(await fake.calls()).toHaveLength(3);

    // The first leader form was removed: its late callbacks must not confirm or reveal anything.
    await fake.invokeCallback(0, "onFormSubmitted");
    await fake.invokeCallback(0, "onFormReady");
    await expect(notice(page)).toHaveCount(0);
    await expect(page.locator("form")).toHaveCount(1);
  });

  test("the site's own form is not on the page while HubSpot's form works", async ({ page }) => {
    await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    await radio(page, "employer").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    await expect(page.locator('form[action="/api/invitation-requests"]')).toHaveCount(0);
  });
});

test.describe(`the site's own form when HubSpot's ${LEGACY.name} cannot be used`, () => {
  test.use({ baseURL: LEGACY.buildUrl });

  for (const mode of ["candidate", "employer"] as const) {
    test(`${mode}: HubSpot's script blocked: the own form, first, is stored and relayed to HubSpot once`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(FAILURE_CONSOLE);
      await page.route(HUBSPOT_EMBED_SRC, (route) => route.abort("blockedbyclient"));
      await page.goto(requestPagePath(mode));
      await expectLegacyFailed(page, mode);

      const email = uniqueEmail(`blocked-${mode}`);
      const typed = await sendOwnForm(page, mode, email);
      await expect(notice(page)).toBeFocused();
      await expect(notice(page)).toContainText(copy.modes[mode].confirmationBody);

      // Stored first, then relayed by the server to HubSpot's submission API (a local fake here).
      const stored = await theStoredRequest(HUBSPOT_SERVER_PORT, email);
      expect(stored.mode).toBe(mode);
      await expect.poll(async () => (await acceptedByHubSpot(email)).length, { timeout: 15_000 }).toBe(1);
      const [submission] = await acceptedByHubSpot(email);
      expect(submission!.portalId).toBe(HUBSPOT_TEST_IDS.portalId);
      expect(submission!.formId).toBe(HUBSPOT_TEST_IDS.formIds[mode]);
      for (const field of ownFormFields(mode)) expect(submission!.values[field.name]).toBe(typed[field.name]);
      await expect
        .poll(async () => (await theStoredRequest(HUBSPOT_SERVER_PORT, email)).relay, { timeout: 15_000 })
        .toBe("sent");
      // Exactly once, however long we wait.
      await page.waitForTimeout(2_500);
      expect(await acceptedByHubSpot(email)).toHaveLength(1);
    });
  }

  test("on a phone, the own form comes first: its first field in the first screen, no error above it", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(FAILURE_CONSOLE);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(HUBSPOT_EMBED_SRC, (route) => route.abort("blockedbyclient"));
    await page.goto(PATH);
    await expectLegacyFailed(page, "candidate");

    const firstField = ownForm(page, "candidate").getByLabel(ownFormFields("candidate")[0]!.label, { exact: true });
    const [header, field, failed] = await Promise.all([
      page.getByRole("banner").boundingBox(),
      firstField.boundingBox(),
      failure(page).boundingBox(),
    ]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(field!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(field!.y + field!.height).toBeLessThanOrEqual(844);
    expect(failed!.y).toBeGreaterThan(field!.y + field!.height);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the own form takes the loader's place, posts, and lands on the confirmation page", async ({ page }) => {
      await page.goto(PATH);
      await expect(page.getByText(copy.loader.noScriptLead)).toBeVisible();
      await expect(loading(page)).toBeHidden();
      const email = uniqueEmail("hubspot-no-js");
      await sendOwnForm(page, "candidate", email);
      await expect(page).toHaveURL(pages.requestReceived.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirmation.title);
      expect((await theStoredRequest(HUBSPOT_SERVER_PORT, email)).mode).toBe("candidate");
      await expect.poll(async () => (await acceptedByHubSpot(email)).length, { timeout: 15_000 }).toBe(1);
    });

    test("at type=employer, the employer's own form: stored as an employer's, relayed to the employer form", async ({
      page,
    }) => {
      await page.goto(requestPagePath("employer"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.employer.heading);
      await expect(page.getByText(copy.loader.noScriptLead)).toBeVisible();
      const email = uniqueEmail("hubspot-employer-no-js");
      const sent = await sendOwnForm(page, "employer", email);
      await expect(page).toHaveURL(pages.requestReceivedEmployer.path);
      await expect(page.getByText(copy.modes.employer.confirmationBody)).toBeVisible();
      const stored = await theStoredRequest(HUBSPOT_SERVER_PORT, email);
      expect(stored.mode).toBe("employer");
      expect(stored.fields.role_to_fill).toBe(sent.role_to_fill);
      await expect.poll(async () => (await acceptedByHubSpot(email)).length, { timeout: 15_000 }).toBe(1);
      expect((await acceptedByHubSpot(email))[0]!.formId).toBe(HUBSPOT_TEST_IDS.formIds.employer);
    });
  });
});

// --- what only the current embed has ---

test.describe(`the form loader with HubSpot's ${CURRENT.name} only`, () => {
  test.use({ baseURL: CURRENT.buildUrl });

  test("loads the portal's script from the eu1 host under the served CSP; the rendered form stays behind the loading status until on-ready", async ({
    page,
  }) => {
    await watchViolations(page);
    const fake = await fakeCurrentHubSpot(page, { hold: true, ready: "never-ready" });
    await page.goto(PATH, { waitUntil: "domcontentloaded" });
    await expect.poll(() => fake.requests).toBe(1);
    expect(fake.urls).toEqual([PORTAL_SCRIPT]);
    await expect(frames(page)).toHaveCount(1);
    await expect(frames(page)).toHaveAttribute("data-region", CURRENT_REGION);
    await expect(frames(page)).toHaveAttribute("data-portal-id", HUBSPOT_TEST_IDS.portalId);
    await expect(frames(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.candidate);

    fake.release();
    // Rendered is not ready: the form stays hidden behind the loading status until HubSpot says so.
    await expect.poll(async () => (await fake.rendered()).length).toBe(1);
    expect((await fake.rendered())[0]).toEqual({
      host: "js-eu1.hsforms.net",
      region: CURRENT_REGION,
      portalId: HUBSPOT_TEST_IDS.portalId,
      formId: HUBSPOT_TEST_IDS.formIds.candidate,
    });
    await expect(loading(page)).toBeVisible();
    await expect(hubspotForm(page)).toBeHidden();

    await announceFromFrame(page, EVENTS.ready, HUBSPOT_TEST_IDS.formIds.candidate);
    await expect(hubspotForm(page)).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  });

  test("each mode's form id in the frame, one script for both", async ({ page }) => {
    const fake = await fakeCurrentHubSpot(page);
    await page.goto(requestPagePath("employer"));
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    await radio(page, "candidate").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.candidate);
    expect((await fake.rendered()).map((form) => form.formId)).toEqual([
      HUBSPOT_TEST_IDS.formIds.employer,
      HUBSPOT_TEST_IDS.formIds.candidate,
    ]);
    expect(fake.requests).toBe(1);
    await expect(portalScripts(page)).toHaveCount(1);
  });

  test("on-submission:failed shows no confirmation: the form stays, and the visitor can send again", async ({
    page,
  }) => {
    await fakeCurrentHubSpot(page, { failFirstSubmissions: 1 });
    await page.goto(PATH);
    await submitHubSpotForm(page);
    await expect(hubspotForm(page)).toBeVisible();
    await expect(hubspotForm(page).getByLabel("Email")).toHaveValue("alex@example.com");
    await expect(notice(page)).toHaveCount(0);
    await expect(page.getByTestId("confetti")).toHaveCount(0);
    await expect(failure(page)).toHaveCount(0);

    await hubspotForm(page).getByRole("button", { name: FAKE_SUBMIT_LABEL }).click();
    await expect(notice(page)).toBeFocused();
    await expect(notice(page)).toContainText(copy.modes.candidate.confirmationBody);
  });

  test("the events of another form on the page are ignored", async ({ page }) => {
    const fake = await fakeCurrentHubSpot(page, { ready: "never-ready" });
    await page.goto(PATH);
    await expect.poll(() => frames(page).count()).toBe(1);

    // Another form's readiness, announced on window: this form is still loading.
    await fake.announce(EVENTS.ready, OTHER_FORM_ID);
    await expect(loading(page)).toBeVisible();
    await announceFromFrame(page, EVENTS.ready, HUBSPOT_TEST_IDS.formIds.candidate);
    await expect(loading(page)).toHaveCount(0);

    // A second HubSpot form elsewhere on the page (a newsletter form, say), rendered and sent.
    await page.evaluate(
      ([region, portalId, formId]) => {
        const other = document.createElement("div");
        other.className = "hs-form-frame";
        Object.assign(other.dataset, { region, portalId, formId });
        document.querySelector("footer")!.append(other);
      },
      [CURRENT_REGION, HUBSPOT_TEST_IDS.portalId, OTHER_FORM_ID] as const,
    );
    const otherForm = page.locator("footer").getByRole("form", { name: FAKE_FORM_NAME });
    await otherForm.getByLabel("Email").fill("someone@example.com");
    await otherForm.getByRole("button", { name: FAKE_SUBMIT_LABEL }).click();
    await fake.announce(EVENTS.success, OTHER_FORM_ID);
    await expect(page.getByRole("main").getByRole("form", { name: FAKE_FORM_NAME })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
    await expect(page.getByTestId("confetti")).toHaveCount(0);
  });
});
