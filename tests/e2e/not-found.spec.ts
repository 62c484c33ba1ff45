import { expect, test } from "./fixtures";
import { notFoundContent } from "../../app/content/shared";

for (const path of ["/no-such-page", "/mission/deeper/still"]) {
  test(`an unknown path (${path}) answers 404 with the 404 page and names the path in the console`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/404|no page at/);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFoundContent.heading);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect.poll(() => consoleErrors.all.some((text) => text.includes(path))).toBe(true);

    // The page hydrates at any path: its link navigates in the page, without a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const home = page.getByRole("link", { name: notFoundContent.homeLink.label });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
}

test("client-side navigation to an unknown path shows the 404 page", async ({ page, consoleErrors }) => {
  consoleErrors.expect(/no page at "\/gone"/);
  await page.goto("/");
  await page.evaluate(() => {
    window.history.pushState({}, "", "/gone");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFoundContent.heading);
});
