// The request page's island hydrates when a visitor first touches it (client:touch,
// docs/decisions/0029-request-page-hydrates-when-touched.md). A click, a key and a tap made right after
// load, before it has hydrated, each do what they do once it has: the toggle switches the mode, a Tab
// focuses the form's field and keeps what is typed, and Send sends in place with the confirmation.
//
// In Chromium (Playwright's page, Debian's headless shell) and in Firefox (Debian's firefox-esr, driven
// over WebDriver BiDi by puppeteer-core: Playwright's own Firefox build is never downloaded, and Playwright
// cannot drive Debian's, whose BiDi lacks a command it sends for every page). WebKit is not tested here:
// Playwright drives only its own patched WebKit build, and Debian's WebKitGTK is reachable only through
// WebDriver classic with a display.
import type { Page } from "@playwright/test";
import puppeteer, { type Page as PuppeteerPage } from "puppeteer-core";
import { FIREFOX_PATH } from "../../scripts/checks/ensure-chromium";
import { expect, test } from "../support/browser/fixtures";
import { ownFormFields, pages, requestWords as copy } from "../support/words";
import { uniqueEmail } from "../support/browser/stored-requests";

const PATH = pages.requestInvitation.path;
const AWAITING = "astro-island[ssr][data-awaiting-touch]";
const HYDRATED = () => document.querySelector("astro-island[ssr]") === null;
const FIRST_FIELD = ownFormFields("candidate")[0]!.name;

/** What an autofill puts in the leaders' form: values set without a focus or a key. */
function autofillValues(email: string): Record<string, string> {
  return Object.fromEntries(
    ownFormFields("candidate").map(({ name }) => [
      name,
      name === "email" ? email : name === "linkedin_url" ? "linkedin.com/in/alex-morgan" : "Alex",
    ]),
  );
}

/** Sets the form's fields as an autofill does (no event the island counts as a touch). */
const autofill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    const field = document.querySelector<HTMLInputElement>(`form [name="${name}"]`);
    if (field) field.value = value;
  }
};

const focusedName = () => (document.activeElement as HTMLInputElement | null)?.name ?? "";

test.describe("Chromium", () => {
  test.use({ hasTouch: true });

  /** Loaded, its island not touched yet (not the fixture's navigation, which touches it and waits for hydration). */
  async function openUntouched(page: Page) {
    await page.goto(PATH, { waitUntil: "domcontentloaded" });
    await page.waitForLoadState("load");
    await expect(page.locator(AWAITING)).toHaveCount(1);
  }

  test("a click on Employers before hydration switches the mode, the URL and the head", async ({ page }) => {
    await openUntouched(page);
    await page.getByRole("radio", { name: copy.modes.employer.toggleLabel }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.employer.heading);
    await expect(page).toHaveURL(/\?type=employer$/);
    await expect(page).toHaveTitle(new RegExp(`^${copy.modes.employer.meta.title} \\|`));
    await expect(page.getByRole("form", { name: copy.ownForm.forms.employer.name })).toBeVisible();
    await expect(page.getByTestId("side-image-panel").locator('[data-state="shown"]')).toHaveAttribute(
      "data-mode",
      "employer",
    );
  });

  test("Tab before hydration focuses the form's first field, which keeps what is typed", async ({ page }) => {
    await openUntouched(page);
    for (let presses = 0; presses < 40 && (await page.evaluate(focusedName)) !== FIRST_FIELD; presses++) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.type("Alex");
    await page.waitForFunction(HYDRATED);
    expect(await page.evaluate(focusedName)).toBe(FIRST_FIELD);
    await expect(page.locator(`form [name="${FIRST_FIELD}"]`)).toHaveValue("Alex");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(focusedName)).toBe(ownFormFields("candidate")[1]!.name);
  });

  test("a tap on Send before hydration sends in place, with the confirmation", async ({ page }) => {
    await openUntouched(page);
    await page.evaluate(autofill, autofillValues(uniqueEmail("early-tap-chromium")));
    await expect(page.locator(AWAITING)).toHaveCount(1);
    await page.getByRole("button", { name: copy.ownForm.forms.candidate.submit }).tap();
    await expect(page.getByRole("heading", { name: copy.confirmation.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.candidate.sent.heading);
    expect(new URL(page.url()).pathname).toBe(PATH);
  });
});

test.describe("Firefox", () => {
  test("a click, a key and a tap before hydration each do what they do once hydrated", async ({ baseURL }) => {
    // A browser of its own to start and three pages to load: past the 30 s of one page's test on a
    // busy machine (it timed out once beside other work), so the limit catches a hang, not a slow start.
    test.setTimeout(120_000);
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX_PATH,
      headless: true,
      // Nowhere but this machine, as the Chromium tests (tests/support/e2e-env.ts).
      extraPrefsFirefox: {
        "network.proxy.type": 1,
        "network.proxy.http": "127.0.0.1",
        "network.proxy.http_port": 9,
        "network.proxy.ssl": "127.0.0.1",
        "network.proxy.ssl_port": 9,
        "network.proxy.no_proxies_on": "127.0.0.1",
        "network.proxy.allow_hijacking_localhost": false,
      },
    });
    const errors: string[] = [];
    const open = async (): Promise<PuppeteerPage> => {
      const page = await browser.newPage();
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(`${baseURL}${PATH}`, { waitUntil: "load" });
      expect(await page.$(AWAITING)).not.toBeNull();
      return page;
    };
    const text = (page: PuppeteerPage, selector: string) =>
      page.$eval(selector, (element) => element.textContent?.trim() ?? "");
    try {
      // A click on Employers: the mode, the URL and the head follow.
      const clicked = await open();
      await clicked.click('input[type="radio"][value="employer"]');
      await clicked.waitForFunction(
        (heading) => document.querySelector("h1")?.textContent === heading,
        {},
        copy.modes.employer.heading,
      );
      expect(new URL(clicked.url()).search).toBe("?type=employer");
      expect(await clicked.title()).toMatch(new RegExp(`^${copy.modes.employer.meta.title} \\|`));
      await clicked.close();

      // Tab to the first field, and type: focus and text are kept through hydration.
      const keyed = await open();
      for (let presses = 0; presses < 40 && (await keyed.evaluate(focusedName)) !== FIRST_FIELD; presses++) {
        await keyed.keyboard.press("Tab");
      }
      await keyed.keyboard.type("Alex");
      await keyed.waitForFunction(HYDRATED);
      expect(await keyed.evaluate(focusedName)).toBe(FIRST_FIELD);
      expect(await keyed.$eval(`form [name="${FIRST_FIELD}"]`, (field) => (field as HTMLInputElement).value)).toBe(
        "Alex",
      );
      await keyed.close();

      // A tap on Send, the form autofilled: sent in place, with the confirmation.
      const tapped = await open();
      await tapped.evaluate(autofill, autofillValues(uniqueEmail("early-tap-firefox")));
      expect(await tapped.$(AWAITING)).not.toBeNull();
      await tapped.tap('form button[type="submit"]');
      await tapped.waitForFunction(
        (heading) => document.querySelector("h1")?.textContent === heading,
        {},
        copy.modes.candidate.sent.heading,
      );
      expect(await text(tapped, "[role=status] h2, [role=status] h3")).toBe(copy.confirmation.title);
      expect(new URL(tapped.url()).pathname).toBe(PATH);
      await tapped.close();
    } finally {
      await browser.close();
    }
    expect(errors).toEqual([]);
  });
});
