import { statSync } from "node:fs";
import { join } from "node:path";
import { site } from "../support/browser/site-config";
import { BUILD_CLIENT } from "../support/browser/server-targets";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import { openRolesWords, pages, siteWords, whoWeAreWords } from "../support/words";

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

/** The lines a text node of `element` takes, by its line boxes. */
const linesOf = (element: Element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
};

test.describe("at the widths of phones, tablets and desktops", () => {
  // The widths where the header wrapped (768-899 px) and each side of where its links come into the bar.
  const WIDTHS = [320, 390, 768, 834, 899, 900, 1024, 1440];
  const NAV_FITS_FROM = 1024;

  test("the header keeps its height: the name, each link and the button on one line; the menu button until the links fit", async ({
    page,
  }) => {
    await page.goto("/mission");
    const header = page.getByRole("banner");
    const menuButton = header.getByRole("button", { name: siteWords.header.menuOpenLabel });
    const nav = page.getByRole("navigation", { name: siteWords.header.navLabel });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const fits = width >= NAV_FITS_FROM;
      await expect(menuButton, `${width} px`).toBeVisible({ visible: !fits });
      for (const item of siteWords.primaryNav) {
        const link = nav.getByRole("link", { name: item.label, exact: true });
        await expect(link, `${width} px`).toBeVisible({ visible: fits });
        if (fits) expect(await link.evaluate(linesOf), `${item.label} at ${width} px`).toBe(1);
      }
      // The name and the header's button (shown from 640 px), each on one line, inside a bar of one height.
      const name = header.getByText(`The ${site.siteName}`, { exact: true });
      if (width >= 360) expect(await name.evaluate(linesOf), `the name at ${width} px`).toBe(1);
      const cta = header.getByRole("link", { name: siteWords.header.ctaLabel });
      if (width >= 640) expect(await cta.evaluate(linesOf), `the button at ${width} px`).toBe(1);
      expect((await header.boundingBox())?.height, `the header at ${width} px`).toBeLessThanOrEqual(73);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBe(
        width,
      );
    }
  });

  test("the footer's address is never broken inside, and the footer links to the roles", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const address = footer.getByRole("link", { name: site.contactEmail });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await address.evaluate(linesOf), `${site.contactEmail} at ${width} px`).toBe(1);
    }
    await expect(footer.getByRole("link", { name: openRolesWords.links.footer })).toHaveAttribute("href", "/roles");
  });

  test("Who We Are's icon tiles keep their 48 px square, and the supporter card gives its words room", async ({
    page,
  }) => {
    await page.goto("/who-we-are");
    const tiles = page.locator("#why-ta-leaders li > span:first-child, #why-employers li > span:first-child");
    await expect(tiles.first()).toBeVisible();
    for (const width of [390, 834, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const sizes = await tiles.evaluateAll((found) =>
        found.map((tile) => `${tile.getBoundingClientRect().width}x${tile.getBoundingClientRect().height}`),
      );
      expect(sizes.length).toBeGreaterThan(0);
      for (const size of sizes) expect(size, `a tile at ${width} px`).toBe("48x48");
    }
    // At a tablet's width the supporter's words take the card's width, not what a row beside a button leaves.
    await page.setViewportSize({ width: 834, height: 800 });
    const card = page.getByRole("region", { name: site.supporter.name });
    const body = card.getByText(whoWeAreWords.supporter.body.replace("{supporterName}", site.supporter.name));
    const [cardBox, bodyBox] = [await card.boundingBox(), await body.boundingBox()];
    expect(bodyBox!.width / cardBox!.width).toBeGreaterThan(0.75);
  });

  test("/roles with no role open says so in its heading, not that roles are open now", async ({ page }) => {
    await page.goto("/roles");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(openRolesWords.hero.emptyHeading);
    await expect(heading).not.toContainText(openRolesWords.meta.heading);
    await expect(page.getByText(openRolesWords.list.empty)).toBeVisible();
    // And the home page has no band of roles.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: openRolesWords.links.home.title })).toHaveCount(0);
  });
});
