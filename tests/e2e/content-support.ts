// Support for the content-page specs. Import it FIRST: through site-config it gives the
// content modules the site configuration they read from Vite's `define` in the app.
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
