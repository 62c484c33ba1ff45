// The marketing team publishes alone (DECISIONS §12), as a marketer and a visitor meet it on a
// deployment: a bare git repository in a temp folder as the remote, a checkout of it served by
// `npm start` (tests/support/editor-rig.ts), the test's own SMTP server. The marketer signs in
// from the email, changes the home headline in the editor and publishes; the public site shows
// it within 120 s while a steady loop of page views sees no failure; the remote's newest commit
// is the marketer's and touches content/ only; the history shows the words before and after, and
// Undo brings the old headline back live.
import { expect, test } from "../support/browser/fixtures";
import { openEntry, publish, typeInto } from "../support/browser/editor";
import { HOME_HEADLINE, startPublishingSite, type PublishingSite } from "../support/editor-rig";
import { parseMail, startMailSink, type MailSink } from "../support/mail-sink";
import { git } from "../support/update-rig";
import { freePort } from "../../scripts/lib/free-port";

const MARKETER = "maya.chen@marketing.network.example";
const NEW_HEADLINE = "The network where TA leaders meet their next role";

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-US", viewport: { width: 1440, height: 1000 } });

let site: PublishingSite;
let sink: MailSink;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  sink = await startMailSink({ port: await freePort() });
  site = await startPublishingSite("@marketing.network.example", {
    SMTP_URL: sink.url,
    NOTIFY_EMAIL_TO: "team@network.example",
  });
});

test.afterAll(async () => {
  await site?.stop();
  await sink?.stop();
});

/** Page views of the public home page, one after another, until stopped: what failed. */
function steadyLoad(origin: string) {
  const failures: string[] = [];
  let served = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(15_000) });
        await response.text();
        if (response.status === 200) served += 1;
        else failures.push(`HTTP ${response.status}`);
      } catch (error) {
        failures.push(String((error as Error).cause ?? error));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { served, failures };
    },
  };
}

const homeShows = async (text: string) => (await (await fetch(`${site.siteOrigin}/`)).text()).includes(text);

test("a marketer signs in from the email, publishes a new home headline live within 120 s, sees it in the history and undoes it", async ({
  page,
}) => {
  test.setTimeout(900_000);
  const oldHeadline = HOME_HEADLINE.exec(git(site.deployment.dev, "show", "HEAD:content/home.yaml"))![1]!;
  expect(await homeShows(oldHeadline)).toBe(true);

  // No session: /admin asks for a work email.
  await page.goto(`${site.editorOrigin}/admin`);
  await expect(page.getByRole("heading", { name: "Sign in to edit" })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel("Your work email").fill(MARKETER);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect.poll(() => sink.countFor(MARKETER), { timeout: 30_000 }).toBe(1);
  const mail = parseMail(sink.received.find((received) => received.to.includes(MARKETER))!.raw);
  const link = /https?:\/\/\S+\/api\/editor\/link\?token=[\w-]+/.exec(mail.text)![0];
  expect(link.startsWith(`${site.editorOrigin}/`)).toBe(true);

  // The link's page asks for a click; the click opens the editor.
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${site.editorOrigin}/admin**`);
  // The editor opened at the entry (Decap loads an entry only with its page).
  await openEntry(page, site.editorOrigin, "pages", "home");
  const headline = page.locator(`input[value="${oldHeadline}"]`);
  await expect(headline).toBeVisible({ timeout: 120_000 });
  await typeInto(page, headline, NEW_HEADLINE);

  const load = steadyLoad(site.siteOrigin);
  const started = Date.now();
  await publish(page);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => homeShows(NEW_HEADLINE), { timeout: 120_000 - (Date.now() - started), intervals: [500] })
    .toBe(true);
  console.log(`[editor figures] published to live in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await expect(page.locator("[data-publish-status]")).toHaveText("Live.", { timeout: 60_000 });
  const seen = await load.stop();
  expect(seen.failures).toEqual([]);
  expect(seen.served).toBeGreaterThan(0);

  // The remote's newest commit is the marketer's, and touches content/ only.
  const remote = `${site.deployment.root}/remote.git`;
  expect(git(remote, "log", "-1", "--format=%an <%ae>", "main")).toBe(`Maya Chen <${MARKETER}>`);
  expect(git(remote, "show", "--name-only", "--format=", "main")).toBe("content/home.yaml");

  // The history, linked from the editor, shows the change field by field.
  await page.getByRole("link", { name: "History and undo" }).click();
  await expect(page.getByRole("heading", { name: "History of the words" })).toBeVisible();
  const change = page.getByRole("listitem").first();
  await expect(change).toContainText("Maya Chen");
  const row = change.getByRole("row", { name: /meta\.heading/ });
  await expect(row.locator(".before")).toHaveText(oldHeadline);
  await expect(row.locator(".after")).toHaveText(NEW_HEADLINE);

  // Undo takes the old headline live the same way.
  const undone = steadyLoad(site.siteOrigin);
  await change.getByRole("button", { name: "Undo this change" }).click();
  await expect(page.getByRole("heading", { name: "History of the words" })).toBeVisible();
  await expect.poll(() => homeShows(oldHeadline), { timeout: 180_000, intervals: [500] }).toBe(true);
  expect((await undone.stop()).failures).toEqual([]);
  expect(git(remote, "log", "-1", "--format=%s", "main")).toMatch(/^Undo /);
});
