// The marketing team edits the words in a browser (docs/decisions/0022-git-based-editor.md), as
// `npm run edit` offers it: the editor at /admin on the development server, saving through its
// local backend into content/. Here on a copy of content/ (CONTENT_ROOT), never the checkout's,
// driven as a marketer drives it: by the form's labels, typing every value, dates included.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import yaml from "js-yaml";
import { checkAllContent } from "#shared/content/read.ts";
import { expect, test } from "../support/browser/fixtures";
import {
  contentCopy,
  contentReloaded,
  EDITOR_STARTUP_MS,
  openEntry,
  publish,
  refusalBeside,
  typeInto,
  startEditor,
  type EditSession,
} from "../support/browser/editor";
import { dayFrom, roleFixtures } from "../support/role-fixtures";
import { emails as emailsWithTokens, missionWords } from "../support/words";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { site } from "../support/browser/site-config";

const NEW_TITLE = "Three promises behind every introduction";
const ROLE_TITLE = "VP, Talent Acquisition";
const ROLE_SLUG = "vp-talent-acquisition";
/** A role whose file the build refuses. */
const REFUSED_SLUG = "head-of-global-talent";
const NOW = Date.now();
/** The role's days: posted today, open for a month (the development server shows open roles only). */
const POSTED = dayFrom(NOW, 0);
const CLOSES = dayFrom(NOW, 33);
/** A day as a person types it into a US English date field: 11/28/2026. */
const typed = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-US", viewport: { width: 1440, height: 1000 } });

let session: EditSession;
const file = (path: string) => readFileSync(join(session.root, "content", path), "utf8");

/** Two roles of the fixtures: one open now, one posted for tomorrow (nowhere on the live site until then). */
const [OPEN_ROLE, TOMORROWS_ROLE] = ["svp-talent-acquisition", "chief-talent-officer"].map((slug) =>
  roleFixtures(NOW).find((role) => role.slug === slug)!,
) as [ReturnType<typeof roleFixtures>[number], ReturnType<typeof roleFixtures>[number]];

test.beforeAll(async () => {
  test.setTimeout(EDITOR_STARTUP_MS);
  session = await startEditor(
    contentCopy(Object.fromEntries([OPEN_ROLE, TOMORROWS_ROLE].map((role) => [`roles/${role.slug}.md`, role.file]))),
  );
});

test.afterAll(async () => {
  await session?.stop();
});

/** Browser dialogs a test met: none may stand in the marketer's way (Decap's offer of a draft kept in the browser). */
let dialogs: string[] = [];

test.beforeEach(({ page, consoleErrors }) => {
  // Decap's development build checks its own components' props and says so on the console.
  consoleErrors.expect(/^Warning: Failed prop type: Invalid prop `children` supplied to `(ErrorBoundary|Modal)`/);
  dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

test.afterEach(() => {
  expect(dialogs, "browser dialogs").toEqual([]);
});

/** A mark on the page that a reload would wipe: the editor keeps its place when it saves. */
const markPlace = (page: Page) => page.evaluate(() => Object.assign(window, { keptPlace: true }));
const keptPlace = (page: Page) => page.evaluate(() => (window as { keptPlace?: boolean }).keptPlace === true);

test("a marketer changes the Mission page's section title: the preview, the file and the site show it, and the editor keeps its place", async ({
  page,
  context,
}) => {
  test.setTimeout(EDITOR_STARTUP_MS);
  // The site's page, open beside the editor, as a marketer checks it.
  const site = await context.newPage();
  await site.goto(`${session.origin}/mission`);
  await openEntry(page, session.origin, "pages", "mission");
  const before = file("mission.yaml");
  const title = page.locator(`input[value="${missionWords.pillars.intro.title}"]`);
  await expect(title).toBeVisible({ timeout: 60_000 });
  await typeInto(page, title, NEW_TITLE);
  // The preview is the page itself, drawn by its own components.
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { level: 2, name: NEW_TITLE })).toBeVisible();

  await markPlace(page);
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  // The save changes that line and no other: the file's history reads as the edit.
  expect(file("mission.yaml")).toBe(
    before.replace(`title: ${missionWords.pillars.intro.title}\n`, `title: ${NEW_TITLE}\n`),
  );
  expect(file("mission.yaml")).not.toBe(before);
  // The development server reloads the site's pages on the change; the editor, which made it, is not reloaded.
  await expect(site.getByRole("heading", { level: 2, name: NEW_TITLE })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`input[value="${NEW_TITLE}"]`)).toBeVisible();
  expect(await keptPlace(page), "the editor's page was not reloaded").toBe(true);
  // "View Live" leads to the page on the site that runs here, the development server.
  await expect(page.getByRole("link", { name: "View Live" })).toHaveAttribute("href", `${session.origin}/mission`);
});

