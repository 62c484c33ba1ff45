// The request page in the default build (no HubSpot ids): modes, the toggle and the URL,
// the site's own form end to end (stored, in the team's export), confirmation and celebration.
import type { Locator, Page } from "@playwright/test";
import { requestPagePath } from "#shared/routes.ts";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import { site } from "../support/browser/site-config";
import { requestWords as copy } from "../support/words";
import { ownFormFields } from "../support/words";
import { NODE_SERVER_PORT } from "../support/e2e-env";
import { asLongAsAPerson, requestsFrom, theStoredRequest, uniqueEmail } from "../support/browser/stored-requests";
import { pages, siteWords } from "../support/words";

type Mode = keyof typeof copy.modes;
const MODES = ["candidate", "employer"] as const satisfies readonly Mode[];
const PATH = pages.requestInvitation.path;
const titleFor = (mode: Mode) => `${copy.modes[mode].meta.title} | The ${site.siteName}`;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const radio = (page: Page, mode: Mode) => page.getByRole("radio", { name: copy.modes[mode].toggleLabel });
const ownForm = (page: Page, mode: Mode) => page.getByRole("form", { name: copy.ownForm.forms[mode].name });
const notice = (page: Page) => page.getByRole("status", { name: copy.confirmation.title });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

/** What happens next, in order, under the confirmation: who reads the request, what the reply is, and when. */
async function expectNextSteps(within: Locator, mode: Mode) {
  const steps = within.getByRole("region", { name: copy.confirmation.nextStepsHeading }).getByRole("listitem");
  await expect(steps).toHaveText([...copy.modes[mode].sent.nextSteps]);
}

async function expectMode(page: Page, mode: Mode) {
  await expect(heading(page)).toHaveText(copy.modes[mode].heading);
  await expect(page.getByText(copy.modes[mode].subtitle)).toBeVisible();
  await expect(page).toHaveTitle(titleFor(mode));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", copy.modes[mode].meta.description);
  await expect(radio(page, mode)).toBeChecked();
  await expect(ownForm(page, mode)).toBeVisible();
}

/** What a visitor types, per field; `email` is made unique per test. */
function sampleFor(email: string): Record<string, string> {
  return {
    firstname: "Alex",
    lastname: "Morgan",
    email,
    jobtitle: "VP, Talent Acquisition",
    company: "Northwind",
    linkedin_url: "linkedin.com/in/alex-morgan",
    role_to_fill: "Chief Talent Officer",
    message: "A global TA leadership role, ideally hybrid.",
  };
}

/** Fills every field of the mode's own form by its label; returns what was typed. */
async function fillOwnForm(page: Page, mode: Mode, email: string) {
  const sample = sampleFor(email);
  const form = ownForm(page, mode);
  const typed: Record<string, string> = {};
  for (const field of ownFormFields(mode)) {
    const value = sample[field.name]!;
    typed[field.name] = value;
    await form.getByLabel(field.label, { exact: false }).first().fill(value);
  }
  await asLongAsAPerson(page);
  return typed;
}

