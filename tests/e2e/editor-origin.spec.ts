// The editor on an origin of its own (docs/deployment/editor.md), end to end on the production
// server of the fourth test build (tests/support/browser/source-and-consent-build.ts): the site at
// 127.0.0.1, the editor at localhost, one server. An editor signs in through the GitHub App at a
// fake GitHub (this process); Decap keeps the token in the editor origin's storage, where no
// script of the site's pages (HubSpot's, Plausible's) can read it. GitHub's API is faked by
// request interception with what Decap reads to show its collections.
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import {
  EDITOR_APP_TEST_SETTINGS,
  EDITOR_TEST_ORIGIN,
  EDITOR_TEST_REPO,
  FAKE_GITHUB_PORT,
  SOURCE_AND_CONSENT_BUILD_URL,
} from "../support/browser/source-and-consent-build";
import { FAKE_REFRESH_TOKEN, FAKE_USER_TOKEN, startFakeGitHub, type FakeGitHub } from "../support/fake-github";
import { pages } from "../support/words";

const PLAUSIBLE_SCRIPT = "https://plausible.io/js/script.js";
const EDITOR_NAME = "Mara Keter";

let github: FakeGitHub;
test.beforeAll(async () => {
  github = await startFakeGitHub(FAKE_GITHUB_PORT);
});
test.afterAll(async () => {
  await github?.close();
});

/** GitHub's API as Decap reads it for a signed-in editor with write access and a repository with no pending edits. */
async function fakeGitHubApi(context: BrowserContext) {
  await context.route("https://api.github.com/**", (route) => {
    const { pathname } = new URL(route.request().url());
    const repo = `/repos/${EDITOR_TEST_REPO}`;
    if (route.request().headers().authorization !== `token ${FAKE_USER_TOKEN}`) return route.fulfill({ status: 401 });
    if (pathname === "/user") return route.fulfill({ json: { login: "mara", name: EDITOR_NAME, id: 1 } });
    if (pathname === repo) {
      return route.fulfill({
        json: { full_name: EDITOR_TEST_REPO, owner: { login: "acme" }, permissions: { push: true } },
      });
    }
    if (pathname === `${repo}/pulls` || pathname === `${repo}/commits`) return route.fulfill({ json: [] });
    if (pathname.startsWith(`${repo}/git/trees/`))
      return route.fulfill({ json: { sha: "0", tree: [], truncated: false } });
    return route.fulfill({ status: 404, json: { message: "Not Found" } });
  });
}

/** Plausible's script, faked: a third party on the site's pages, noting all it can read of the page's storage. */
async function fakeNosyPlausible(context: BrowserContext) {
  await context.route(PLAUSIBLE_SCRIPT, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: "window.plausible=function(){};window.__readByThirdParty=JSON.stringify(localStorage)+document.cookie;",
    }),
  );
}

test("an editor signs in on the editor's origin through the GitHub App, asking no scope, and no script of the site's pages can read the token", async ({
  page,
  consoleErrors,
}) => {
  await fakeGitHubApi(page.context());
  await fakeNosyPlausible(page.context());
  await page.goto(`${EDITOR_TEST_ORIGIN}/admin`);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: /^Sign in with GitHub to edit/ }).click();
  await (await popup).waitForEvent("close");
  await expect(page.getByRole("link", { name: "Our Mission" })).toBeVisible();

  // The sign-in asked GitHub for the App, the callback on the editor's origin and a PKCE challenge: no scope.
  expect(github.authorizeUrls).toHaveLength(1);
  expect([...github.authorizeUrls[0]!.searchParams.keys()].sort()).toEqual([
    "client_id",
    "code_challenge",
    "code_challenge_method",
    "redirect_uri",
    "state",
  ]);
  expect(Object.fromEntries(github.authorizeUrls[0]!.searchParams)).toMatchObject({
    client_id: EDITOR_APP_TEST_SETTINGS.CMS_GITHUB_CLIENT_ID,
    redirect_uri: `${EDITOR_TEST_ORIGIN}/api/editor/callback`,
    code_challenge_method: "S256",
  });
  // Decap keeps the token in the editor's origin; GitHub's refresh token never reached the browser.
  const editorStorage = await page.evaluate(() => JSON.stringify(localStorage));
  expect(editorStorage).toContain(FAKE_USER_TOKEN);
  expect(editorStorage).not.toContain(FAKE_REFRESH_TOKEN);

  // The site's pages, in the same browser: its scripts and a third party's find nothing of it.
  await page.goto(`${SOURCE_AND_CONSENT_BUILD_URL}/`);
  await expect
    .poll(() => page.evaluate(() => (window as { __readByThirdParty?: string }).__readByThirdParty))
    .toBeDefined();
  const readByThirdParty = await page.evaluate(() => (window as { __readByThirdParty?: string }).__readByThirdParty);
  expect(readByThirdParty).not.toContain(FAKE_USER_TOKEN);
  expect(readByThirdParty).not.toContain("decap-cms-user");
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain("decap-cms-user");

  // Nor is the editor there: /admin on the site's origin is its 404 page.
  consoleErrors.expect(/status of 404|no page at "\/admin"/);
  const admin = await page.goto(`${SOURCE_AND_CONSENT_BUILD_URL}/admin`);
  expect(admin?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: pages.notFound.heading })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Sign in with GitHub/ })).toHaveCount(0);
});