test("a marketer words when a declined requester may ask again: the Emails preview shows it beside the invitation, the team's answer links, reminder and overdue list, and the page a link opens", async ({
  page,
}) => {
  test.setTimeout(EDITOR_STARTUP_MS);
  const emails = withSiteFacts(emailsWithTokens, site);
  const askAgainText = "You are welcome to ask again next year. Reply to this email with any question.";
  await openEntry(page, session.origin, "emails", "emails");
  const askAgain = page.getByLabel("When they may ask again", { exact: true });
  await expect(askAgain).toBeVisible({ timeout: 60_000 });
  const preview = page.frameLocator("iframe").first();
  const subject = (name: string) => preview.getByRole("heading", { level: 2, name, exact: true });
  // The requester's three emails, then the team's with a request's answer links, as they are sent.
  for (const name of [
    emails.requester.subject.candidate,
    emails.requester.invited.subject.candidate,
    emails.requester.declined.subject.candidate,
    "Due in 12 hours: invitation request from Ada Lovelace (TA leader)",
    emails.team.overdue.subject.many.replace("{count}", "3"),
  ]) {
    await expect(subject(name)).toBeVisible();
  }
  await expect(preview.getByText(emails.requester.invited.nextSteps.candidate)).toBeVisible();
  // A new request from a TA leader and from an employer, and the reminder.
  await expect(preview.getByText(emails.team.answers.links.decline, { exact: true })).toHaveCount(3);
  await expect(subject(emails.requester.subject.employer)).toBeVisible();
  await expect(subject("Invite Ada (TA leader) to the network?")).toBeVisible();
  await expect(preview.getByText(emails.team.answerPages.buttons.invite.candidate, { exact: true })).toBeVisible();

  await typeInto(page, askAgain, askAgainText);
  // In the decline to a TA leader and in the one to an employer.
  await expect(preview.getByText(askAgainText)).toHaveCount(2);
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  const saved = yaml.load(file("emails.yaml")) as { requester: { declined: { askAgain: string } } };
  expect(saved.requester.declined.askAgain).toBe(askAgainText);
});

