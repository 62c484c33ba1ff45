// Support for the content-page specs: the site configuration the build was made with.
import type { Page } from "@playwright/test";
import { site } from "./site-config";
import { PAGE_READY } from "./fixtures";

export { site };

/** Resolves once the page's scripts have run and its islands have hydrated, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(PAGE_READY);
}
