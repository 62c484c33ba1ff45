import { statSync } from "node:fs";
import { join } from "node:path";
import { site } from "../support/browser/site-config";
import { BUILD_CLIENT } from "../support/browser/server-targets";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import { pages, siteWords } from "../support/words";

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const current of siteWords.primaryNav) {
    test(`marks ${current.label} as the current page at ${current.href}`, async ({ page }) => {
      await page.goto(current.href);
      const nav = page.getByRole("navigation", { name: siteWords.header.navLabel });
      for (const item of siteWords.primaryNav) {
        const link = nav.getByRole("link", { name: item.label, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", item.href);
        if (item === current) {
          await expect(link).toHaveAttribute("aria-current", "page");
          // The highlight is a visible bar under the link, not only the attribute.
          const bar = await link.evaluate((element) => getComputedStyle(element, "::after").backgroundColor);
          expect(bar).not.toBe("rgba(0, 0, 0, 0)");
        } else {
          await expect(link).not.toHaveAttribute("aria-current");
        }
      }
    });
  }

  test("the header stays fixed at the top while the page scrolls", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 1500);
    await expect(page.getByRole("banner")).toBeInViewport();
    expect(await page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const toggle = (page: Page) =>
    page.getByRole("button", {
      name: new RegExp(`${siteWords.header.menuOpenLabel}|${siteWords.header.menuCloseLabel}`),
    });
  const navLink = (page: Page, label: string) =>
    page.getByRole("navigation", { name: siteWords.header.navLabel }).getByRole("link", { name: label, exact: true });

  test("collapses the links behind a button that opens and closes them", async ({ page }) => {
    await page.goto("/");
    const button = toggle(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Mission")).toBeHidden();

    const controlled = await button.getAttribute("aria-controls");
    expect(controlled).toBeTruthy();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`[id="${controlled}"]`)).toBeVisible();
    for (const item of siteWords.primaryNav) await expect(navLink(page, item.label)).toBeVisible();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Mission")).toBeHidden();
  });

  test("closes on Escape and returns focus to the button", async ({ page }) => {
    await page.goto("/");
    await toggle(page).click();
    await expect(navLink(page, "Mission")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toBeFocused();
  });

  test("closes on a click outside the menu", async ({ page }) => {
    await page.goto("/");
    await toggle(page).click();
    await page.mouse.click(200, 600);
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Mission")).toBeHidden();
  });

  test("closes when a link navigates", async ({ page }) => {
    await page.goto("/");
    await toggle(page).click();
    await navLink(page, "How We Help").click();
    await expect(page).toHaveURL(/\/how-we-help$/);
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "How We Help")).toBeHidden();
  });
});

test.describe("footer", () => {
  test("links to the About pages, contact, privacy policy, terms and the supporter", async ({ page }) => {
    await page.goto("/mission");
    const footer = page.getByRole("contentinfo");
    for (const link of siteWords.footer.aboutLinks) {
      await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.href);
    }
    await expect(footer.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
    await expect(footer.getByRole("link", { name: siteWords.footer.termsLabel })).toHaveAttribute(
      "href",
      pages.terms.path,
    );
    // The year the pages were built, whatever year the copy was written in.
    await expect(footer).toContainText(
      `© ${new Date(statSync(join(BUILD_CLIENT, "index.html")).mtimeMs).getUTCFullYear()} The ${site.siteName}`,
    );

    for (const [name, href] of [
      [siteWords.footer.privacyLabel, site.privacyPolicyUrl],
      [site.supporter.name, site.supporter.url],
    ] as const) {
      // External links open a new tab, share no opener or referrer, and say so.
      const link = footer.getByRole("link", { name: new RegExp(`^${name} \\(opens in a new tab\\)$`) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("its Terms of Engagement link navigates in the page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: siteWords.footer.termsLabel }).click();
    await expect(page).toHaveURL(/\/terms-of-engagement$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.terms.heading);
  });
});

test.describe("skip link", () => {
  for (const path of ["/", "/who-we-are"]) {
    test(`is the first Tab stop and moves focus to the main content on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: siteWords.skipLinkLabel });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
    });
  }
});
