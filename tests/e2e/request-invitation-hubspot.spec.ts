// The request page in a build WITH HubSpot ids and the default legacy embed in region na1
// (served at HUBSPOT_BUILD_URL), against a fake of HubSpot's v2 embed script served at
// HubSpot's address: every loader state and transition.
import type { Page } from "@playwright/test";
import { expect, fetchHtml, test } from "./fixtures";
import { site } from "./site-config";
import {
  FAKE_FORM_NAME,
  FAKE_SUBMIT_LABEL,
  fakeHubSpot,
  HUBSPOT_BUILD_URL,
  HUBSPOT_EMBED_ORIGIN,
  HUBSPOT_EMBED_SRC,
  HUBSPOT_TEST_IDS,
  countLoadsOf,
} from "./fake-hubspot";
import { pages } from "../../app/content/pages";
import { requestInvitationContent as copy } from "../../app/content/request-invitation";

test.use({ baseURL: HUBSPOT_BUILD_URL });

// The numbers of SPEC §7 and DECISIONS §3, written out so a changed constant fails here.
const HUBSPOT_REGION = "na1";
const FORM_READY_TIMEOUT_MS = 10_000;

type Mode = keyof typeof copy.modes;
const PATH = pages.requestInvitation.path;
const pathFor = (mode: Mode) => (mode === "employer" ? `${PATH}?type=employer` : PATH);

const radio = (page: Page, mode: Mode) => page.getByRole("radio", { name: copy.modes[mode].toggleLabel });
const hubspotForm = (page: Page) => page.getByRole("form", { name: FAKE_FORM_NAME });
const loading = (page: Page) => page.getByRole("status").filter({ hasText: copy.loader.loading });
const failure = (page: Page) => page.getByRole("alert");
const retry = (page: Page) => page.getByRole("button", { name: copy.loader.retry });
const notice = (page: Page) => page.getByRole("status", { name: copy.confirmation.title });
const embedScripts = (page: Page) => page.locator(`script[src="${HUBSPOT_EMBED_SRC}"]`);

/** Text as the page escapes it into HubSpot's HTML inline message. */
const html = (text: string) => text.replaceAll("'", "&#39;");

/** The console lines of a failed load: the browser's network error and the page's own log. */
const FAILURE_CONSOLE = /Failed to load resource|contact form failed to load/;

async function expectFailedState(page: Page, mode: Mode) {
  await expect(failure(page)).toHaveText(copy.loader.failed);
  await expect(retry(page)).toBeVisible();
  const mailto = page.getByRole("main").getByRole("link", { name: site.contactEmail }).first();
  await expect(mailto).toHaveAttribute(
    "href",
    `mailto:${site.contactEmail}?subject=${encodeURIComponent(copy.modes[mode].mailSubject)}`,
  );
  await expect(page.locator("form")).toHaveCount(0);
  await expect(loading(page)).toHaveCount(0);
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
    // Time stands still from before the page loads, so the readiness timer starts at a known instant.
    const start = new Date("2025-01-01T00:00:00Z").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto(PATH);
    await expect.poll(async () => (await fake.calls()).length).toBe(1);
    await expect(loading(page)).toBeVisible();

    await page.clock.runFor(FORM_READY_TIMEOUT_MS - 1);
    await expect(loading(page)).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    await page.clock.runFor(1);
    await expectFailedState(page, "candidate");

    await fake.invokeCallback(0, "onFormReady");
    await expect(failure(page)).toHaveText(copy.loader.failed);
    await expect(loading(page)).toHaveCount(0);
  });

  test("one form after five fast toggles, the last mode's, from one script", async ({ page }) => {
    const fake = await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    for (const mode of ["employer", "candidate", "employer", "candidate", "employer"] as const) {
      await radio(page, mode).click();
    }
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    await expect(page.locator("form")).toHaveCount(1);
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
    const loads = countLoadsOf(page, PATH);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: copy.backLink.label }).click();
    await expect(page).toHaveURL(pages.home.path);
    await expect(page.locator("form")).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    await expect(page.locator("form")).toHaveCount(1);
    await expect(embedScripts(page)).toHaveCount(1);
    expect(fake.requests).toBe(loads());
    expect(await fake.calls()).toHaveLength(1);
  });

  for (const mode of ["candidate", "employer"] as const) {
    test(`${mode}: submission shows the confirmation, moves focus to it and celebrates`, async ({ page }) => {
      await fakeHubSpot(page);
      await page.goto(pathFor(mode));
      const form = hubspotForm(page);
      await form.getByLabel("Email").fill("alex@example.com");
      await form.getByRole("button", { name: FAKE_SUBMIT_LABEL }).click();

      await expect(notice(page)).toBeFocused();
      await expect(notice(page).getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
      await expect(notice(page)).toContainText(copy.modes[mode].confirmationBody);
      await expect(page.getByTestId("confetti")).toBeAttached();
      await expect(page.locator("form")).toHaveCount(0);
    });
  }

  test("the stand-in is never loaded when HubSpot is configured", async ({ page }) => {
    const standIn: string[] = [];
    page.on("request", (request) => {
      if (/stand-in/.test(request.url())) standIn.push(request.url());
    });
    await fakeHubSpot(page);
    await page.goto(PATH);
    await expect(hubspotForm(page)).toBeVisible();
    await radio(page, "employer").check();
    await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
    expect(standIn).toEqual([]);
  });
});
