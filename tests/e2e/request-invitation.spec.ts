// The request page in the default build (no HubSpot ids): modes, the toggle and the URL,
// the local stand-in form end to end, confirmation and celebration.
import type { Page } from "@playwright/test";
import { expect, fetchHtml, test } from "./fixtures";
import { site } from "./site-config";
import { pages } from "../../app/content/pages";
import { requestInvitationContent as copy } from "../../app/content/request-invitation";

type Mode = keyof typeof copy.modes;
const MODES = ["candidate", "employer"] as const satisfies readonly Mode[];
const PATH = pages.requestInvitation.path;
const pathFor = (mode: Mode) => (mode === "employer" ? `${PATH}?type=employer` : PATH);
const titleFor = (mode: Mode) => `${copy.modes[mode].meta.title} | The ${site.siteName}`;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const radio = (page: Page, mode: Mode) => page.getByRole("radio", { name: copy.modes[mode].toggleLabel });
const standInForm = (page: Page, mode: Mode) => page.getByRole("form", { name: copy.standInForm.forms[mode].name });
const notice = (page: Page) => page.getByRole("status", { name: copy.confirmation.title });

async function expectMode(page: Page, mode: Mode) {
  await expect(heading(page)).toHaveText(copy.modes[mode].heading);
  await expect(page.getByText(copy.modes[mode].subtitle)).toBeVisible();
  await expect(page).toHaveTitle(titleFor(mode));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", copy.modes[mode].meta.description);
  await expect(radio(page, mode)).toBeChecked();
  await expect(standInForm(page, mode)).toBeVisible();
}

const sample: Record<string, string> = {
  firstname: "Alex",
  lastname: "Morgan",
  email: "alex.morgan@example.com",
  jobtitle: "VP, Talent Acquisition",
  company: "Northwind",
  linkedin_url: "https://www.linkedin.com/in/alex-morgan",
  role_to_fill: "Chief Talent Officer",
};

