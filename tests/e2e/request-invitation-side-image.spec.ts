// The request page's side image: preload, then a cross-fade 50 ms later lasting 1000 ms,
// the old image removed 1000 ms after that; rapid toggling; reduced motion. Time is the
// browser's fake clock, paused, and moved on by hand.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import { requestWords as copy } from "../support/words";
import { pages } from "../support/words";

// The specification's numbers (docs/product.md#the-request-page and #numbers-from-the-specification), written out so a changed constant fails here.
const IMAGE_SWITCH_DELAY_MS = 50;
const CROSSFADE_MS = 1000;
const IMAGE_CLEANUP_MS = 1000;

type Mode = keyof typeof copy.modes;
const PATH = pages.requestInvitation.path;
/** The employer mode's image files (every format and width); the leader mode shows the planning scene. */
const EMPLOYER_IMAGE = /\/assets\/team-scene[.-][^/]+$/;

const panel = (page: Page) => page.getByTestId("side-image-panel");
const radio = (page: Page, mode: Mode) => page.getByRole("radio", { name: copy.modes[mode].toggleLabel });

/** The panel's layers, bottom first, as `mode:state`. */
const layers = (page: Page) =>
  panel(page)
    .locator("[data-mode]")
    .evaluateAll((elements) =>
      elements.map((element) => `${element.getAttribute("data-mode")}:${element.getAttribute("data-state")}`),
    );

async function expectLayers(page: Page, expected: string[]) {
  await expect.poll(() => layers(page)).toEqual(expected);
  await expect(panel(page).locator("img")).toHaveCount(expected.length);
}

/** Opens the page with time standing still, once the form (and so hydration) is done. */
async function openWithPausedClock(page: Page) {
  const start = Date.parse("2025-01-01T00:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await page.goto(PATH);
  await expect(page.getByRole("form", { name: copy.ownForm.forms.candidate.name })).toBeVisible();
  await expectLayers(page, ["candidate:shown"]);
}

/** Toggles and waits until the new image has been preloaded (the switch timer is then set). */
async function toggleAndPreload(page: Page, mode: Mode) {
  await radio(page, mode).check();
  await expect(panel(page)).toHaveAttribute("aria-busy", "false");
}

test.describe("side image cross-fade", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test(`preloads; switches ${IMAGE_SWITCH_DELAY_MS} ms after; fades ${CROSSFADE_MS} ms; removes the old ${IMAGE_CLEANUP_MS} ms later`, async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const preloadRequests: string[] = [];
    await page.route(EMPLOYER_IMAGE, async (route) => {
      preloadRequests.push(route.request().url());
      await held;
      await route.continue();
    });
    await openWithPausedClock(page);

    await radio(page, "employer").check();
    await expect(panel(page)).toHaveAttribute("aria-busy", "true");
    // However long the image takes, nothing changes until it has loaded.
    await page.clock.runFor(5_000);
    await expectLayers(page, ["candidate:shown"]);
    expect(preloadRequests).toHaveLength(1);

    release();
    await expect(panel(page)).toHaveAttribute("aria-busy", "false");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS - 1);
    await expectLayers(page, ["candidate:shown"]);
    await page.clock.runFor(1);
    await expectLayers(page, ["candidate:leaving", "employer:entering"]);

    // The incoming image fades in over CROSSFADE_MS; the old one is hidden from assistive tech.
    const incoming = panel(page).locator('[data-mode="employer"]');
    expect(
      await incoming.evaluate((element) =>
        element.getAnimations().map((animation) => animation.effect?.getTiming().duration),
      ),
    ).toEqual([CROSSFADE_MS]);
    await expect(panel(page).locator('[data-mode="candidate"]')).toHaveAttribute("aria-hidden", "true");
    // The image shown is the very file that was preloaded.
    const shownSrc = await incoming.locator("img").evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(preloadRequests).toContain(shownSrc);

    await page.clock.runFor(CROSSFADE_MS - 1);
    await expectLayers(page, ["candidate:leaving", "employer:entering"]);
    await page.clock.runFor(1);
    await expectLayers(page, ["candidate:leaving", "employer:shown"]);
    expect(await incoming.evaluate((element) => element.getAnimations().length)).toBe(0);

    await page.clock.runFor(IMAGE_CLEANUP_MS - 1);
    await expectLayers(page, ["candidate:leaving", "employer:shown"]);
    await page.clock.runFor(1);
    await expectLayers(page, ["employer:shown"]);
    await expect(panel(page)).toHaveAttribute("aria-busy", "false");
  });

  test("a failed preload is ignored: the switch goes ahead", async ({ page, consoleErrors }) => {
    consoleErrors.expect(/Failed to load resource/);
    await page.route(EMPLOYER_IMAGE, (route) => route.abort("failed"));
    await openWithPausedClock(page);

    await toggleAndPreload(page, "employer");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS);
    await expectLayers(page, ["candidate:leaving", "employer:entering"]);
    await page.clock.runFor(CROSSFADE_MS + IMAGE_CLEANUP_MS);
    await expectLayers(page, ["employer:shown"]);
  });

  test("rapid toggling never shows a stale image nor more than two", async ({ page }) => {
    await openWithPausedClock(page);

    // Back to the leaders before the switch: the employer image never appears.
    await toggleAndPreload(page, "employer");
    await radio(page, "candidate").check();
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS * 4);
    await expectLayers(page, ["candidate:shown"]);

    // Mid-fade, a toggle back and forth within 50 ms: the fade in progress simply completes.
    await toggleAndPreload(page, "employer");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS + 300);
    await expectLayers(page, ["candidate:leaving", "employer:entering"]);
    await toggleAndPreload(page, "candidate");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS - 10);
    await radio(page, "employer").check();
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS * 4);
    await expectLayers(page, ["candidate:leaving", "employer:entering"]);
    await page.clock.runFor(CROSSFADE_MS + IMAGE_CLEANUP_MS);
    await expectLayers(page, ["employer:shown"]);

    // A switch during a fade: the newest image goes on top of the one fading in; still two.
    await toggleAndPreload(page, "candidate");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS + 300);
    await expectLayers(page, ["employer:leaving", "candidate:entering"]);
    await toggleAndPreload(page, "employer");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS);
    await expectLayers(page, ["candidate:leaving", "employer:entering"]);
    await page.clock.runFor(CROSSFADE_MS + IMAGE_CLEANUP_MS);
    await expectLayers(page, ["employer:shown"]);

    // Five toggles in a row: only the last one counts.
    for (const mode of ["candidate", "employer", "candidate", "employer", "candidate"] as const) {
      await radio(page, mode).click();
      expect((await layers(page)).length).toBeLessThanOrEqual(2);
    }
    await expect(panel(page)).toHaveAttribute("aria-busy", "false");
    await page.clock.runFor(IMAGE_SWITCH_DELAY_MS);
    await expectLayers(page, ["employer:leaving", "candidate:entering"]);
    await page.clock.runFor(CROSSFADE_MS + IMAGE_CLEANUP_MS);
    await expectLayers(page, ["candidate:shown"]);
  });

  test("under reduced motion the swap is instant", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openWithPausedClock(page);
    await radio(page, "employer").check();
    // No time passes at all, and the employer image is already the only one.
    await expectLayers(page, ["employer:shown"]);
    expect(
      await panel(page)
        .locator('[data-mode="employer"]')
        .evaluate((element) => element.getAnimations().length),
    ).toBe(0);
    await radio(page, "candidate").check();
    await expectLayers(page, ["candidate:shown"]);
  });
});
