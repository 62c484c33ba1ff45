// Keyboard use: every interactive element is reached by Tab, in document order, with a
// visible focus indicator that nothing covers; the mobile menu and the request page's
// mode toggle work from the keyboard alone.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import { requestWords as requestInvitationContent } from "../support/words";
import {
  DESKTOP,
  MOBILE,
  menuToggle,
  NOT_FOUND_CONSOLE,
  openPage,
  openRequestPage,
  ROUTES,
  ownForm,
  UNKNOWN_PATH,
} from "../support/browser/quality-helpers";
import { pages, siteWords } from "../support/words";

const copy = requestInvitationContent;
/** Focus indicators need 3:1 against what is next to them (WCAG 1.4.11, non-text contrast). */
const MIN_INDICATOR_CONTRAST = 3;

interface FocusReport {
  description: string;
  focusVisible: boolean;
  indicator: boolean;
  /** Contrast of the outline against the background around the element, when the indicator is an outline. */
  outlineContrast: number | null;
  inViewport: boolean;
  covered: string | null;
}

interface Snapshot {
  /** The focused element, or null when focus is on the body (it left the page) or came back to an element already visited. */
  focus: FocusReport | null;
  /**
   * In document order, every element the Tab key should reach now: focusable, not
   * taken out of the order with tabindex="-1", rendered (the skip link is visually
   * hidden but rendered), and for a radio group only its checked radio (or its first
   * when none is checked), as browsers do.
   */
  stops: string[];
}

/**
 * What has focus (its focus indicator, whether anything covers it) and which elements
 * should be Tab stops. Elements are compared by description rather than identity: a page
 * may replace an element with an equal one after hydration (a lazily loaded tooltip does).
 */
function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(async () => {
    const describe = (element: Element) => {
      const label = element.getAttribute("aria-label") ?? (element as HTMLInputElement).labels?.[0]?.textContent;
      const text = (label ?? element.textContent ?? "").replace(/\s+/g, " ").trim();
      return `${element.tagName.toLowerCase()} "${text.slice(0, 40)}"`;
    };

    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [tabindex], [contenteditable=true]";
    const radioGroups = new Set<string>();
    const stops = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((element) => {
      if (element.tabIndex < 0 || element.matches(":disabled") || element.closest("[inert]")) return false;
      if (!element.checkVisibility({ checkVisibilityCSS: true })) return false;
      if (element instanceof HTMLInputElement && element.type === "radio" && element.name) {
        const group = Array.from(
          document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(element.name)}"]`),
        ).filter((radio) => !radio.disabled);
        if ((group.find((radio) => radio.checked) ?? group[0]) !== element || radioGroups.has(element.name))
          return false;
        radioGroups.add(element.name);
      }
      return true;
    });

    const element = document.activeElement as (HTMLElement & { qaTabVisited?: boolean }) | null;
    if (!element || element === document.body || element.qaTabVisited)
      return { focus: null, stops: stops.map(describe) };
    element.qaTabVisited = true;

    // Any CSS colour (oklab, color-mix results...) to sRGB bytes, through a canvas.
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    // The background the outline is drawn on: the ancestors' background colours, composited
    // over white (background images and gradients are not considered).
    const backdrop = () => {
      const layers: [number, number, number, number][] = [];
      for (let node = element.parentElement; node; node = node.parentElement) {
        layers.unshift(rgba(getComputedStyle(node).backgroundColor));
      }
      return layers.reduce<number[]>(
        (below, [r, g, b, a]) => [
          r * a + below[0]! * (1 - a),
          g * a + below[1]! * (1 - a),
          b * a + below[2]! * (1 - a),
        ],
        [255, 255, 255],
      );
    };

    // Judge the settled indicator: `transition-colors` also fades outline-color in from currentColor.
    await Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(element);
    const outlineColor = rgba(style.outlineColor);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && outlineColor[3] > 0;
    const shadow = style.boxShadow !== "none" && style.boxShadow !== "";
    let outlineContrast: number | null = null;
    if (outline) {
      const [lighter, darker] = [luminance(outlineColor), luminance(backdrop())].sort((a, b) => b - a);
      outlineContrast = Math.round(((lighter! + 0.05) / (darker! + 0.05)) * 100) / 100;
    }
    const rect = element.getBoundingClientRect();
    const inViewport =
      rect.width > 0 &&
      rect.height > 0 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < innerHeight &&
      rect.left < innerWidth;
    // WCAG 2.2 "Focus Not Obscured": the element's centre must not be under the fixed header or anything else.
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const covered =
      hit && hit !== element && !element.contains(hit) && !hit.contains(element)
        ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}`
        : null;
    return {
      focus: {
        description: describe(element),
        focusVisible: element.matches(":focus-visible"),
        indicator: outline || shadow,
        outlineContrast,
        inViewport,
        covered,
      },
      stops: stops.map(describe),
    };
  });
}

/**
 * Tabs from the top of the page until focus leaves the document or comes back to an
 * element already visited; returns what each Tab focused and the Tab stops the page
 * has at the end.
 */
async function tabThrough(page: Page): Promise<{ visited: FocusReport[]; stops: string[] }> {
  const visited: FocusReport[] = [];
  const { stops: initial } = await snapshot(page);
  expect(initial.length, "interactive elements on the page").toBeGreaterThan(0);
  for (let press = 0; press < initial.length * 2 + 3; press++) {
    await page.keyboard.press("Tab");
    const { focus, stops } = await snapshot(page);
    if (!focus) return { visited, stops };
    visited.push(focus);
  }
  throw new Error(`focus never left the page or came round after ${initial.length * 2 + 3} Tab presses`);
}

async function expectSensibleTabOrder(page: Page) {
  const { visited, stops } = await tabThrough(page);
  // Every stop, once each, in document order (no positive tabindex, no traps, no skips).
  expect(
    visited.map((report) => report.description),
    "Tab order",
  ).toEqual(stops);
  for (const report of visited) {
    const { focusVisible, indicator, inViewport, covered, outlineContrast } = report;
    expect(
      {
        focusVisible,
        indicator,
        inViewport,
        covered,
        outlineContrastAtLeast3: outlineContrast === null || outlineContrast >= MIN_INDICATOR_CONTRAST,
      },
      `focus indicator of ${report.description} (outline contrast ${outlineContrast ?? "n/a"})`,
    ).toEqual({ focusVisible: true, indicator: true, inViewport: true, covered: null, outlineContrastAtLeast3: true });
  }
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`Tab order and focus indicators at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const route of ROUTES) {
      test(`${route.name} (${route.path})`, async ({ page, consoleErrors }) => {
        if (route.path === UNKNOWN_PATH) consoleErrors.expect(NOT_FOUND_CONSOLE);
        // The request page's form is part of its Tab order: wait for it.
        if (route.path === pages.requestInvitation.path) await openRequestPage(page, "candidate");
        else await openPage(page, route.path);
        await expectSensibleTabOrder(page);
      });
    }
  });
}

