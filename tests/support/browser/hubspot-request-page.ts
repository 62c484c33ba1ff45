/**
 * The request page's flows with HubSpot's form that both embeds share, for the HubSpot
 * request-page spec (request-invitation-hubspot.spec.ts), which runs them over the legacy
 * and the current embed: the locators, the failed state's fallback, the confirmation, fast
 * toggles, leaving and coming back, and the readiness time limit. The spec sets up the
 * embed's fake (fake-hubspot.ts) before calling a flow, and checks what only that embed has
 * (scripts, frames, create calls) after it.
 */
import type { Locator, Page } from "@playwright/test";
import { requestWords as copy } from "../words";
import { FAKE_FORM_NAME, FAKE_SUBMIT_LABEL, HUBSPOT_TEST_IDS, countLoadsOf } from "./fake-hubspot";
import { expect } from "./fixtures";
import { site } from "./site-config";
import { pages } from "../words";

export type Mode = keyof typeof copy.modes;
export const PATH = pages.requestInvitation.path;
/** docs/product.md#the-request-page, written out so a changed constant fails here. */
export const FORM_READY_TIMEOUT_MS = 10_000;
/** The console lines of a failed load: the browser's network error and the page's own log. */
export const FAILURE_CONSOLE = /Failed to load resource|contact form failed to load/;

export const radio = (page: Page, mode: Mode) => page.getByRole("radio", { name: copy.modes[mode].toggleLabel });
export const hubspotForm = (page: Page) => page.getByRole("form", { name: FAKE_FORM_NAME });
export const loading = (page: Page) => page.getByRole("status").filter({ hasText: copy.loader.loading });
export const failure = (page: Page) => page.getByRole("alert");
export const retry = (page: Page) => page.getByRole("button", { name: copy.loader.retry });
export const notice = (page: Page) => page.getByRole("status", { name: copy.confirmation.title });

/** The failed state both embeds share: the message, Try Again, the mailto fallback, no loading status. */
export async function expectFailedFallback(page: Page, mode: Mode) {
  await expect(failure(page)).toHaveText(copy.loader.failed);
  await expect(retry(page)).toBeVisible();
  const mailto = page
    .getByRole("main")
    .locator("p", { hasText: copy.loader.fallbackLead })
    .getByRole("link", { name: site.contactEmail });
  await expect(mailto).toHaveAttribute(
    "href",
    `mailto:${site.contactEmail}?subject=${encodeURIComponent(copy.modes[mode].mailSubject)}`,
  );
}

/** Fills HubSpot's (fake) form and sends it. */
export async function submitHubSpotForm(page: Page) {
  const form = hubspotForm(page);
  await form.getByLabel("Email").fill("alex@example.com");
  await form.getByRole("button", { name: FAKE_SUBMIT_LABEL }).click();
}

/** After a sent form: the confirmation has the focus, names the mode, and the page celebrates. */
export async function expectConfirmation(page: Page, mode: Mode) {
  await expect(notice(page)).toBeFocused();
  await expect(notice(page).getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
  await expect(notice(page)).toContainText(copy.modes[mode].confirmationBody);
  await expect(page.getByTestId("confetti")).toBeAttached();
}

/** Opens the page and toggles five times, fast: one form stays, the last mode's (employer). */
export async function toggleFiveTimes(page: Page) {
  await page.goto(PATH);
  await expect(hubspotForm(page)).toBeVisible();
  for (const mode of ["employer", "candidate", "employer", "candidate", "employer"] as const) {
    await radio(page, mode).click();
  }
  await expect(hubspotForm(page)).toHaveAttribute("data-form-id", HUBSPOT_TEST_IDS.formIds.employer);
  await expect(page.locator("form")).toHaveCount(1);
}

/**
 * Opens the page, follows its back link home (where `left` must be gone) and comes back:
 * one form again. Returns how many times the page itself was loaded.
 */
export async function leaveAndComeBack(page: Page, left: (page: Page) => Locator): Promise<number> {
  const loads = countLoadsOf(page, PATH);
  await page.goto(PATH);
  await expect(hubspotForm(page)).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: copy.backLink.label }).click();
  await expect(page).toHaveURL(pages.home.path);
  await expect(left(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(PATH);
  await expect(hubspotForm(page)).toBeVisible();
  await expect(page.locator("form")).toHaveCount(1);
  return loads();
}

/**
 * With time standing still from before the page loads (so the readiness timer starts at a
 * known instant): loading until the last millisecond, then failed. `started` resolves once
 * the fake has begun rendering the form.
 */
export async function waitOutReadiness(page: Page, started: () => Promise<number>) {
  const start = new Date("2025-01-01T00:00:00Z").getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto(PATH);
  await expect.poll(started).toBe(1);
  await expect(loading(page)).toBeVisible();

  await page.clock.runFor(FORM_READY_TIMEOUT_MS - 1);
  await expect(loading(page)).toBeVisible();
  await expect(failure(page)).toHaveCount(0);
  await page.clock.runFor(1);
}

/** What a test types into the site's own form, for either mode's fields. */
export function ownFormValues(email: string): Record<string, string> {
  return {
    firstname: "Sam",
    lastname: "Rivera",
    email,
    jobtitle: "Head of Talent",
    company: "Contoso",
    linkedin_url: "https://www.linkedin.com/in/sam-rivera",
    role_to_fill: "VP, Talent Acquisition",
    message: "Sent while HubSpot was blocked.",
  };
}