test("a marketer creates a role by typing every field, dates with the keyboard: it is saved as the site reads it and its page shows it", async ({
  page,
}) => {
  test.setTimeout(EDITOR_STARTUP_MS);
  await openEntry(page, session.origin, "roles");
  await page.getByRole("link", { name: "New Role" }).click();
  // Nothing is saved yet, and the toolbar does not say otherwise.
  await expect(page.getByText("No unsaved changes", { exact: true })).toBeVisible();
  await expect(page.getByText("Changes saved")).toHaveCount(0);
  // Each value typed, the preview drawing the half-filled page as it goes (no console error on the way).
  await typeInto(page, page.getByLabel("Role title", { exact: true }), ROLE_TITLE);
  await typeInto(page, page.getByLabel("Employer (optional)"), "Harbor Financial");
  await typeInto(page, page.getByLabel("Location", { exact: true }), "Chicago, IL, United States");
  await page.getByLabel("Employment type (optional)").pressSequentially("Part");
  await page.keyboard.press("Enter");
  await page.getByLabel("Posted on").click();
  await page.keyboard.type(typed(POSTED));
  await page.getByLabel("Open until").click();
  await page.keyboard.type(typed(CLOSES));
  await typeInto(page, page.getByLabel("Lowest, a year"), "260000");
  await typeInto(page, page.getByLabel("Highest, a year"), "320000");
  await page.getByLabel("Currency").pressSequentially("US dollars");
  await page.keyboard.press("Enter");
  for (const [list, item, lines] of [
    ["qualifications", "Qualification", ["Fifteen years in talent acquisition", "Led a function through growth"]],
    [
      "responsibilities",
      "Responsibility",
      ["Lead the talent acquisition organization", "Partner with the executive team"],
    ],
  ] as const) {
    for (const [index, line] of lines.entries()) {
      await page.getByRole("button", { name: `Add ${list}` }).click();
      await typeInto(page, page.getByLabel(item, { exact: true }).nth(index), line);
    }
  }
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.insertText(
    "Harbor Financial is hiring its first VP of Talent Acquisition, to lead a team of forty recruiters across three regions.",
  );
  expect(await page.getByLabel("Posted on").inputValue(), "the day typed is the day saved").toBe(POSTED);
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { level: 1, name: ROLE_TITLE })).toBeVisible();

  await markPlace(page);
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  expect(await keptPlace(page), "the editor's page was not reloaded").toBe(true);
  const saved = file(`roles/${ROLE_SLUG}.md`);
  // Decap writes the days unquoted, which YAML reads as dates: the site reads them as those days.
  expect(saved).toMatch(new RegExp(`^datePosted: ${POSTED}$`, "m"));
  expect(saved).toMatch(new RegExp(`^validThrough: ${CLOSES}$`, "m"));
  expect(saved).toMatch(/^employmentType: PART_TIME$/m);
  expect(checkAllContent(join(session.root, "content")), "the build's check passes the saved files").toEqual([]);

  // The development server shows the new page once its watcher has read the file.
  await contentReloaded(session, `${ROLE_SLUG}.md`);
  await page.goto(`${session.origin}/roles/${ROLE_SLUG}`);
  await expect(page.getByRole("heading", { level: 1, name: ROLE_TITLE })).toBeVisible();
  await expect(page.getByText(longDate(POSTED), { exact: true })).toBeVisible();
  await expect(page.getByText(longDate(CLOSES), { exact: true })).toBeVisible();
});

test("what the build would refuse, the editor refuses beside the field in the build's words, and the file stays as it was", async ({
  page,
}) => {
  test.setTimeout(EDITOR_STARTUP_MS);
  await openEntry(page, session.origin, "roles", ROLE_SLUG);
  const saved = file(`roles/${ROLE_SLUG}.md`);
  const title = page.getByLabel("Role title", { exact: true });
  const location = page.getByLabel("Location", { exact: true });
  const firstLine = page.getByLabel("Qualification", { exact: true }).first();
  await typeInto(page, title, "Chief transformationalist officer");
  await typeInto(page, location, "Chicago, IL (hybrid)");
  await typeInto(page, firstLine, "");
  await publish(page);
  await expect(await refusalBeside(page, title)).toHaveText(
    '"transformationalist" is too long to fit a phone\'s screen: use words of at most 14 characters.',
  );
  await expect(await refusalBeside(page, location)).toContainText("End the location with one of the countries:");
  await expect(await refusalBeside(page, firstLine)).toHaveText("This is required: write some text here.");
  expect(file(`roles/${ROLE_SLUG}.md`), "nothing is saved").toBe(saved);

  // Mended, they are saved no more than before while the role would close before it opens.
  await typeInto(page, title, ROLE_TITLE);
  await typeInto(page, location, "Remote, United States");
  await typeInto(page, firstLine, "Fifteen years in talent acquisition");
  const closes = page.getByLabel("Open until");
  await closes.click();
  await page.keyboard.type(typed(dayFrom(NOW, -1)));
  await publish(page);
  await expect(await refusalBeside(page, title)).toHaveCount(0);
  await expect(await refusalBeside(page, closes)).toHaveText(
    "The role would close before it was posted: choose a day on or after the day it was posted.",
  );
  expect(file(`roles/${ROLE_SLUG}.md`), "nothing is saved").toBe(saved);
  await closes.click();
  await page.keyboard.type(typed(CLOSES));
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();

  // A page's link to a page the site does not have, and a headline too long for a phone.
  await openEntry(page, session.origin, "pages", "home");
  const home = file("home.yaml");
  const more = page.getByLabel("Link", { exact: true }).first();
  await typeInto(page, more, "/pricing");
  const headline = page.getByLabel("Headline", { exact: true });
  await typeInto(page, headline, "Talent acquisition leadership, transformationalist");
  await publish(page);
  await expect(await refusalBeside(page, more)).toHaveText(
    '"/pricing" is not a page of this site or an https:// address. Link to a page such as /mission, or to https://...',
  );
  await expect(await refusalBeside(page, headline)).toHaveText(
    '"transformationalist" is too long to fit a phone\'s screen: use words of at most 14 characters.',
  );
  expect(file("home.yaml"), "nothing is saved").toBe(home);
});

