// The open roles (docs/decisions/0025-roles-close-on-their-day.md, 0026-roles-reach-searchers.md), in a browser
// against the roles' test build (tests/support/browser/roles-build.ts): five fixtures dated from today (open and
// named, confidential, closed yesterday, named with pay on site, posted tomorrow). The list, each role's page and its JobPosting as Google
// reads it, the page of a closed role, the sitemap, and a request for a role, with and without JavaScript,
// found in the team's export with its role.
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "../support/browser/fixtures";
import {
  ROLES_BUILD_DIR,
  ROLES_BUILD_URL,
  ROLES_MAIL_SINK_PORT,
  ROLES_SERVER_PORT,
  ROLES_TEAM_ADDRESS,
} from "../support/browser/roles-build";
import { parseMail, startMailSink, type MailSink } from "../support/mail-sink";
import { ownFormValues } from "../support/browser/hubspot-request-page";
import { asLongAsAPerson, theStoredRequest, uniqueEmail } from "../support/browser/stored-requests";
import { checkJobPostings } from "../support/job-postings";
import { site } from "../support/browser/site-config";
import { dayFrom, roleFixtures } from "../support/role-fixtures";
import { openRolesWords as words, ownFormFields, requestWords, siteWords, teamEmails } from "../support/words";
import { readContent } from "#shared/content/read.ts";
import { HOME_ROLES_SHOWN } from "#shared/roles/page.ts";
import { startSiteServer } from "../../server/http/site-server";

const emailWords = readContent("emails");

const fixtures = roleFixtures();
const open = fixtures.filter((role) => role.open);
const closed = fixtures.find((role) => !role.open && !role.upcoming)!;
const named = fixtures.find((role) => role.slug === "head-of-global-talent")!;
const confidential = fixtures.find((role) => role.slug === "vp-talent-acquisition-confidential")!;
const upcoming = fixtures.find((role) => role.upcoming)!;
const NETWORK = `The ${site.siteName}`;

test.use({ baseURL: ROLES_BUILD_URL });

const roleList = (page: Page | Locator) => page.getByRole("list", { name: words.list.label });

test("the list shows every open role and links to its page; the closed one is not there", async ({ page }) => {
  await page.goto("/roles");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(words.meta.heading);
  const cards = roleList(page).getByRole("listitem");
  await expect(cards).toHaveCount(open.length);
  for (const role of open) {
    await expect(roleList(page).getByRole("link", { name: role.title, exact: true })).toHaveAttribute(
      "href",
      `/roles/${role.slug}`,
    );
  }
  await expect(page.getByText(closed.title)).toHaveCount(0);
  await expect(page.getByText(words.list.empty)).toBeHidden();
  const { postings } = await checkJobPostings(await page.content());
  expect(postings, "no JobPosting on a list page, as Google asks").toEqual([]);
});

test("the home page lists the open roles, and it, the footer and the leaders' request page link to them", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: words.links.home.title })).toBeVisible();
  await expect(page.getByRole("link", { name: words.links.home.action })).toHaveAttribute("href", "/roles");
  // The band shows the open roles themselves (a few: three of the fixtures are open), none other.
  const band = page.locator("#open-roles");
  await expect(roleList(band).getByRole("listitem")).toHaveCount(Math.min(open.length, HOME_ROLES_SHOWN));
  for (const role of open.slice(0, HOME_ROLES_SHOWN)) {
    await expect(roleList(band).getByRole("link", { name: role.title, exact: true })).toHaveAttribute(
      "href",
      `/roles/${role.slug}`,
    );
  }
  await expect(band.getByText(closed.title)).toHaveCount(0);
  await expect(band.getByText(upcoming.title)).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: words.links.footer })).toHaveAttribute(
    "href",
    "/roles",
  );
  await page.goto("/request-invitation");
  await expect(page.getByRole("link", { name: words.links.requestPage })).toHaveAttribute("href", "/roles");
  await page.goto("/request-invitation?type=employer");
  await expect(page.getByRole("link", { name: words.links.requestPage })).toHaveCount(0);
});

