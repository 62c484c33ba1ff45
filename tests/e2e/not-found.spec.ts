import { expect, test } from "../support/browser/fixtures";
import { siteWords } from "../support/words";

for (const path of ["/no-such-page", "/mission/deeper/still"]) {
  test(`an unknown path (${path}) answers 404 with the 404 page and names the path in the console`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/404|no page at/);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(siteWords.notFound.meta.heading);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect.poll(() => consoleErrors.all.some((text) => text.includes(path))).toBe(true);

    // Its link is a plain link home, at any path.
    const home = page.getByRole("link", { name: siteWords.notFound.homeLink.label });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(siteWords.notFound.meta.heading);
  });
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("an unknown path shows the 404 page and its link home works", async ({ page, consoleErrors }) => {
    // The browser logs the 404 response itself.
    consoleErrors.expect(/404/);
    const response = await page.goto("/gone");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(siteWords.notFound.meta.heading);
    await page.getByRole("link", { name: siteWords.notFound.homeLink.label }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
