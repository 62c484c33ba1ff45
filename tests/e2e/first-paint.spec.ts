// A tap at first paint is not lost. The page's external scripts (the island's code,
// the celebration script) are held back until the test releases them, so the tap lands
// on the bare prerendered HTML, as on a slow phone; it must work then, and the scripts
// that arrive later must agree with what it did.
import type { Page } from "@playwright/test";
import { expect, test, PAGE_READY } from "../support/browser/fixtures";
import { holdScripts } from "../support/browser/hold-scripts";
import { requestWords as copy } from "../support/words";
import { pages, siteWords } from "../support/words";

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

const navLink = (page: Page, label: string) =>
  page.getByRole("navigation", { name: siteWords.header.navLabel }).getByRole("link", { name: label, exact: true });
const menuButton = (page: Page) =>
  page.getByRole("button", {
    name: new RegExp(`${siteWords.header.menuOpenLabel}|${siteWords.header.menuCloseLabel}`),
  });

for (const path of [pages.requestInvitation.path, pages.home.path]) {
  test(`a menu tap at first paint on ${path} opens the menu, before the page's scripts have arrived`, async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto(path, { waitUntil: "commit" });
    await expect(menuButton(page)).toBeVisible();
    // The page's external scripts are still held: nothing of them has run.
    await expect.poll(scripts.count).toBeGreaterThan(0);
    if (path === pages.requestInvitation.path) await expect(page.locator("astro-island[ssr]")).toHaveCount(1);

    await menuButton(page).tap();
    for (const item of siteWords.primaryNav) await expect(navLink(page, item.label)).toBeVisible();

    // The scripts arrive: the menu stays open and its button now says so.
    await scripts.release();
    await page.waitForFunction(PAGE_READY);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "Mission")).toBeVisible();

    // And the menu keeps working: a tap closes it.
    await menuButton(page).tap();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Mission")).toBeHidden();
  });
}

test("a tap on the Employers option before the request page's island hydrates is kept once it has", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto(pages.requestInvitation.path, { waitUntil: "commit" });
  const employers = page.getByRole("radio", { name: copy.modes.employer.toggleLabel });
  await expect(employers).toBeVisible();
  await expect(page.locator("astro-island[ssr]")).toHaveCount(1);

  await employers.tap();
  await expect(employers).toBeChecked();

  await scripts.release();
  await page.waitForFunction(PAGE_READY);
  await expect(page).toHaveURL(/[?&]type=employer$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.employer.heading);
  await expect(employers).toBeChecked();
});
