// The request page in a build WITH HubSpot ids and the default legacy embed in region na1
// (served at HUBSPOT_BUILD_URL), against a fake of HubSpot's v2 embed script served at
// HubSpot's address: every loader state and transition.
import type { Page } from "@playwright/test";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import {
  fakeHubSpot,
  HUBSPOT_BUILD_URL,
  HUBSPOT_EMBED_ORIGIN,
  HUBSPOT_EMBED_SRC,
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
import { ownFormFields } from "../../app/invitation/own-form-fields";
import { HUBSPOT_SERVER_PORT } from "../support/e2e-env";
import { acceptedByHubSpot, asLongAsAPerson, theStoredRequest, uniqueEmail } from "../support/browser/stored-requests";

test.use({ baseURL: HUBSPOT_BUILD_URL });

// docs/product.md#beyond-the-specification, written out so a changed constant fails here.
const HUBSPOT_REGION = "na1";

const ownForm = (page: Page, mode: Mode) => page.getByRole("form", { name: copy.ownForm.forms[mode].name });
const embedScripts = (page: Page) => page.locator(`script[src="${HUBSPOT_EMBED_SRC}"]`);

/** Text as the page escapes it into HubSpot's HTML inline message. */
const html = (text: string) => text.replaceAll("'", "&#39;");

async function expectFailedState(page: Page, mode: Mode) {
  await expectFailedFallback(page, mode);
  // The site's own form for the mode stands beside Try Again; HubSpot's is gone.
  await expect(ownForm(page, mode)).toBeVisible();
  await expect(hubspotForm(page)).toHaveCount(0);
  await expect(page.locator("form")).toHaveCount(1);
  await expect(loading(page)).toHaveCount(0);
}

/** Fills the own form for the mode with `email` and sends it. */
async function sendOwnForm(page: Page, mode: Mode, email: string) {
  const values: Record<string, string> = {
    firstname: "Sam",
    lastname: "Rivera",
    email,
    jobtitle: "Head of Talent",
    company: "Contoso",
    linkedin_url: "https://www.linkedin.com/in/sam-rivera",
    role_to_fill: "VP, Talent Acquisition",
    message: "Sent while HubSpot was blocked.",
  };
  const form = ownForm(page, mode);
  for (const field of ownFormFields(mode)) {
    await form.getByLabel(field.label, { exact: false }).first().fill(values[field.name]!);
  }
  await asLongAsAPerson(page);
  await form.getByRole("button", { name: copy.ownForm.forms[mode].submit }).click();
  return values;
}

test.describe("the HubSpot build", () => {
  test("the request page preconnects to HubSpot (this server holds the build with ids)", async ({ page }) => {
    const { html } = await fetchHtml(page, PATH);
    expect(html, `${HUBSPOT_BUILD_URL} must serve a build made with HUBSPOT_TEST_ENV`).toContain(
      `<link rel="preconnect" href="${HUBSPOT_EMBED_ORIGIN}">`,
    );
  });

  test("no other page requests HubSpot's script or preconnects to it", async ({ page }) => {
    const hubspotRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(HUBSPOT_EMBED_ORIGIN)) hubspotRequests.push(request.url());
    });
    const others = Object.values(pages).filter((info) => info.path !== PATH && info.path !== pages.notFound.path);
    expect(others.length).toBeGreaterThanOrEqual(5);
    for (const { path } of others) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(`link[href^="${HUBSPOT_EMBED_ORIGIN}"]`)).toHaveCount(0);
      const { html } = await fetchHtml(page, path);
      expect(html).not.toContain(HUBSPOT_EMBED_ORIGIN);
    }
    expect(hubspotRequests).toEqual([]);
  });
});

