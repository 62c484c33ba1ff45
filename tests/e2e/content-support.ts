// Support for the content-page specs. Import it FIRST: through site-config it gives the
// content modules the site configuration they read from Vite's `define` in the app.
import type { Page } from "@playwright/test";
import { site } from "./site-config";
import { PAGE_READY } from "./fixtures";

export { site };

/** Resolves once the page's scripts have run and its islands have hydrated, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(PAGE_READY);
}