test("roles show on npm run edit as on the live site, one entry opens after another, typed Markdown stays Markdown, and a file that does not parse is fixed in the editor", async ({
  page,
}) => {
  test.setTimeout(2 * EDITOR_STARTUP_MS);
  // The list as the live site shows it now: the open role, not tomorrow's, and no empty state beside it.
  await page.goto(`${session.origin}/roles`);
  await expect(page.getByRole("link", { name: OPEN_ROLE.title })).toBeVisible();
  await expect(page.getByText(TOMORROWS_ROLE.title)).toHaveCount(0);
  await expect(page.getByText("No roles are open right now")).toHaveCount(0);
  expect((await page.request.get(`${session.origin}/roles/${TOMORROWS_ROLE.slug}`)).status()).toBe(404);
  const feed = await page.request.get(`${session.origin}/roles/feed.xml`);
  expect(feed.status()).toBe(501);
  expect(await feed.text()).toContain("made by the site's server");

  // Beside tomorrow's day, what the live site will do; then the open role, in the same tab, with its own words.
  await openEntry(page, session.origin, "roles", TOMORROWS_ROLE.slug);
  await expect(page.getByLabel("Role title", { exact: true })).toHaveValue(TOMORROWS_ROLE.title, { timeout: 60_000 });
  await expect(page.getByText(/^A day ahead: the live site shows this role from /)).toBeVisible();
  await page.evaluate((slug) => (window.location.hash = `#/collections/roles/entries/${slug}`), OPEN_ROLE.slug);
  await expect(page.getByLabel("Role title", { exact: true })).toHaveValue(OPEN_ROLE.title, { timeout: 60_000 });
  await expect(page.getByLabel("Location", { exact: true })).toHaveValue("Remote, United States");

  // A last day already past: said beside it before anything is saved (and typed back as it was).
  const closes = page.getByLabel("Open until");
  await closes.click();
  await page.keyboard.type(typed(dayFrom(NOW, -1)));
  await expect(page.getByText(/^This day has passed: the role is closed\./)).toBeVisible();
  // Put back as it was (set at once: a second click lands on whichever part of the day is under it).
  await closes.fill(dayFrom(NOW, 30));
  await expect(page.getByText(/^This day has passed/)).toHaveCount(0);

  // Markdown typed in the rich-text mode is saved as Markdown.
  await page.locator('[data-slate-editor="true"]').getByText("Build the team's operating rhythm").click();
  await page.keyboard.insertText(" Report to the **CEO**; read [our mission](/mission). ");
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  const saved = file(`roles/${OPEN_ROLE.slug}.md`);
  expect(saved).toContain("Report to the **CEO**; read [our mission](/mission).");
  expect(saved).not.toContain("\\*");

  // A page's file broken by hand: its text opens where it broke, and is saved once fixed, never as an empty form.
  const original = file("who-we-are.yaml");
  const lines = original.split("\n");
  const broken = [lines[0], lines[1], ` ${lines[2]}`, ...lines.slice(3)].join("\n");
  writeFileSync(join(session.root, "content", "who-we-are.yaml"), broken);
  await openEntry(page, session.origin, "pages", "whoWeAre");
  const text = page.getByLabel("The file's text");
  await expect(text).toHaveValue(broken, { timeout: 60_000 });
  await expect(page.getByRole("alert").filter({ hasText: /^Line 3, column \d+: / })).toBeVisible();
  await expect(page.getByLabel("Headline", { exact: true })).toBeHidden();
  // A change that leaves it broken is not saved: the form's empty fields never replace the file.
  await typeInto(page, text, broken.replace("title: Who We Are", "title: Who we are"));
  await publish(page);
  await expect(await refusalBeside(page, text)).toContainText("Line 3, column");
  expect(file("who-we-are.yaml"), "nothing is saved").toBe(broken);
  await typeInto(page, text, original);
  await expect(page.getByText(/^The text reads again\./)).toBeVisible();
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  expect(file("who-we-are.yaml")).toBe(original);
});