test.describe("the form loader with HubSpot", () => {
  test("shows the loading status while the script is delayed, then the form", async ({ page }) => {
    const fake = await fakeHubSpot(page, { hold: true });
    // A script added before the load event delays it, so do not wait for that event.
    await page.goto(PATH, { waitUntil: "domcontentloaded" });
    await expect(loading(page)).toBeVisible();
    await expect.poll(() => fake.requests).toBe(1);
    await expect(page.locator("form")).toHaveCount(0);

    fake.release();
    await expect(hubspotForm(page)).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
  });

  test("creates the form in region na1 with the portal id, each mode's form id and an inline thank-you", async ({
    page,
  }) => {
    const fake = await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    const [candidate] = await fake.calls();
    expect(candidate).toMatchObject({
      region: HUBSPOT_REGION,
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
    expect(calls[1]).toMatchObject({ region: HUBSPOT_REGION, formId: HUBSPOT_TEST_IDS.formIds.employer });
    expect(calls[1]!.inlineMessage).toContain(html(copy.modes.employer.confirmationBody));
    expect(calls[1]!.target).not.toBe(candidate!.target);
    expect(fake.requests).toBe(1);
  });

  test("opened at type=employer, it creates the employer form only", async ({ page }) => {
    const fake = await fakeHubSpot(page);
    await page.goto(pathFor("employer"));
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    expect((await fake.calls()).map((call) => call.formId)).toEqual([HUBSPOT_TEST_IDS.formIds.employer]);
  });

  test("waits for hbspt.forms.create when the script defines it late", async ({ page }) => {
    const fake = await fakeHubSpot(page, { createAfterMs: 450 });
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    expect(await fake.calls()).toHaveLength(1);
  });

  test("a script network error fails with a mailto fallback; Try Again adds the script afresh", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(FAILURE_CONSOLE);
    const fake = await fakeHubSpot(page, { failFirstRequests: 1 });
    await page.goto(pathFor("employer"));
    await expectFailedState(page, "employer");
    await expect(embedScripts(page)).toHaveCount(0);
    expect(consoleErrors.all.some((line) => /contact form failed to load/.test(line))).toBe(true);

    await retry(page).click();
    await expect(hubspotForm(page)).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    expect(fake.requests).toBe(2);
    await expect(embedScripts(page)).toHaveCount(1);
  });

  test("an exception from create fails, and Try Again tries again", async ({ page, consoleErrors }) => {
    consoleErrors.expect(/contact form failed to load/);
    const fake = await fakeHubSpot(page, { create: "throw" });
    await page.goto(PATH);
    await expectFailedState(page, "candidate");
    expect(consoleErrors.all.some((line) => /fake HubSpot: create failed/.test(line))).toBe(true);

    await retry(page).click();
    await expect.poll(async () => (await fake.calls()).length).toBe(2);
    await expect(failure(page)).toHaveText(copy.loader.failed);
    // The script loaded fine, so it is reused, not fetched again.
    expect(fake.requests).toBe(1);
  });

  test(`a form not ready within ${FORM_READY_TIMEOUT_MS / 1000} s fails; a late ready is ignored`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/contact form failed to load/);
    const fake = await fakeHubSpot(page, { create: "never-ready" });
    await waitOutReadiness(page, async () => (await fake.calls()).length);
    await expectFailedState(page, "candidate");

    await fake.invokeCallback(0, "onFormReady");
    await expect(failure(page)).toHaveText(copy.loader.failed);
    await expect(loading(page)).toHaveCount(0);
  });

  test("one form after five fast toggles, the last mode's, from one script", async ({ page }) => {
    const fake = await fakeHubSpot(page);
    await toggleFiveTimes(page);
    expect(fake.requests).toBe(1);
    await expect(embedScripts(page)).toHaveCount(1);
    expect((await fake.calls()).at(-1)?.formId).toBe(HUBSPOT_TEST_IDS.formIds.employer);
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

  test("one form, one script and one request per page load after navigating away and back", async ({ page }) => {
    const fake = await fakeHubSpot(page);
    const loads = await leaveAndComeBack(page, (home) => home.locator("form"));
    await expect(embedScripts(page)).toHaveCount(1);
    expect(fake.requests).toBe(loads);
    expect(await fake.calls()).toHaveLength(1);
  });

  for (const mode of ["candidate", "employer"] as const) {
    test(`${mode}: submission shows the confirmation, moves focus to it and celebrates`, async ({ page }) => {
      await fakeHubSpot(page);
      await page.goto(pathFor(mode));
      await submitHubSpotForm(page);

      await expectConfirmation(page, mode);
      await expect(page.locator("form")).toHaveCount(0);
    });
  }

  test("the site's own form is not on the page while HubSpot's form works", async ({ page }) => {
    await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    await radio(page, "employer").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    await expect(page.locator('form[action="/api/invitation-requests"]')).toHaveCount(0);
  });
});

test.describe("the site's own form when HubSpot's cannot be used", () => {
  for (const mode of ["candidate", "employer"] as const) {
    test(`${mode}: HubSpot's script blocked: the own form beside Try Again is stored and relayed to HubSpot once`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(FAILURE_CONSOLE);
      await page.route(HUBSPOT_EMBED_SRC, (route) => route.abort("blockedbyclient"));
      await page.goto(pathFor(mode));
      await expectFailedState(page, mode);
      await expect(page.getByText(copy.loader.ownFormLead)).toBeVisible();

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
      await page.goto(pathFor("employer"));
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
