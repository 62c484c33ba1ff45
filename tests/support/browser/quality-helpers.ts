// Shared by the accessibility and keyboard specs: the routes to check, hydration, and
// the request page's states driven through the site's own form.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import { requestWords as requestInvitationContent } from "../words";
import { ownFormFields } from "../words";
import { pages, siteWords } from "../words";

/** WCAG 2.0 A and AA, 2.1 AA and 2.2 AA: the levels the site promises (STYLE.md). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

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

export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Axe's violations (of the whole page, or of the elements `include` selects), shaped so a failing assertion names the rule, the elements and the fix. */
export async function axeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
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

/** `state` names what was checked in the failure message ("at 375 px", "with the menu open"). */
export async function expectNoAxeViolations(page: Page, state = "", include?: string): Promise<void> {
  expect(await axeViolations(page, include), `axe violations ${state} (rule, elements, how to fix)`).toEqual([]);
}

export const menuToggle = (page: Page) =>
  page.getByRole("banner").getByRole("button", {
    name: new RegExp(`^(${siteWords.header.menuOpenLabel}|${siteWords.header.menuCloseLabel})$`),
  });

// ----- the request page -----

const copy = requestInvitationContent;
export type Mode = keyof typeof copy.modes;

export const requestPath = (mode: Mode) =>
  mode === "employer" ? `${pages.requestInvitation.path}?type=employer` : pages.requestInvitation.path;

/** The site's own form (no HubSpot ids: the default build), found by its accessible name. */
export const ownForm = (page: Page, mode: Mode) => page.getByRole("form", { name: copy.ownForm.forms[mode].name });

/** The request page in a mode, with its form shown and hydrated. */
export async function openRequestPage(page: Page, mode: Mode): Promise<void> {
  await openPage(page, requestPath(mode));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes[mode].heading);
  await expect(ownForm(page, mode)).toBeVisible();
}

/** The failed state's console errors: the aborted script and the page's own log of the failure. */
export const FORM_FAILURE_CONSOLE = /Failed to load resource|contact form failed to load/;

const sampleValue = (name: string) =>
  name === "email" ? "alex.morgan@example.com" : name === "linkedin_url" ? "linkedin.com/in/alex-morgan" : "Alex";

/**
 * Fills every field of the own form by its label and submits it; the request is stored
 * (held as sent too fast: these checks are about the page, not what the team receives).
 */
export async function submitOwnForm(page: Page, mode: Mode): Promise<void> {
  const form = ownForm(page, mode);
  for (const field of ownFormFields(mode)) {
    await form.getByLabel(field.label, { exact: false }).first().fill(sampleValue(field.name));
  }
  await form.getByRole("button", { name: copy.ownForm.forms[mode].submit }).click();
  await expect(page.getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
}
