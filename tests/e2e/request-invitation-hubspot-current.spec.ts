// The request page in the build with HubSpot ids, the current forms editor's embed and
// region eu1 (served at HUBSPOT_CURRENT_BUILD_URL), against a fake of the portal's
// script served on HubSpot's eu1 host: every loader state and change the legacy
// embed's spec covers, driven by HubSpot's window events, under the served CSP.
import type { Page } from "@playwright/test";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import {
  FAKE_FORM_NAME,
  FAKE_SUBMIT_LABEL,
  fakeCurrentHubSpot,
  HUBSPOT_CURRENT_BUILD_URL,
  HUBSPOT_CURRENT_TEST_ENV,
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
  loading,
  notice,
  PATH,
  pathFor,
  radio,
  retry,
  submitHubSpotForm,
  toggleFiveTimes,
  waitOutReadiness,
  type Mode,
} from "../support/browser/hubspot-request-page";
import { pages } from "../../app/content/pages";
import { requestInvitationContent as copy } from "../../app/content/request-invitation";

test.use({ baseURL: HUBSPOT_CURRENT_BUILD_URL });

// Written out, so a changed constant or host fails here (docs/product.md#configuration and #beyond-the-specification, HubSpot's embed code).
const REGION = "eu1";
const FORMS_HOST = "https://js-eu1.hsforms.net";
const PORTAL_SCRIPT = `${FORMS_HOST}/forms/embed/${HUBSPOT_TEST_IDS.portalId}.js`;
const EVENTS = {
  ready: "hs-form-event:on-ready",
  success: "hs-form-event:on-submission:success",
  failed: "hs-form-event:on-submission:failed",
} as const;
const OTHER_FORM_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

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

async function expectFailedState(page: Page, mode: Mode) {
  await expectFailedFallback(page, mode);
  await expect(frames(page)).toHaveCount(0);
  await expect(loading(page)).toHaveCount(0);
}

test.describe("the current-embed build", () => {
  test("the request page preconnects to HubSpot's eu1 host (this server holds the build with HUBSPOT_EMBED=current)", async ({
    page,
  }) => {
    expect(HUBSPOT_CURRENT_TEST_ENV).toMatchObject({ HUBSPOT_EMBED: "current", HUBSPOT_REGION: REGION });
    const { html } = await fetchHtml(page, PATH);
    expect(html, `${HUBSPOT_CURRENT_BUILD_URL} must serve a build made with HUBSPOT_CURRENT_TEST_ENV`).toContain(
      `<link rel="preconnect" href="${FORMS_HOST}">`,
    );
  });

  test("no other page requests HubSpot's script", async ({ page }) => {
    const hubspotRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.hsforms\.(net|com)$/.test(new URL(request.url()).hostname)) hubspotRequests.push(request.url());
    });
    for (const { path } of Object.values(pages).filter((info) => info.indexable && info.path !== PATH)) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(hubspotRequests).toEqual([]);
  });
});

test.describe("the form loader with HubSpot's current embed", () => {
  test("loads the portal's script from the eu1 host under the served CSP, shows loading until on-ready, then the form", async ({
    page,
  }) => {
    await watchViolations(page);
    const fake = await fakeCurrentHubSpot(page, { hold: true, ready: "never-ready" });
    await page.goto(PATH, { waitUntil: "domcontentloaded" });
    await expect(loading(page)).toBeVisible();
    await expect.poll(() => fake.requests).toBe(1);
    expect(fake.urls).toEqual([PORTAL_SCRIPT]);
    await expect(frames(page)).toHaveCount(1);
    await expect(frames(page)).toHaveAttribute("data-region", REGION);
    await expect(frames(page)).toHaveAttribute("data-portal-id", HUBSPOT_TEST_IDS.portalId);
    await expect(frames(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.candidate);

    fake.release();
    // Rendered is not ready: the form stays hidden behind the loading status until HubSpot says so.
    await expect.poll(async () => (await fake.rendered()).length).toBe(1);
    expect((await fake.rendered())[0]).toEqual({
      host: "js-eu1.hsforms.net",
      region: REGION,
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
    await page.goto(pathFor("employer"));
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

  test("a script network error fails with a mailto fallback; Try Again loads the script afresh", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(FAILURE_CONSOLE);
    const fake = await fakeCurrentHubSpot(page, { failFirstRequests: 1 });
    await page.goto(pathFor("employer"));
    await expectFailedState(page, "employer");
    await expect(portalScripts(page)).toHaveCount(0);

    await retry(page).click();
    await expect(hubspotForm(page)).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    expect(fake.requests).toBe(2);
    await expect(portalScripts(page)).toHaveCount(1);
  });

  test(`no on-ready within ${FORM_READY_TIMEOUT_MS / 1000} s fails; a late on-ready is ignored`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/contact form failed to load/);
    const fake = await fakeCurrentHubSpot(page, { ready: "never-ready" });
    await waitOutReadiness(page, async () => (await fake.rendered()).length);
    await expectFailedState(page, "candidate");

    await fake.announce(EVENTS.ready, HUBSPOT_TEST_IDS.formIds.candidate);
    await expect(failure(page)).toHaveText(copy.loader.failed);
    await expect(loading(page)).toHaveCount(0);
  });

  for (const mode of ["candidate", "employer"] as const) {
    test(`${mode}: on-submission:success shows the confirmation, moves focus to it and celebrates`, async ({
      page,
    }) => {
      await fakeCurrentHubSpot(page);
      await page.goto(pathFor(mode));
      await submitHubSpotForm(page);

      await expectConfirmation(page, mode);
      await expect(frames(page)).toHaveCount(0);
    });
  }

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

  test("one form after five fast toggles, the last mode's, from one script", async ({ page }) => {
    const fake = await fakeCurrentHubSpot(page);
    await toggleFiveTimes(page);
    await expect(frames(page)).toHaveCount(1);
    expect(fake.requests).toBe(1);
    await expect(portalScripts(page)).toHaveCount(1);
  });

  test("one form, one script and one request per page load after navigating away and back", async ({ page }) => {
    const fake = await fakeCurrentHubSpot(page);
    const loads = await leaveAndComeBack(page, frames);
    await expect(portalScripts(page)).toHaveCount(1);
    expect(fake.requests).toBe(loads);
    expect(await fake.rendered()).toHaveLength(1);
  });

  test("the events of another form on the page are ignored", async ({ page }) => {
    await fakeCurrentHubSpot(page, { ready: "never-ready" });
    await page.goto(PATH);
    await expect.poll(() => frames(page).count()).toBe(1);

    // Another form's readiness, announced on window: this form is still loading.
    await page.evaluate(([name, id]) => window.dispatchEvent(new CustomEvent(name, { detail: { formId: id } })), [
      EVENTS.ready,
      OTHER_FORM_ID,
    ] as const);
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
      [REGION, HUBSPOT_TEST_IDS.portalId, OTHER_FORM_ID] as const,
    );
    const otherForm = page.locator("footer").getByRole("form", { name: FAKE_FORM_NAME });
    await otherForm.getByLabel("Email").fill("someone@example.com");
    await otherForm.getByRole("button", { name: FAKE_SUBMIT_LABEL }).click();
    await page.evaluate(([name, id]) => window.dispatchEvent(new CustomEvent(name, { detail: { formId: id } })), [
      EVENTS.success,
      OTHER_FORM_ID,
    ] as const);
    await expect(page.getByRole("main").getByRole("form", { name: FAKE_FORM_NAME })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
    await expect(page.getByTestId("confetti")).toHaveCount(0);
  });
});
