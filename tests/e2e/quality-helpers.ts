// Shared by the accessibility and keyboard specs: the routes to check, hydration, and
// the request page's states driven through the stand-in form.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, PAGE_READY } from "./fixtures";
import { pages } from "../../app/content/pages";
import { headerContent } from "../../app/content/shared";
import { requestInvitationContent } from "../../app/content/request-invitation";

/** WCAG 2.0 A and AA, 2.1 AA and 2.2 AA: the levels the site promises (STYLE.md). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

export const MOBILE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** A path no route claims: the 404 page. */
export const UNKNOWN_PATH = "/no-such-page-for-quality-checks";

export interface CheckedRoute {
  name: string;
  path: string;
}

/** Every route of the route table, and the 404 page at an unknown path. */
export const ROUTES: readonly CheckedRoute[] = [
  ...Object.values(pages)
    .filter((page) => page.path !== pages.notFound.path)
    .map((page) => ({ name: page.title, path: page.path })),
  { name: pages.notFound.title, path: UNKNOWN_PATH },
];

/** The 404 page logs the unknown path and the browser logs the 404 response: both expected. */
export const NOT_FOUND_CONSOLE = /404|no page at/;

/** Resolves once the page's scripts have run and its islands have hydrated, so clicks and keys reach handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(PAGE_READY);
}

export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Axe's violations, shaped so a failing assertion names the rule, the elements and the fix. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: `${violation.help} (${violation.helpUrl})`,
    elements: violation.nodes.map((node) => ({
      target: node.target.join(" "),
      html: node.html.slice(0, 200),
      fix: node.failureSummary,
    })),
  }));
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), "axe violations (rule, elements, how to fix)").toEqual([]);
}

export const menuToggle = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("button", { name: new RegExp(`^(${headerContent.menuOpenLabel}|${headerContent.menuCloseLabel})$`) });

// ----- the request page -----

const copy = requestInvitationContent;
export type Mode = keyof typeof copy.modes;

export const requestPath = (mode: Mode) =>
  mode === "employer" ? `${pages.requestInvitation.path}?type=employer` : pages.requestInvitation.path;

/** The stand-in form (no HubSpot ids: the default build), found by its accessible name. */
export const standInForm = (page: Page, mode: Mode) =>
  page.getByRole("form", { name: copy.standInForm.forms[mode].name });

/** The request page in a mode, with its form loaded and ready. */
export async function openRequestPage(page: Page, mode: Mode): Promise<void> {
  await openPage(page, requestPath(mode));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes[mode].heading);
  await expect(standInForm(page, mode)).toBeVisible();
}

/**
 * Makes the embed script fail to load: the stand-in's chunk in the default build, or
 * HubSpot's script when the build has HubSpot ids.
 */
export async function failFormEmbed(page: Page): Promise<void> {
  await page.route(/\/assets\/stand-in-embed[^/]*\.js(\?.*)?$/, (route) => route.abort("failed"));
  await page.route(/^https:\/\/js\.hsforms\.net\//, (route) => route.abort("failed"));
}

/** The failed state's console errors: the aborted request and the page's own log of the failure. */
export const FORM_FAILURE_CONSOLE =
  /Failed to load resource|contact form failed to load|Failed to fetch dynamically imported module/;

const sampleValue = (type: string) =>
  type === "email" ? "alex.morgan@example.com" : type === "url" ? "https://www.linkedin.com/in/alex-morgan" : "Alex";

/** Fills every field of the stand-in form by its label and submits it. */
export async function submitStandInForm(page: Page, mode: Mode): Promise<void> {
  const form = standInForm(page, mode);
  for (const field of copy.standInForm.forms[mode].fields) {
    await form.getByLabel(field.label, { exact: true }).fill(sampleValue(field.type));
  }
  await form.getByRole("button", { name: copy.standInForm.forms[mode].submit }).click();
  await expect(page.getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
}
