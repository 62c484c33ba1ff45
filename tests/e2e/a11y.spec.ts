// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every route at a phone and a desktop width,
// with the mobile menu open, and on each state of the request page.
import { expect, test } from "../support/browser/fixtures";
import { requestInvitationContent } from "../../app/content/request-invitation";
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
  waitForHydration,
  type Mode,
} from "../support/browser/quality-helpers";

const copy = requestInvitationContent;
const MODES: readonly Mode[] = ["candidate", "employer"];

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const route of ROUTES) {
      test(`${route.name} (${route.path}) has no violations`, async ({ page, consoleErrors }) => {
        if (route.path === UNKNOWN_PATH) consoleErrors.expect(NOT_FOUND_CONSOLE);
        await openPage(page, route.path);
        await expectNoAxeViolations(page);
      });
    }

    for (const mode of MODES) {
      test(`the request page in ${mode} mode, form ready, has no violations`, async ({ page }) => {
        await openRequestPage(page, mode);
        await expectNoAxeViolations(page);
      });

      test(`the request page in ${mode} mode after confirmation has no violations`, async ({ page }) => {
        await openRequestPage(page, mode);
        await submitOwnForm(page, mode);
        await expect(page.getByText(copy.modes[mode].confirmationBody)).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    // The loading and failed states exist only with HubSpot's embed: the build with test ids.
    test("the request page while HubSpot's form loads has no violations", async ({ page }) => {
      const hubspot = await fakeHubSpot(page, { hold: true });
      await openPage(page, `${HUBSPOT_BUILD_URL}${requestPath("candidate")}`);
      await expect(page.getByRole("status").filter({ hasText: copy.loader.loading })).toBeVisible();
      await expectNoAxeViolations(page);
      hubspot.release();
      await expect(page.getByRole("form", { name: FAKE_FORM_NAME })).toBeVisible();
    });

    test("the request page with HubSpot's form failed, and the own form beside Try Again, has no violations", async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(FORM_FAILURE_CONSOLE);
      await page.route(HUBSPOT_EMBED_SRC, (route) => route.abort("failed"));
      await openPage(page, `${HUBSPOT_BUILD_URL}${requestPath("employer")}`);
      await expect(page.getByRole("alert")).toHaveText(copy.loader.failed);
      await expect(page.getByRole("button", { name: copy.loader.retry })).toBeVisible();
      await expect(ownForm(page, "employer")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("axe with the mobile menu open", () => {
  test.use({ viewport: MOBILE });

  for (const route of ROUTES) {
    test(`${route.name} (${route.path}) has no violations`, async ({ page, consoleErrors }) => {
      if (route.path === UNKNOWN_PATH) consoleErrors.expect(NOT_FOUND_CONSOLE);
      await page.goto(route.path);
      await waitForHydration(page);
      await menuToggle(page).click();
      await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true");
      await expectNoAxeViolations(page);
    });
  }
});