test("a role's page shows what Google reads: employer, place, pay, dates, and one valid JobPosting", async ({
  page,
}) => {
  for (const role of open) {
    const response = await page.goto(`/roles/${role.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: role.title })).toBeVisible();
    const { postings, problems } = await checkJobPostings(await page.content(), { networkName: NETWORK });
    expect(problems, role.slug).toEqual([]);
    expect(postings).toHaveLength(1);
    const [posting] = postings as { title: string; hiringOrganization: { name: string } }[];
    expect(posting!.title).toBe(role.title);
    expect(posting!.hiringOrganization.name).toBe(role.employer === "Confidential" ? "confidential" : role.employer);
  }
  await page.goto(`/roles/${named.slug}`);
  const facts = page.locator("dl").first();
  await expect(facts).toContainText(named.employer!);
  await expect(facts).toContainText("Chicago, IL, United States");
  await expect(facts).toContainText(words.facts.payRange.replace("{range}", "$260,000–$320,000"));
  await page.goto(`/roles/${confidential.slug}`);
  await expect(page.locator("dl").first()).toContainText(words.facts.confidential);
  await expect(page.locator("dl").first()).toContainText(words.facts.remote.replace("{country}", "United States"));
});

test("a closed role answers 410 with a page that points to the open roles and the request page", async ({
  page,
  consoleErrors,
}) => {
  // Chromium reports every error status of a page it loads; this one is the answer under test.
  consoleErrors.expect(/status of 410 \(Gone\)/);
  const response = await page.goto(`/roles/${closed.slug}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: words.closed.meta.heading })).toBeVisible();
  await expect(page.getByRole("link", { name: words.closed.rolesLink })).toHaveAttribute("href", "/roles");
  const { postings } = await checkJobPostings(await page.content());
  expect(postings).toEqual([]);
  expect((await page.request.get("/roles/no-such-role")).status()).toBe(404);
});

test("the sitemap lists the list and each open role with the day it last changed, never the closed one", async ({
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/roles</loc>`);
  for (const role of open)
    expect(sitemap).toMatch(new RegExp(`/roles/${role.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  expect(sitemap).not.toContain(closed.slug);
});

test("a role posted tomorrow is nowhere today, and everywhere once the server's clock passes midnight", async ({
  page,
  consoleErrors,
}) => {
  // Chromium reports the 404 it loads, and the 404 page says which path it did not find.
  consoleErrors.expect(/status of 404 \(Not Found\)/);
  consoleErrors.expect(/404: no page at/);
  // The build's server on a clock of the test's (the machine's stays as it is).
  const midnight = Date.parse(`${dayFrom(Date.now(), 1)}T00:00:00Z`);
  let now = Date.now();
  const { app, url } = await startSiteServer({
    root: `${ROLES_BUILD_DIR}/client`,
    port: 0,
    host: "127.0.0.1",
    clock: () => now,
  });
  const at = (path: string) => new URL(path, url).href;
  const rolesListed = async () => {
    await page.goto(at("/roles"));
    return roleList(page).getByRole("link", { name: upcoming.title, exact: true });
  };
  try {
    expect((await page.goto(at(`/roles/${upcoming.slug}`)))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: upcoming.title })).toHaveCount(0);
    await expect(await rolesListed()).toHaveCount(0);
    await expect(roleList(page).getByRole("listitem")).toHaveCount(open.length);
    expect(await (await page.request.get(at("/sitemap.xml"))).text()).not.toContain(upcoming.slug);
    expect(await (await page.request.get(at("/roles/feed.xml"))).text()).not.toContain(upcoming.slug);
    await page.goto(at(`/request-invitation?role=${upcoming.slug}`));
    await expect(page.getByText(words.requestPage.about, { exact: true })).toHaveCount(0);
    await page.goto(at("/"));
    await expect(roleList(page).getByRole("link", { name: upcoming.title, exact: true })).toHaveCount(0);

    now = midnight + 1000;

    // The home page's band too, with no rebuild: the newest role first, still a few.
    await page.goto(at("/"));
    await expect(roleList(page).getByRole("listitem").first()).toContainText(upcoming.title);
    await expect(roleList(page).getByRole("listitem")).toHaveCount(Math.min(open.length + 1, HOME_ROLES_SHOWN));

    expect((await page.goto(at(`/roles/${upcoming.slug}`)))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: upcoming.title })).toBeVisible();
    const { postings, problems } = await checkJobPostings(await page.content(), { networkName: NETWORK });
    expect(problems).toEqual([]);
    expect(postings).toHaveLength(1);
    await expect(await rolesListed()).toHaveAttribute("href", `/roles/${upcoming.slug}`);
    await expect(roleList(page).getByRole("listitem")).toHaveCount(open.length + 1);
    expect(await (await page.request.get(at("/sitemap.xml"))).text()).toContain(`/roles/${upcoming.slug}</loc>`);
    expect(await (await page.request.get(at("/roles/feed.xml"))).text()).toContain(`/roles/${upcoming.slug}</id>`);
    await page.goto(at(`/request-invitation?role=${upcoming.slug}`));
    await expect(aboutLine(page)).toContainText(upcoming.title);
  } finally {
    await app.close();
  }
});

test("the list links to its feed, in its head and on the page", async ({ page }) => {
  await page.goto("/roles");
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/roles/feed.xml",
  );
  await page.getByRole("link", { name: words.feed.label }).click();
  await expect(page).toHaveURL("/roles/feed.xml");
});

async function fillOwnForm(page: Page, email: string) {
  const values = ownFormValues(email);
  const form = page.getByRole("form", { name: requestWords.ownForm.forms.candidate.name });
  for (const field of ownFormFields("candidate")) {
    await form.getByLabel(field.label, { exact: false }).first().fill(values[field.name]!);
  }
  return form;
}