test.describe("the mobile menu from the keyboard alone", () => {
  test.use({ viewport: MOBILE });

  const menuLink = (page: Page, label: string) =>
    page.getByRole("navigation", { name: siteWords.header.navLabel }).getByRole("link", { name: label, exact: true });

  async function tabTo(page: Page, target: ReturnType<typeof menuToggle>) {
    for (let press = 0; press < 10; press++) {
      await page.keyboard.press("Tab");
      if (await target.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error("the menu button was not reached with Tab");
  }

  test("Enter opens it, Tab walks its links in order, Escape closes it and returns focus", async ({ page }) => {
    await openPage(page, "/mission");
    const toggle = menuToggle(page);
    await tabTo(page, toggle);
    await expect(toggle).toHaveAccessibleName(siteWords.header.menuOpenLabel);

    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(siteWords.header.menuCloseLabel);
    await expect(toggle).toBeFocused();
    // The opened links follow the button: the next Tab stops are the menu, in order.
    for (const item of siteWords.primaryNav) {
      await page.keyboard.press("Tab");
      await expect(menuLink(page, item.label)).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await expect(
      page
        .getByRole("navigation", { name: siteWords.header.navLabel })
        .getByRole("link", { name: siteWords.header.ctaLabel }),
    ).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await expect(menuLink(page, "Mission")).toBeHidden();
  });

  test("Space toggles it, and Enter on a link navigates and closes it", async ({ page }) => {
    await openPage(page, "/");
    const toggle = menuToggle(page);
    await tabTo(page, toggle);
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menuLink(page, "Mission")).toBeHidden();

    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(menuLink(page, "Mission")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/mission$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("the request page's mode toggle from the keyboard alone", () => {
  test.use({ viewport: DESKTOP });

  test("Tab reaches the checked option; arrow keys switch the mode, the URL and the form", async ({ page }) => {
    await openRequestPage(page, "candidate");
    const leaders = page.getByRole("radio", { name: copy.modes.candidate.toggleLabel });
    const employers = page.getByRole("radio", { name: copy.modes.employer.toggleLabel });
    await expect(page.getByRole("group", { name: copy.toggleLegend })).toBeVisible();

    for (
      let press = 0;
      press < 30 && !(await leaders.evaluate((element) => element === document.activeElement));
      press++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(leaders).toBeFocused();
    await expect(leaders).toBeChecked();
    expect(await leaders.evaluate((element) => element.matches(":focus-visible"))).toBe(true);

    await page.keyboard.press("ArrowRight");
    await expect(employers).toBeFocused();
    await expect(employers).toBeChecked();
    await expect(page).toHaveURL(/\?type=employer$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.employer.heading);
    await expect(ownForm(page, "employer")).toBeVisible();

    await page.keyboard.press("ArrowLeft");
    await expect(leaders).toBeChecked();
    await expect(page).toHaveURL(/\/request-invitation$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.candidate.heading);
    await expect(ownForm(page, "candidate")).toBeVisible();
  });
});
