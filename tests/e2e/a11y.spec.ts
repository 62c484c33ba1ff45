// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every route at a phone and a desktop width,
// with the mobile menu open, and on each state of the request page. One page load per
// route and state: loaded at the phone's width, then checked again with the window
// widened to a desktop's (the layout follows the media queries; nothing of the site's
// decides its layout once, at load), so axe is injected once per page.
import { expect, test } from "../support/browser/fixtures";
import { requestWords as requestInvitationContent } from "../support/words";
import { fakeHubSpot, FAKE_FORM_NAME, HUBSPOT_BUILD_URL, HUBSPOT_EMBED_SRC } from "../support/browser/fake-hubspot";
import {
  DESKTOP,
  expectNoAxeViolations,
  FORM_FAILURE_CONSOLE,
  MOBILE,
  menuToggle,
  NOT_FOUND_CONSOLE,
  openPage,
  openRequestPage,
  requestPath,
  ROUTES,
  ownForm,
  submitOwnForm,
  UNKNOWN_PATH,
  type Mode,
} from "../support/browser/quality-helpers";

const copy = requestInvitationContent;
const MODES: readonly Mode[] = ["candidate", "employer"];

test.use({ viewport: MOBILE });

for (const route of ROUTES) {
  test(`${route.name} (${route.path}) has no violations at 375 px, with the menu open, and at 1280 px`, async ({
    page,
    consoleErrors,
  }) => {
    if (route.path === UNKNOWN_PATH) consoleErrors.expect(NOT_FOUND_CONSOLE);
    await openPage(page, route.path);
    await expectNoAxeViolations(page, `at ${MOBILE.width} px`);

    // The rest of the page was checked just above: with the menu open, its header is what changed.
    await menuToggle(page).click();
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "with the mobile menu open", "header");
    await page.keyboard.press("Escape");
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false");

    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, `at ${DESKTOP.width} px`);
  });
}

for (const mode of MODES) {
  test(`the request page in ${mode} mode, form ready and after confirmation, has no violations at both widths`, async ({
    page,
  }) => {
    await openRequestPage(page, mode);
    await expectNoAxeViolations(page, `form ready at ${MOBILE.width} px`);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, `form ready at ${DESKTOP.width} px`);

    await submitOwnForm(page, mode);
    await expect(page.getByText(copy.modes[mode].confirmationBody)).toBeVisible();
    await expectNoAxeViolations(page, `after confirmation at ${DESKTOP.width} px`);
    await page.setViewportSize(MOBILE);
    await expectNoAxeViolations(page, `after confirmation at ${MOBILE.width} px`);
  });
}

// The loading and failed states exist only with HubSpot's embed: the build with test ids.
test("the request page while HubSpot's form loads has no violations at both widths", async ({ page }) => {
  const hubspot = await fakeHubSpot(page, { hold: true });
  await openPage(page, `${HUBSPOT_BUILD_URL}${requestPath("candidate")}`);
  await expect(page.getByRole("status").filter({ hasText: copy.loader.loading })).toBeVisible();
  await expectNoAxeViolations(page, `at ${MOBILE.width} px`);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `at ${DESKTOP.width} px`);
  hubspot.release();
  await expect(page.getByRole("form", { name: FAKE_FORM_NAME })).toBeVisible();
});

test("the request page with HubSpot's form failed, the own form first and Try Again below it, has no violations at both widths", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(FORM_FAILURE_CONSOLE);
  await page.route(HUBSPOT_EMBED_SRC, (route) => route.abort("failed"));
  await openPage(page, `${HUBSPOT_BUILD_URL}${requestPath("employer")}`);
  await expect(page.getByRole("alert")).toHaveText(copy.loader.failed);
  await expect(page.getByRole("button", { name: copy.loader.retry })).toBeVisible();
  await expect(ownForm(page, "employer")).toBeVisible();
  await expectNoAxeViolations(page, `at ${MOBILE.width} px`);
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `at ${DESKTOP.width} px`);
});
