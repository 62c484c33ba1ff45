// Support for the content-page specs: the site configuration the build was made with.
import type { Page } from "@playwright/test";
import { site } from "./site-config";

export { site };

/** Resolves once React has hydrated the page, so clicks reach React's handlers rather than the bare HTML. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}
