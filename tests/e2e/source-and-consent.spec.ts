// Where requests come from, the consent they carry, and analytics by choice
// (docs/product.md#where-requests-come-from), in a browser against the fourth test build
// (tests/support/browser/source-and-consent-build.ts): HubSpot's ids with explicit consent and
// Plausible; HubSpot's embed is blocked, so the visitor sends the site's own form, which the
// server stores, tells the team of by email (an SMTP server in this process) and relays to the
// fake HubSpot API. HubSpot's tracking code is checked on the current-embed build (ANALYTICS=hubspot),
// and the default build (no analytics) for what it must not load.
import type { Page, Request } from "@playwright/test";
import { requestWords as copy } from "../support/words";
import { ownFormFields } from "../support/words";
import { test, expect } from "../support/browser/fixtures";
import {
  FAKE_FORM_NAME,
  FAKE_SUBMIT_LABEL,
  fakeCurrentHubSpot,
  HUBSPOT_CURRENT_BUILD_URL,
  HUBSPOT_CURRENT_TEST_ENV,
  HUBSPOT_EMBED_SRC,
} from "../support/browser/fake-hubspot";
import { FAILURE_CONSOLE, ownFormValues, PATH } from "../support/browser/hubspot-request-page";
import {
  SOURCE_AND_CONSENT_BUILD_URL,
  SOURCE_AND_CONSENT_SERVER_PORT,
  TEAM_ADDRESS,
  TEAM_MAIL_SINK_PORT,
} from "../support/browser/source-and-consent-build";
import { acceptedByHubSpot, asLongAsAPerson, theStoredRequest, uniqueEmail } from "../support/browser/stored-requests";
import { parseMail, startMailSink, type MailSink } from "../support/mail-sink";
import { pages, requestActions } from "../support/words";

const CAMPAIGN = "utm_source=linkedin&utm_medium=social&utm_campaign=q1-leaders";
const PLAUSIBLE_SCRIPT = "https://plausible.io/js/script.js";
const consentLabels = {
  toProcess: copy.ownForm.consent.toProcess.replace("{siteName}", "TA Leadership Network"),
  communications: copy.ownForm.consent.communications.replace("{siteName}", "TA Leadership Network"),
};

const ownForm = (page: Page) => page.getByRole("form", { name: copy.ownForm.forms.candidate.name });

async function fillOwnForm(page: Page, email: string) {
  const values = ownFormValues(email);
  for (const field of ownFormFields("candidate")) {
    await ownForm(page).getByLabel(field.label, { exact: false }).first().fill(values[field.name]!);
  }
}

/** Plausible's script, faked: it records each event it is given (and those queued before it ran). */
async function fakePlausible(page: Page) {
  await page.route(PLAUSIBLE_SCRIPT, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body:
        "var q=(window.plausible&&window.plausible.q)||[];window.__plausibleEvents=[];" +
        "window.plausible=function(n,o){window.__plausibleEvents.push([n,o])};q.forEach(function(a){window.plausible.apply(null,a)});",
    }),
  );
}

/** Records, for every script element added with a src, whether the page had finished loading then. */
async function watchScriptsAdded(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __loaded: boolean; __scriptsAdded: { src: string; afterLoad: boolean }[] };
    w.__loaded = false;
    w.__scriptsAdded = [];
    addEventListener("load", () => (w.__loaded = true));
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.src)
            w.__scriptsAdded.push({ src: node.src, afterLoad: w.__loaded });
    }).observe(document, { childList: true, subtree: true });
  });
}

const offSite = (origin: string) => (request: Request) => new URL(request.url()).origin !== origin;