test.describe("modes", () => {
  test("the prerendered HTML is the leader mode", async ({ page }) => {
    const { status, html } = await fetchHtml(page, PATH);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${titleFor("candidate")}</title>`);
    expect(html).toContain(copy.modes.candidate.heading);
    // The own form is in the HTML itself: it posts before (and without) JavaScript.
    expect(html).toMatch(/<form [^>]*action="\/api\/invitation-requests" method="post"/);
    // What the page shows, not the words its island is given as data (its props) for later states.
    const shown = html.replace(/ props="[^"]*"/g, "");
    expect(shown).not.toContain(copy.loader.loading);
    expect(shown).not.toContain(copy.modes.employer.heading);
  });

  test("no type, or any type but employer, is the leader mode once hydrated", async ({ page }) => {
    // Which queries the servers answer with which page is the HTTP contract's (tests/server/http-contract.test.ts).
    for (const query of ["", "?type=Employer"]) {
      await page.goto(`${PATH}${query}`);
      await expectMode(page, "candidate");
    }
  });

  test("type=employer is the employer mode from the first render after hydration", async ({ page }) => {
    await page.goto(requestPagePath("employer"));
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
    // The questions line's address (the form's privacy notice names it too).
    const questions = main.locator("p", { hasText: copy.questionsLead });
    await expect(questions.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
    const supporter = main.getByRole("link", { name: new RegExp(site.supporter.name) });
    await expect(supporter).toHaveAttribute("href", site.supporter.url);
    await expect(supporter).toHaveAttribute("target", "_blank");
    await expect(main.getByText(copy.supporterLabel, { exact: true })).toBeVisible();
  });

  test("the side image shows the mode's headline", async ({ page }) => {
    for (const mode of MODES) {
      await page.goto(requestPagePath(mode));
      await expect(page.getByTestId("side-image-panel").locator('[data-state="shown"]')).toContainText(
        mode === "employer" ? "Build Your Dream Team" : "Your Career Journey Starts Here",
      );
    }
  });
});

/** Every HubSpot forms host, in any region. */
const HUBSPOT_HOST = /(^|\.)hsforms\.(net|com)$/;

test.describe("the site's own form", () => {
  test("neither HubSpot's script nor a preconnect to it is on the page", async ({ page }) => {
    const hubspotRequests: string[] = [];
    page.on("request", (request) => {
      if (HUBSPOT_HOST.test(new URL(request.url()).hostname)) hubspotRequests.push(request.url());
    });
    await page.goto(PATH);
    await expect(ownForm(page, "candidate")).toBeVisible();
    await expect(page.locator(`link[rel="preconnect"][href*="hsforms"]`)).toHaveCount(0);
    expect(hubspotRequests).toEqual([]);
  });

  for (const mode of MODES) {
    test(`${mode}: labelled fields, validation, submit, celebration, confirmation, and the row in the export`, async ({
      page,
    }) => {
      await page.goto(requestPagePath(mode));
      const form = ownForm(page, mode);
      const content = copy.ownForm.forms[mode];
      const fields = ownFormFields(mode);
      for (const field of fields) {
        await expect(form.getByLabel(field.label, { exact: false }).first()).toHaveAttribute(
          "autocomplete",
          field.autoComplete,
        );
      }

      // Empty, on a phone: the site's own messages (no browser bubble), announced, the first field focused
      // with its label clear of the fixed header.
      await page.setViewportSize(PHONE);
      await expect(form).toHaveAttribute("novalidate", "");
      const submit = form.getByRole("button", { name: content.submit });
      await submit.click();
      await expect(page.getByRole("alert")).toHaveText(copy.ownForm.problems.invalid);
      for (const field of fields.filter((candidate) => candidate.required)) {
        const control = form.getByLabel(field.label, { exact: true });
        await expect(control).toHaveAttribute("aria-invalid", "true");
        await expect(control).toHaveAccessibleDescription(copy.validation.required);
      }
      const first = form.getByLabel(fields[0]!.label, { exact: true });
      await expect(first).toBeFocused();
      const [header, label] = await Promise.all([
        page.getByRole("banner").boundingBox(),
        form.getByText(fields[0]!.label, { exact: true }).boundingBox(),
      ]);
      expect(label!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      await expect(notice(page)).toHaveCount(0);
      await page.setViewportSize(DESKTOP);

      // A malformed email is refused too, with the site's message.
      const email = uniqueEmail(`own-${mode}`);
      const typed = await fillOwnForm(page, mode, email);
      const emailField = form.getByLabel(fields.find((field) => field.name === "email")!.label, {
        exact: true,
      });
      await emailField.fill("not-an-email");
      await submit.click();
      await expect(emailField).toBeFocused();
      await expect(emailField).toHaveAccessibleDescription(copy.validation.email);
      await expect(notice(page)).toHaveCount(0);

      await emailField.fill(email);
      await submit.click();

      await expect(notice(page)).toBeVisible();
      await expect(notice(page)).toBeFocused();
      await expect(notice(page).getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
      await expect(notice(page)).toContainText(copy.modes[mode].confirmationBody);
      // Where the reply will go: the address given, and a way to correct it before the team answers.
      await expect(notice(page).locator("[data-reply-to]")).toHaveText(
        copy.confirmation.replyTo.replace("{email}", email),
      );
      const correction = notice(page).getByRole("link", { name: site.contactEmail });
      await expect(correction).toHaveAttribute(
        "href",
        `mailto:${site.contactEmail}?subject=${encodeURIComponent(copy.confirmation.correctionSubject)}`,
      );
      await expectNextSteps(notice(page), mode);
      // The page reads as sent: its heading, subtitle and side line follow.
      await expect(heading(page)).toHaveText(copy.modes[mode].sent.heading);
      await expect(page.getByText(copy.modes[mode].sent.subtitle)).toBeVisible();
      await expect(page.getByText(copy.confirmation.questionsLead)).toBeVisible();
      await expect(page.getByText(copy.questionsLead)).toHaveCount(0);
      await expect(page.getByRole("form")).toHaveCount(0);
      // The celebration plays, then removes itself.
      const confetti = page.getByTestId("confetti");
      await expect(confetti).toBeAttached();
      await expect(confetti.locator("> *")).toHaveCount(50);
      await expect(confetti).toHaveCount(0, { timeout: 6_000 });

      // Stored once, as typed, for the mode: the team sees it in the export.
      const stored = await theStoredRequest(NODE_SERVER_PORT, email);
      expect(stored.mode).toBe(mode);
      for (const field of fields) expect(stored.fields[field.name]).toBe(typed[field.name]);
      // No HubSpot ids: nothing to relay to.
      expect(stored.relay).not.toBe("sent");
    });
  }

  test("the server's validation message is shown at the field it concerns", async ({ page, consoleErrors }) => {
    consoleErrors.expect(/status of 400/);
    await page.goto(PATH);
    const email = uniqueEmail("server-says");
    await fillOwnForm(page, "candidate", email);
    // A LinkedIn address the browser accepts (it is a text field) but the schema does not.
    const linkedin = ownForm(page, "candidate").getByLabel(
      ownFormFields("candidate").find((field) => field.name === "linkedin_url")!.label,
    );
    await linkedin.fill("not a web address");
    await ownForm(page, "candidate").getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();

    await expect(page.getByRole("alert")).toContainText(copy.ownForm.problems.invalid);
    await expect(linkedin).toHaveAttribute("aria-invalid", "true");
    await expect(linkedin).toHaveAccessibleDescription(copy.validation.url);
    await expect(linkedin).toBeFocused();
    expect(await requestsFrom(NODE_SERVER_PORT, email)).toEqual([]);
  });

  test("a send that got no answer is tried again by itself, and stored once the network is back", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/Failed to load resource/);
    await page.goto(PATH);
    const email = uniqueEmail("offline");
    await fillOwnForm(page, "candidate", email);
    let tries = 0;
    await page.route("**/api/invitation-requests", (route) =>
      tries++ === 0 ? route.abort("internetdisconnected") : route.continue(),
    );
    await ownForm(page, "candidate").getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
    await expect(notice(page)).toBeFocused();
    expect(tries).toBe(2);
    await theStoredRequest(NODE_SERVER_PORT, email);
  });

  test("a send answered 503 after the server had stored it is tried again with its key, and stored once", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/status of 503/);
    await page.goto(PATH);
    const email = uniqueEmail("stored-late");
    await fillOwnForm(page, "candidate", email);
    let tries = 0;
    await page.route("**/api/invitation-requests", async (route) => {
      if (tries++ > 0) return route.continue();
      // It reaches the server, which stores it; the visitor is told 503, as after a save that outlasted its limit.
      await route.fetch();
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "5", "Content-Type": "application/json" },
        body: JSON.stringify({ error: "unavailable" }),
      });
    });
    await ownForm(page, "candidate").getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
    await expect(notice(page)).toBeFocused();
    expect(tries).toBe(2);
    await theStoredRequest(NODE_SERVER_PORT, email);
    // And nothing more arrives later.
    await page.waitForTimeout(1000);
    expect(await requestsFrom(NODE_SERVER_PORT, email)).toHaveLength(1);
  });

  test("leader, employer, leader and Send at once: the request is stored (held or not), never dropped", async ({
    page,
  }) => {
    await page.goto(PATH);
    const email = uniqueEmail("switch-back");
    const sample = sampleFor(email);
    const form = ownForm(page, "candidate");
    // Filled as fast as a script can, with no pause for a person's pace.
    for (const field of ownFormFields("candidate")) {
      await form.getByLabel(field.label, { exact: false }).first().fill(sample[field.name]!);
    }
    await radio(page, "employer").check();
    await expect(ownForm(page, "employer")).toBeVisible();
    await radio(page, "candidate").check();
    await form.getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
    await expect(notice(page)).toBeVisible();
    // The fill time counted from the page's first paint, not from the remount: whether or
    // not it was fast enough to be held, the request is in the team's export.
    const stored = await theStoredRequest(NODE_SERVER_PORT, email);
    expect(stored.mode).toBe("candidate");
    expect([null, "fill-time"]).toContain(stored.held);
  });

  test("works from the keyboard alone", async ({ page }) => {
    await page.goto(requestPagePath("employer"));
    const content = copy.ownForm.forms.employer;
    const fields = ownFormFields("employer");
    const form = ownForm(page, "employer");
    const values = sampleFor(uniqueEmail("keyboard"));
    await expect(form).toBeVisible();
    await radio(page, "employer").focus();
    for (const field of fields) {
      await page.keyboard.press("Tab");
      await expect(form.getByLabel(field.label, { exact: false }).first()).toBeFocused();
      await page.keyboard.type(values[field.name]!);
    }
    // The last field is the message (a textarea): Tab to the button and press it.
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: content.submit })).toBeFocused();
    await asLongAsAPerson(page);
    await page.keyboard.press("Enter");
    await expect(notice(page)).toBeFocused();
    await expect(notice(page)).toContainText(copy.modes.employer.confirmationBody);
  });

  test("no confetti under reduced motion, the confirmation still shows", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(PATH);
    await fillOwnForm(page, "candidate", uniqueEmail("reduced-motion"));
    await ownForm(page, "candidate").getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
    await expect(notice(page)).toBeFocused();
    await expect(page.getByTestId("confetti")).toHaveCount(0);
  });

  test("one form after five fast toggles, for the mode the toggles end on", async ({ page }) => {
    await page.goto(PATH);
    await expect(ownForm(page, "candidate")).toBeVisible();
    for (const mode of ["employer", "candidate", "employer", "candidate", "employer"] as const) {
      await radio(page, mode).click();
    }
    await expect(ownForm(page, "employer")).toBeVisible();
    await expect(page.locator("form")).toHaveCount(1);
  });

  test("one form after navigating away and back on the client", async ({ page }) => {
    await page.goto(PATH);
    await expect(ownForm(page, "candidate")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: copy.backLink.label }).click();
    await expect(page).toHaveURL(pages.home.path);
    await expect(page.locator("form")).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: siteWords.header.ctaLabel }).click();
    await expect(page).toHaveURL(PATH);
    await expect(ownForm(page, "candidate")).toBeVisible();
    await expect(page.locator("form")).toHaveCount(1);
  });
});

test.describe("the site's own form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, the server answers 303 to the confirmation page, the row is in the export", async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(page.getByText(copy.loader.loading)).toHaveCount(0);
    const email = uniqueEmail("no-js");
    const typed = await fillOwnForm(page, "candidate", email);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith("/api/invitation-requests")),
      ownForm(page, "candidate").getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click(),
    ]);
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(pages.requestReceived.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirmation.title);
    await expect(page.getByText(copy.modes.candidate.confirmationBody)).toBeVisible();
    await expectNextSteps(page.getByRole("main"), "candidate");
    await expect(page.getByRole("link", { name: copy.confirmation.homeLink.label })).toHaveAttribute(
      "href",
      pages.home.path,
    );
    const stored = await theStoredRequest(NODE_SERVER_PORT, email);
    expect(stored.mode).toBe("candidate");
    expect(stored.fields).toEqual(typed);
  });

  test("the employer's confirmation page, where the server sends a posted talent brief", async ({ page }) => {
    await page.goto(pages.requestReceivedEmployer.path);
    await expect(page).toHaveTitle(new RegExp(`^${pages.requestReceivedEmployer.title} \\|`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirmation.title);
    await expect(page.getByText(copy.modes.employer.confirmationBody)).toBeVisible();
    await expectNextSteps(page.getByRole("main"), "employer");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
