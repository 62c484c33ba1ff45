// With JavaScript disabled, the site still navigates: the menu is the platform's popover,
// every navigation link and both calls to action are plain links, the skip link works.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import { audienceActions, pages, siteWords } from "../support/words";
import { requestPagePath } from "#shared/routes.ts";

test.use({ javaScriptEnabled: false });

const menuButton = (page: Page) => page.getByRole("button", { name: siteWords.header.menuOpenLabel });
const navLink = (page: Page, label: string) =>
  page.getByRole("navigation", { name: siteWords.header.navLabel }).getByRole("link", { name: label, exact: true });

test.describe("with JavaScript disabled, on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu button opens and closes the menu", async ({ page }) => {
    await page.goto("/");
    await expect(navLink(page, "Mission")).toBeHidden();
    await menuButton(page).click();
    for (const item of siteWords.primaryNav) await expect(navLink(page, item.label)).toBeVisible();
    await menuButton(page).click();
    await expect(navLink(page, "Mission")).toBeHidden();
  });

  test("Escape and a tap outside close the menu", async ({ page }) => {
    await page.goto("/mission");
    await menuButton(page).click();
    await expect(navLink(page, "Who We Are")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(navLink(page, "Who We Are")).toBeHidden();
    await menuButton(page).click();
    await expect(navLink(page, "Who We Are")).toBeVisible();
    await page.mouse.click(200, 600);
    await expect(navLink(page, "Who We Are")).toBeHidden();
  });

  test("a link in the menu opens its page, with the menu closed", async ({ page }) => {
    await page.goto("/");
    await menuButton(page).click();
    await navLink(page, "How We Help").click();
    await expect(page).toHaveURL(/\/how-we-help$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(pages.howWeHelp.heading);
    await expect(navLink(page, "How We Help")).toBeHidden();
  });
});

test.describe("with JavaScript disabled, on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every navigation link opens its page and marks it current", async ({ page }) => {
    for (const item of siteWords.primaryNav) {
      await page.goto("/terms-of-engagement");
      await navLink(page, item.label).click();
      await expect(page).toHaveURL(new RegExp(`${item.href === "/" ? "/" : item.href}$`));
      await expect(navLink(page, item.label)).toHaveAttribute("aria-current", "page");
    }
  });

  test("both calls to action on the home page open the request page for their audience", async ({ page }) => {
    for (const action of [audienceActions.candidate, audienceActions.employer]) {
      await page.goto("/");
      await page.getByRole("main").getByRole("link", { name: action.label, exact: true }).click();
      await expect(page).toHaveURL(
        action === audienceActions.candidate ? requestPagePath("candidate") : requestPagePath("employer"),
      );
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("the skip link is the first Tab stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/who-we-are");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: siteWords.skipLinkLabel });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });
});
