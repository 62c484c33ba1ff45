// The privacy notice beside the own form's submit button (docs/product.md#notifications-and-privacy), in the default
// build: both modes, with JavaScript and without (the prerendered HTML), naming what is
// stored, who receives it, how long it is kept, where to ask, and the privacy policy.
import type { Page } from "@playwright/test";
import { requestPagePath } from "#shared/routes.ts";
import { expect, test } from "../support/browser/fixtures";
import { site } from "../support/browser/site-config";
import { requestWords as copy } from "../support/words";
import { HUBSPOT_BUILD_URL } from "../support/browser/fake-hubspot";
import { pages, siteWords } from "../support/words";

const MODES = ["candidate", "employer"] as const;
const notice = copy.ownForm.privacyNotice;

async function expectNoticeBesideSubmit(
  page: Page,
  mode: (typeof MODES)[number],
  recipients: string = notice.recipients.withoutHubSpot,
) {
  const form = page.getByRole("form", { name: copy.ownForm.forms[mode].name });
  const submit = form.getByRole("button", { name: copy.ownForm.forms[mode].submit });
  await expect(submit).toBeVisible();
  // The element right after the button is the notice.
  const besideSubmit = submit.locator("xpath=following-sibling::*[1]");
  await expect(besideSubmit).toBeVisible();
  await expect(besideSubmit).toContainText(notice.stored);
  await expect(besideSubmit).toContainText(recipients);
  await expect(besideSubmit).toContainText(notice.retention.replace("{days}", String(site.requestRetentionDays)));
  await expect(besideSubmit.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
    "href",
    `mailto:${site.contactEmail}`,
  );
  const policy = besideSubmit.getByRole("link", { name: `${notice.policyLink} ${siteWords.newTabHint}` });
  await expect(policy).toHaveAttribute("href", site.privacyPolicyUrl);
  await expect(policy).toHaveAttribute("target", "_blank");
  // Close to the button on screen too: directly below it.
  const [button, text] = await Promise.all([submit.boundingBox(), besideSubmit.boundingBox()]);
  expect(text!.y - (button!.y + button!.height)).toBeGreaterThanOrEqual(0);
  expect(text!.y - (button!.y + button!.height)).toBeLessThan(48);
}

test.describe("the privacy notice, JavaScript on", () => {
  for (const mode of MODES) {
    test(`${mode}: beside the submit button, with the contact address and the privacy policy link`, async ({
      page,
    }) => {
      await page.goto(requestPagePath(mode));
      await expectNoticeBesideSubmit(page, mode);
    });
  }
});

// Without JavaScript the page is its prerendered HTML: each mode has its own
// (`?type=employer` is served the employer's page, docs/decisions/0009).
test.describe("the privacy notice, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const mode of MODES) {
    test(`${mode}: in the prerendered HTML, beside the submit button, with both links`, async ({ page }) => {
      await page.goto(requestPagePath(mode));
      await expectNoticeBesideSubmit(page, mode);
    });
  }
});

test("the notice follows a mode change with JavaScript", async ({ page }) => {
  await page.goto(pages.requestInvitation.path);
  await expectNoticeBesideSubmit(page, "candidate");
  await page.getByRole("radio", { name: copy.modes.employer.toggleLabel }).check();
  await expectNoticeBesideSubmit(page, "employer");
});

test.describe("in the build that relays to HubSpot, without JavaScript", () => {
  test.use({ baseURL: HUBSPOT_BUILD_URL, javaScriptEnabled: false });

  test("the own form's notice says HubSpot receives the request too", async ({ page }) => {
    await page.goto(pages.requestInvitation.path);
    await expectNoticeBesideSubmit(page, "candidate", notice.recipients.withHubSpot);
  });
});
