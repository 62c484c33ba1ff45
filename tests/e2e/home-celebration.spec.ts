import { waitForHydration } from "../support/browser/fixtures";
import { expect, test } from "../support/browser/fixtures";
import type { Page } from "@playwright/test";
import { audienceActions } from "../support/words";
import { requestPagePath } from "#shared/routes.ts";

// docs/product.md#numbers-from-the-specification: 50 pieces, 10 colours, 3000 ms. Written out, so a changed constant fails here.
const CONFETTI_PIECES = 50;
const CONFETTI_COLOUR_COUNT = 10;
const CONFETTI_DURATION_MS = 3_000;

const CONFETTI = '[data-testid="confetti"]';

/** Counts every confetti container ever added to the page, however briefly it stays. */
async function countConfettiStarts(page: Page) {
  await page.addInitScript((selector) => {
    const win = window as unknown as { confettiStarts: number };
    win.confettiStarts = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches(selector) || node.querySelector(selector)))
            win.confettiStarts += 1;
    }).observe(document, { childList: true, subtree: true });
  }, CONFETTI);
  return () => page.evaluate(() => (window as unknown as { confettiStarts: number }).confettiStarts);
}

/** Opens home with the browser clock stopped, so the test decides when time passes. */
async function openHomeWithPausedClock(page: Page) {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await page.clock.pauseAt(Date.now() + 1000);
}

const leadersButton = (page: Page) => page.getByRole("link", { name: audienceActions.candidate.label });

test.describe("the TA Leaders button on the home page", () => {
  test("plays 50 pieces of confetti in 10 colours for 3 seconds, clears them, then opens the request page", async ({
    page,
  }) => {
    await openHomeWithPausedClock(page);

    await leadersButton(page).click();
    const confetti = page.locator(CONFETTI);
    await expect(confetti).toHaveCount(1);
    await expect(confetti).toHaveAttribute("aria-hidden", "true");
    const pieces = confetti.locator(":scope > *");
    await expect(pieces).toHaveCount(CONFETTI_PIECES);
    const colours = await pieces.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).backgroundColor),
    );
    expect(new Set(colours).size).toBe(CONFETTI_COLOUR_COUNT);
    await expect(page).toHaveURL(/\/$/);

    // Just before the end the celebration is still on screen, and the page has not moved on.
    await page.clock.runFor(CONFETTI_DURATION_MS - 100);
    await expect(pieces).toHaveCount(CONFETTI_PIECES);
    await expect(page).toHaveURL(/\/$/);

    await page.clock.runFor(200);
    await expect(page).toHaveURL(requestPagePath("candidate"));
    await expect(page.locator(CONFETTI)).toHaveCount(0);
  });

  test("a second click during the celebration starts nothing new and navigates once", async ({ page }) => {
    const confettiStarts = await countConfettiStarts(page);
    await openHomeWithPausedClock(page);

    await leadersButton(page).click();
    await expect(page.locator(CONFETTI)).toHaveCount(1);
    await page.clock.runFor(500);
    // The confetti layer lets clicks through, so this really reaches the button again.
    await leadersButton(page).click();
    await leadersButton(page).dblclick();
    expect(await confettiStarts()).toBe(1);
    await expect(page.locator(`${CONFETTI} > *`)).toHaveCount(CONFETTI_PIECES);
    await expect(page).toHaveURL(/\/$/);

    // Until the celebration ends, still one celebration (the next page is a new document).
    await page.clock.runFor(CONFETTI_DURATION_MS - 600);
    expect(await confettiStarts()).toBe(1);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(requestPagePath("candidate"));
    // One navigation only: one step back is home again.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test("under reduced motion there is no confetti and the request page opens at once", async ({ page }) => {
    const confettiStarts = await countConfettiStarts(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);

    await leadersButton(page).click();
    await expect(page).toHaveURL(requestPagePath("candidate"));
    expect(await confettiStarts()).toBe(0);
  });
});

test.describe("before JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the TA Leaders button is a plain link to the request page", async ({ page }) => {
    await page.goto("/");
    await expect(leadersButton(page)).toHaveAttribute("href", requestPagePath("candidate"));
    await leadersButton(page).click();
    await expect(page).toHaveURL(requestPagePath("candidate"));
  });
});

test("the Employers button opens the request page in employer mode, without confetti", async ({ page }) => {
  const confettiStarts = await countConfettiStarts(page);
  await page.goto("/");
  await waitForHydration(page);
  const employers = page.getByRole("link", { name: audienceActions.employer.label, exact: true });
  await expect(employers).toHaveAttribute("href", requestPagePath("employer"));
  await employers.click();
  await expect(page).toHaveURL(requestPagePath("employer"));
  expect(await confettiStarts()).toBe(0);
});