test.describe("modes", () => {
  test("the prerendered HTML is the leader mode", async ({ page }) => {
    const { status, html } = await fetchHtml(page, PATH);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${titleFor("candidate")}</title>`);
    expect(html).toContain(copy.modes.candidate.heading);
    expect(html).toContain(copy.loader.loading);
    expect(html).not.toContain(copy.modes.employer.heading);
  });

  test("no type, or any type but employer, is the leader mode", async ({ page }) => {
    for (const query of ["", "?type=candidate", "?type=Employer", "?type=employers&x=1"]) {
      await page.goto(`${PATH}${query}`);
      await expectMode(page, "candidate");
    }
  });

  test("type=employer is the employer mode from the first render after hydration", async ({ page }) => {
    await page.goto(pathFor("employer"));
    await expectMode(page, "employer");
    // The head was updated in place: no tag of the prerendered leader mode is left beside it.
    await expect(page.locator("title")).toHaveCount(1);
    const metaKeys = await page
      .locator("head meta[name], head meta[property]")
      .evaluateAll((tags) => tags.map((tag) => tag.getAttribute("name") ?? tag.getAttribute("property")));
    expect(metaKeys.length).toBeGreaterThan(10);
    expect(new Set(metaKeys).size).toBe(metaKeys.length);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", titleFor("employer"));
    // The side image matched the mode at once, with no cross-fade from the prerendered one.
    await expect(page.getByTestId("side-image-panel").locator("[data-mode]")).toHaveCount(1);
    await expect(page.getByTestId("side-image-panel").locator('[data-mode="employer"]')).toHaveAttribute(
      "data-state",
      "shown",
    );
  });

  test("the toggle switches mode and replaces the URL, keeping other parameters", async ({ page }) => {
    await page.goto(pages.home.path);
    await page.goto(`${PATH}?utm_source=newsletter`);
    await expectMode(page, "candidate");
    const historyLength = await page.evaluate(() => history.length);

    await radio(page, "employer").check();
    await expect(page).toHaveURL(`${PATH}?utm_source=newsletter&type=employer`);
    await expectMode(page, "employer");

    await radio(page, "candidate").check();
    await expect(page).toHaveURL(`${PATH}?utm_source=newsletter`);
    await expectMode(page, "candidate");

    // Replace, not push: Back leaves the page instead of undoing the toggle.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.goBack();
    await expect(page).toHaveURL(pages.home.path);
  });

  test("a change of the query to type=employer switches the mode", async ({ page }) => {
    await page.goto(PATH);
    await expectMode(page, "candidate");
    // A history entry with the employer query, as Back/Forward or an in-app link produce.
    await page.evaluate(() => {
      history.pushState(history.state, "", "?type=employer");
      window.dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    });
    await expectMode(page, "employer");
  });

  test("the toggle is a labelled radio group", async ({ page }) => {
    await page.goto(PATH);
    const group = page.getByRole("group", { name: copy.toggleLegend });
    await expect(group.getByRole("radio")).toHaveCount(2);
    await expect(radio(page, "candidate")).toBeChecked();
    await expect(radio(page, "employer")).not.toBeChecked();
  });
});

test.describe("page furniture", () => {
  test("back-to-home link, a mailto for questions and the supporter badge", async ({ page }) => {
    await page.goto(PATH);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: copy.backLink.label })).toHaveAttribute("href", pages.home.path);
    await expect(main.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
    const supporter = main.getByRole("link", { name: new RegExp(site.supporter.name) });
    await expect(supporter).toHaveAttribute("href", site.supporter.url);
    await expect(supporter).toHaveAttribute("target", "_blank");
    await expect(main.getByText(copy.supporter.label, { exact: true })).toBeVisible();
  });

  test("the side image shows the mode's headline", async ({ page }) => {
    for (const mode of MODES) {
      await page.goto(pathFor(mode));
      await expect(page.getByTestId("side-image-panel").locator('[data-state="shown"]')).toContainText(
        mode === "employer" ? "Build Your Dream Team" : "Your Career Journey Starts Here",
      );
    }
  });
});

/** Every HubSpot forms host, in any region. */
const HUBSPOT_HOST = /(^|\.)hsforms\.(net|com)$/;

test.describe("the local stand-in form", () => {
  test("neither HubSpot's script nor a preconnect to it is on the page", async ({ page }) => {
    const hubspotRequests: string[] = [];
    page.on("request", (request) => {
      if (HUBSPOT_HOST.test(new URL(request.url()).hostname)) hubspotRequests.push(request.url());
    });
    await page.goto(PATH);
    await expect(standInForm(page, "candidate")).toBeVisible();
    await expect(page.locator(`link[rel="preconnect"][href*="hsforms"]`)).toHaveCount(0);
    expect(hubspotRequests).toEqual([]);
  });

  for (const mode of MODES) {
    test(`${mode}: labelled fields, native validation, submit, celebration and confirmation`, async ({ page }) => {
      await page.goto(pathFor(mode));
      const form = standInForm(page, mode);
      const content = copy.standInForm.forms[mode];
      for (const field of content.fields) {
        await expect(form.getByLabel(field.label, { exact: true })).toHaveAttribute("type", field.type);
      }
      await expect(form.getByRole("textbox")).toHaveCount(content.fields.length);

      // Empty: the browser refuses to submit and points at the first field.
      const submit = form.getByRole("button", { name: content.submit });
      await submit.click();
      const first = form.getByLabel(content.fields[0]!.label, { exact: true });
      await expect(first).toBeFocused();
      expect(await first.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
      await expect(notice(page)).toHaveCount(0);

      // A malformed email is refused too.
      for (const field of content.fields) await form.getByLabel(field.label, { exact: true }).fill(sample[field.name]!);
      const email = form.getByLabel("Work email", { exact: true });
      await email.fill("not-an-email");
      await submit.click();
      await expect(email).toBeFocused();
      expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
      await expect(notice(page)).toHaveCount(0);

      await email.fill(sample.email!);
      await submit.click();

      await expect(notice(page)).toBeVisible();
      await expect(notice(page)).toBeFocused();
      await expect(notice(page).getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
      await expect(notice(page)).toContainText(copy.modes[mode].confirmationBody);
      await expect(page.getByRole("form")).toHaveCount(0);
      // The celebration plays, then removes itself.
      const confetti = page.getByTestId("confetti");
      await expect(confetti).toBeAttached();
      await expect(confetti.locator("> *")).toHaveCount(50);
      await expect(confetti).toHaveCount(0, { timeout: 6_000 });
    });
  }

  test("works from the keyboard alone", async ({ page }) => {
    await page.goto(pathFor("employer"));
    const content = copy.standInForm.forms.employer;
    const form = standInForm(page, "employer");
    await expect(form).toBeVisible();
    await radio(page, "employer").focus();
    for (const field of content.fields) {
      await page.keyboard.press("Tab");
      await expect(form.getByLabel(field.label, { exact: true })).toBeFocused();
      await page.keyboard.type(sample[field.name]!);
    }
    await page.keyboard.press("Enter");
    await expect(notice(page)).toBeFocused();
    await expect(notice(page)).toContainText(copy.modes.employer.confirmationBody);
  });

  test("no confetti under reduced motion, the confirmation still shows", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(PATH);
    const form = standInForm(page, "candidate");
    for (const field of copy.standInForm.forms.candidate.fields) {
      await form.getByLabel(field.label, { exact: true }).fill(sample[field.name]!);
    }
    await form.getByRole("button", { name: copy.standInForm.forms.candidate.submit }).click();
    await expect(notice(page)).toBeFocused();
    await expect(page.getByTestId("confetti")).toHaveCount(0);
  });

  test("one form after five fast toggles, for the mode the toggles end on", async ({ page }) => {
    await page.goto(PATH);
    await expect(standInForm(page, "candidate")).toBeVisible();
    for (const mode of ["employer", "candidate", "employer", "candidate", "employer"] as const) {
      await radio(page, mode).click();
    }
    await expect(standInForm(page, "employer")).toBeVisible();
    await expect(page.locator("form")).toHaveCount(1);
  });

  test("one form after navigating away and back on the client", async ({ page }) => {
    await page.goto(PATH);
    await expect(standInForm(page, "candidate")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: copy.backLink.label }).click();
    await expect(page).toHaveURL(pages.home.path);
    await expect(page.locator("form")).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: "Request Invitation" }).click();
    await expect(page).toHaveURL(PATH);
    await expect(standInForm(page, "candidate")).toBeVisible();
    await expect(page.locator("form")).toHaveCount(1);
  });
});