test("npm run edit starts with a file the build refuses, names it and its field, and its editor opens to fix it", async ({
  page,
}) => {
  test.setTimeout(2 * EDITOR_STARTUP_MS);
  const refused = [
    "---",
    "title: Head of Global Talent",
    "location: Chicago, IL (hybrid)",
    `datePosted: ${POSTED}`,
    `validThrough: ${CLOSES}`,
    "qualifications:",
    "  - Fifteen years in talent acquisition",
    "responsibilities:",
    "  - Lead the talent acquisition organization",
    "---",
    "Northwind Logistics is hiring a Head of Global Talent to lead hiring across its offices in three regions.",
    "",
  ].join("\n");
  const root = contentCopy({ [`roles/${REFUSED_SLUG}.md`]: refused });
  // Astro runs one development server per project at a time.
  await session.stop();
  // The gate stays: the build refuses the file, naming it and its field.
  const build = spawnSync(
    process.execPath,
    ["node_modules/astro/bin/astro.mjs", "build", "--outDir", join(root, "out")],
    {
      env: { ...process.env, CONTENT_ROOT: root, ASTRO_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
    },
  );
  expect(build.status).toBe(1);
  expect(build.stderr).toContain(`content/roles/${REFUSED_SLUG}.md cannot be published:`);
  expect(existsSync(join(root, "out")), "nothing is built").toBe(false);

  const broken = await startEditor(root);
  try {
    expect(broken.output()).toContain(`content/roles/${REFUSED_SLUG}.md cannot be published:`);
    expect(broken.output()).toContain("location: End the location with one of the countries:");
    const site = await page.request.get(`${broken.origin}/`, { headers: { accept: "text/html" } });
    expect(site.status()).toBe(503);
    expect(await site.text()).toContain("location: End the location with one of the countries:");

    await openEntry(page, broken.origin, "roles", REFUSED_SLUG);
    await expect(page.getByRole("complementary", { name: /needs a change/ })).toContainText(
      `content/roles/${REFUSED_SLUG}.md cannot be published:`,
    );
    const location = page.getByLabel("Location", { exact: true });
    // The refused field says so as soon as the entry opens.
    await expect(await refusalBeside(page, location)).toContainText("End the location with one of the countries:");
    await typeInto(page, location, "Chicago, IL, United States");
    await publish(page);
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect.poll(async () => (await page.request.get(`${broken.origin}/`)).status()).toBe(200);
  } finally {
    await broken.stop();
  }
});
