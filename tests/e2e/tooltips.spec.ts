import { waitForHydration } from "../support/browser/fixtures";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import type { Page } from "@playwright/test";
import { howWeHelpWords, pages } from "../support/words";

// docs/product.md#numbers-from-the-specification: open delay 700 ms, skip delay 300 ms. Written out, so a changed constant fails here.
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

const [free, tech, network] = howWeHelpWords.badges;
const badge = (page: Page, label: string) => page.getByRole("button", { name: label, exact: true });
const tooltip = (page: Page) => page.getByRole("tooltip");

/** Moves the mouse to the centre of a badge in small steps, as a hand does (a jump leaves Radix thinking the pointer is still in transit). */
async function glideTo(page: Page, label: string) {
  const box = await badge(page, label).boundingBox();
  if (!box) throw new Error(`badge ${label} is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
}

/** A margin well inside the delays, so the test checks the delay and not the timer's precision. */
const MARGIN_MS = 50;

/** The badges become tooltip triggers once the tooltip code, fetched after hydration, has arrived. */
async function waitForTooltips(page: Page) {
  await waitForHydration(page);
  await expect(page.locator('ul[data-tooltips="ready"]')).toHaveCount(1);
}

async function openWithPausedClock(page: Page) {
  await page.clock.install();
  await page.goto(pages.howWeHelp.path);
  await waitForTooltips(page);
  await page.clock.pauseAt(Date.now() + 1000);
}

test.describe("How We Help badge tooltips", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("each badge shows its one-sentence tooltip", async ({ page }) => {
    await page.goto(pages.howWeHelp.path);
    await waitForTooltips(page);
    for (const item of howWeHelpWords.badges) {
      await badge(page, item.label).focus();
      await expect(tooltip(page)).toHaveText(item.tooltip);
      await expect(badge(page, item.label)).toHaveAccessibleDescription(item.tooltip);
      // One sentence: a single full stop, at the end.
      expect(item.tooltip.match(/[.!?](\s|$)/g)).toHaveLength(1);
    }
  });

  test("opens after the pointer rests for the open delay, not before", async ({ page }) => {
    await openWithPausedClock(page);
    await badge(page, free!.label).hover();
    await page.clock.runFor(TOOLTIP_DELAY_MS - MARGIN_MS);
    await expect(tooltip(page)).toHaveCount(0);
    await page.clock.runFor(2 * MARGIN_MS);
    await expect(tooltip(page)).toHaveText(free!.tooltip);
  });

  test("moving to the next badge within the skip delay opens it at once; after it, the delay applies again", async ({
    page,
  }) => {
    await openWithPausedClock(page);
    await badge(page, free!.label).hover();
    await page.clock.runFor(TOOLTIP_DELAY_MS + MARGIN_MS);
    await expect(tooltip(page)).toHaveText(free!.tooltip);

    // Straight to the next badge: no delay.
    await glideTo(page, tech!.label);
    await expect(tooltip(page)).toHaveText(tech!.tooltip);

    // Away from every badge for longer than the skip delay...
    await page.mouse.move(5, 700, { steps: 12 });
    await expect(tooltip(page)).toHaveCount(0);
    await page.clock.runFor(TOOLTIP_SKIP_DELAY_MS + MARGIN_MS);

    // ...and the next tooltip waits for the full delay again.
    await glideTo(page, network!.label);
    await page.clock.runFor(TOOLTIP_DELAY_MS - MARGIN_MS);
    await expect(tooltip(page)).toHaveCount(0);
    await page.clock.runFor(2 * MARGIN_MS);
    await expect(tooltip(page)).toHaveText(network!.tooltip);
  });

  test("keyboard focus opens a tooltip at once and Escape closes it", async ({ page }) => {
    await openWithPausedClock(page);
    await badge(page, free!.label).focus();
    await page.keyboard.press("Tab");
    await expect(badge(page, tech!.label)).toBeFocused();
    await expect(tooltip(page)).toHaveText(tech!.tooltip);
    await page.keyboard.press("Escape");
    await expect(tooltip(page)).toHaveCount(0);
  });
});

test("the tooltip code loads on the How We Help page only", async ({ context }) => {
  // The selector badge-tooltips-script.ts binds: a string that survives minification.
  const signature = "[data-tooltips]";
  const scriptsOf = async (path: string) => {
    // A fresh page each time: every script the route needs is requested, none comes from memory.
    const page = await context.newPage();
    const urls = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") urls.add(response.url());
    });
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    // Scripts in the HTML itself, and every script the page requested.
    const { html } = await fetchHtml(page, path);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const bodies = await Promise.all([...urls].map(async (url) => (await page.request.get(url)).text()));
    await page.close();
    return [...inline, ...bodies].some((body) => body.includes(signature));
  };

  expect(await scriptsOf(pages.howWeHelp.path)).toBe(true);
  for (const path of [pages.home.path, pages.mission.path, pages.whoWeAre.path, pages.terms.path]) {
    expect(await scriptsOf(path), `${path} loads the tooltip code`).toBe(false);
  }
});