test.describe("where a request came from and the consent it carries", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: SOURCE_AND_CONSENT_BUILD_URL });
  let mail: MailSink;
  test.beforeAll(async () => {
    mail = await startMailSink({ port: TEAM_MAIL_SINK_PORT });
  });
  test.afterAll(async () => {
    await mail?.stop();
  });
  const teamEmailAbout = async (email: string) => {
    const toTeam = () => mail.received.filter((m) => m.to.includes(TEAM_ADDRESS) && m.raw.includes(email));
    await expect.poll(() => toTeam().length, { timeout: 15_000 }).toBe(1);
    return parseMail(toTeam()[0]!.raw);
  };

  test("landed on /mission from a campaign, sent from the request page: stored, emailed and relayed with its source and consent", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(FAILURE_CONSOLE);
    await page.route(HUBSPOT_EMBED_SRC, (route) => route.abort("blockedbyclient"));
    await fakePlausible(page);
    await page.goto(`/mission?${CAMPAIGN}`);
    await page.getByRole("main").getByRole("link", { name: requestActions.candidate.label }).first().click();
    await expect(page).toHaveURL(PATH);

    const email = uniqueEmail("campaign");
    await fillOwnForm(page, email);
    const toProcess = ownForm(page).getByRole("checkbox", { name: consentLabels.toProcess });
    const updates = ownForm(page).getByRole("checkbox", { name: consentLabels.communications });
    await expect(updates).not.toBeChecked();
    await toProcess.check();
    await updates.check();
    // The words the page showed beside each box, as the visitor read them.
    const shown = {
      toProcess: await toProcess.evaluate((box) => box.closest("label")!.textContent),
      updates: await updates.evaluate((box) => box.closest("label")!.textContent),
    };
    await asLongAsAPerson(page);
    await ownForm(page).getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
    await expect(page.getByRole("status", { name: copy.confirmation.title })).toBeVisible();

    // The team's export.
    const stored = await theStoredRequest(SOURCE_AND_CONSENT_SERVER_PORT, email);
    expect(stored.source).toEqual({
      landingPage: `/mission?${CAMPAIGN}`,
      referrer: null,
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "q1-leaders",
      utm_term: null,
      utm_content: null,
    });
    // The team's email.
    const { text } = await teamEmailAbout(email);
    expect(text).toContain(`Landing page: /mission?${CAMPAIGN}`);
    expect(text).toContain("utm_campaign: q1-leaders");
    // HubSpot: the hidden fields the server names, and the consent with the words the page showed.
    await expect.poll(async () => (await acceptedByHubSpot(email)).length, { timeout: 15_000 }).toBe(1);
    const [submission] = await acceptedByHubSpot(email);
    expect(submission!.values).toMatchObject({
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "q1-leaders",
      landing_page: `/mission?${CAMPAIGN}`,
    });
    expect(submission!.legalConsentOptions).toEqual({
      consent: {
        consentToProcess: true,
        text: shown.toProcess,
        communications: [
          {
            value: true,
            subscriptionTypeId: 7,
            text: shown.updates,
          },
        ],
      },
    });
    // Plausible: one conversion event, with the mode.
    expect(
      await page.evaluate(() => (window as unknown as { __plausibleEvents: unknown[] }).__plausibleEvents),
    ).toEqual([["Request sent", { props: { mode: "candidate" } }]]);
  });

  test("without JavaScript: the utm values of the page the form was sent from, stored, emailed and relayed", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SOURCE_AND_CONSENT_BUILD_URL });
    const page = await context.newPage();
    await page.goto(`${PATH}?${CAMPAIGN}`);
    const email = uniqueEmail("campaign-no-js");
    await fillOwnForm(page, email);
    await ownForm(page).getByRole("checkbox", { name: consentLabels.toProcess }).check();
    await ownForm(page).getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
    await expect(page).toHaveURL(pages.requestReceived.path);
    await context.close();

    const stored = await theStoredRequest(SOURCE_AND_CONSENT_SERVER_PORT, email);
    expect(stored.source).toMatchObject({ landingPage: null, utm_source: "linkedin", utm_campaign: "q1-leaders" });
    expect(stored.consent).toMatchObject({ basis: "consent", communications: [{ value: false }] });
    expect((await teamEmailAbout(email)).text).toContain("utm_source: linkedin");
    await expect.poll(async () => (await acceptedByHubSpot(email)).length, { timeout: 15_000 }).toBe(1);
    const [submission] = await acceptedByHubSpot(email);
    expect(submission!.values).toMatchObject({ utm_source: "linkedin", utm_campaign: "q1-leaders" });
    expect(submission!.values).not.toHaveProperty("landing_page");
  });

  test("Plausible: allowed by the policy, loaded only after the page is interactive, the only other host, and no cookie", async ({
    page,
    context,
  }) => {
    await watchScriptsAdded(page);
    await fakePlausible(page);
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const response = await page.goto("/mission");
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/plausible\.io/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/plausible\.io/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __scriptsAdded: unknown[] }).__scriptsAdded), {
        timeout: 10_000,
      })
      .toEqual([{ src: PLAUSIBLE_SCRIPT, afterLoad: true }]);
    expect(new Set(requests.filter(offSite(SOURCE_AND_CONSENT_BUILD_URL)).map((request) => request.url()))).toEqual(
      new Set([PLAUSIBLE_SCRIPT]),
    );
    expect(await context.cookies()).toEqual([]);
  });
});

test.describe("HubSpot's tracking code (the current-embed build, eu1, ANALYTICS=hubspot)", () => {
  test.use({ baseURL: HUBSPOT_CURRENT_BUILD_URL });

  test("allowed by the policy, loaded only after the page is interactive, and a request sent through HubSpot's form counts once, with its mode", async ({
    page,
    context,
  }) => {
    const portalId = HUBSPOT_CURRENT_TEST_ENV.HUBSPOT_PORTAL_ID;
    const trackingScript = `https://js-eu1.hs-scripts.com/${portalId}.js`;
    await watchScriptsAdded(page);
    await fakeCurrentHubSpot(page);
    const response = await page.goto(PATH);
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/js-eu1\.hs-scripts\.com/);
    // The tracking code is never on the first-paint path: added by the loader after `load`.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { __scriptsAdded: { src: string; afterLoad: boolean }[] }).__scriptsAdded.filter(
              (script) => script.src.includes("hs-scripts.com"),
            ),
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ src: trackingScript, afterLoad: true }]);

    const form = page.getByRole("form", { name: FAKE_FORM_NAME });
    await form.getByLabel("Email").fill(uniqueEmail("tracked"));
    await form.getByRole("button", { name: FAKE_SUBMIT_LABEL }).click();
    await expect(page.getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
    const commands = () => page.evaluate(() => (window as unknown as { __hsqCommands: unknown[] }).__hsqCommands);
    await expect
      .poll(commands)
      .toContainEqual([
        "trackCustomBehavioralEvent",
        { name: `pe${portalId}_request_sent`, properties: { mode: "candidate" } },
      ]);
    expect(
      (await commands()).filter((command) => (command as unknown[])[0] === "trackCustomBehavioralEvent"),
    ).toHaveLength(1);
    // The fake sets no cookie, and nothing of the site's does.
    expect(await context.cookies()).toEqual([]);
  });
});

test.describe("without analytics (the default build)", () => {
  test("no page requests another host, sets a cookie, or has one in its policy beyond HubSpot's form hosts", async ({
    page,
    context,
    baseURL,
  }) => {
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    for (const path of ["/", `/mission?${CAMPAIGN}`, PATH]) {
      const response = await page.goto(path);
      expect(response!.headers()["content-security-policy"]).not.toMatch(/https:/);
    }
    await page.waitForTimeout(500);
    expect(requests.filter(offSite(new URL(baseURL!).origin)).map((request) => request.url())).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  });
});