const aboutLine = (page: Page) => page.getByText(words.requestPage.about, { exact: true }).locator("..");

test.describe("a request for a role, and the emails it sends", () => {
  test.describe.configure({ mode: "serial" });
  let mail: MailSink;
  test.beforeAll(async () => {
    mail = await startMailSink({ port: ROLES_MAIL_SINK_PORT });
  });
  test.afterAll(async () => {
    await mail?.stop();
  });
  const mailTo = async (address: string, containing = "") => {
    const found = () => mail.received.filter((m) => m.to.includes(address) && m.raw.includes(containing));
    await expect.poll(() => found().length, { timeout: 15_000 }).toBe(1);
    return parseMail(found()[0]!.raw);
  };

  test("from its page: 'About: <role>', the role in the export, the team's email, and the sender's acknowledgement", async ({
    page,
  }) => {
    await page.goto(`/roles/${named.slug}`);
    await page.getByRole("link", { name: words.role.request }).last().click();
    await expect(page).toHaveURL(`/request-invitation?role=${named.slug}`);
    await expect(aboutLine(page)).toContainText(named.title);
    const email = uniqueEmail("role-js");
    const form = await fillOwnForm(page, email);
    await asLongAsAPerson(page);
    await form.getByRole("button", { name: requestWords.ownForm.forms.candidate.submit }).click();
    await expect(page.getByRole("heading", { name: requestWords.confirmation.title })).toBeVisible();
    const stored = await theStoredRequest(ROLES_SERVER_PORT, email);
    expect(stored.role).toEqual({ slug: named.slug, title: named.title });

    const team = await mailTo(ROLES_TEAM_ADDRESS, email);
    expect(team.text).toContain(`${teamEmails.labels.role}: ${named.title}`);
    // The requester hears back at once, about the role, with nothing they typed but the address it goes to.
    const acknowledgement = await mailTo(email);
    expect(acknowledgement.text).toContain(emailWords.requester.role.replace("{role}", named.title));
    const typed = ownFormValues(email);
    for (const [name, value] of Object.entries(typed)) {
      if (name !== "email" && value.length > 3) expect(acknowledgement.text, name).not.toContain(value);
    }
  });
});

test("the role can be cleared before sending: the request then names none", async ({ page }) => {
  await page.goto(`/request-invitation?role=${confidential.slug}`);
  await expect(aboutLine(page)).toContainText(confidential.title);
  await page.getByRole("link", { name: words.requestPage.clearLabel.replace("{title}", confidential.title) }).click();
  await expect(page.getByText(words.requestPage.about, { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL("/request-invitation");
  const email = uniqueEmail("role-cleared");
  const form = await fillOwnForm(page, email);
  await asLongAsAPerson(page);
  await form.getByRole("button", { name: requestWords.ownForm.forms.candidate.submit }).click();
  await expect(page.getByRole("heading", { name: requestWords.confirmation.title })).toBeVisible();
  expect((await theStoredRequest(ROLES_SERVER_PORT, email)).role).toBeNull();
});

test("an unknown or closed role is dropped, never a reason to refuse: the plain page, and the employer's mode names none", async ({
  page,
}) => {
  for (const slug of [closed.slug, "no-such-role"]) {
    const response = await page.goto(`/request-invitation?role=${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(requestWords.modes.candidate.heading);
    await expect(page.getByText(words.requestPage.about, { exact: true })).toHaveCount(0);
  }
  await page.goto(`/request-invitation?type=employer&role=${named.slug}`);
  await expect(page.getByText(words.requestPage.about, { exact: true })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the request page names the role, and the posted form stores it", async ({ page }) => {
    await page.goto(`/request-invitation?role=${named.slug}`);
    await expect(aboutLine(page)).toContainText(named.title);
    await expect(
      page.getByRole("link", { name: words.requestPage.clearLabel.replace("{title}", named.title) }),
    ).toHaveAttribute("href", "/request-invitation");
    const email = uniqueEmail("role-nojs");
    const form = await fillOwnForm(page, email);
    await form.getByRole("button", { name: requestWords.ownForm.forms.candidate.submit }).click();
    await expect(page).toHaveURL(/\/request-invitation\/received$/);
    expect((await theStoredRequest(ROLES_SERVER_PORT, email)).role).toEqual({ slug: named.slug, title: named.title });
  });

  test("the list and a role's page show everything, and the empty state stays hidden", async ({ page }) => {
    await page.goto("/roles");
    await expect(roleList(page).getByRole("listitem")).toHaveCount(open.length);
    await page.goto(`/roles/${named.slug}`);
    await expect(page.getByRole("heading", { name: words.role.qualificationsHeading })).toBeVisible();
    await expect(page.getByText(siteWords.footer.tagline)).toBeVisible();
  });
});
