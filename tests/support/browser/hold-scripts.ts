/**
 * Holding back a page's external scripts (the island's code, the celebration script)
 * until the test releases them, so the page is seen and tapped as the bare prerendered
 * HTML, as on a slow phone before its scripts have arrived.
 */
import type { Page, Route } from "@playwright/test";

/** Holds every request for a script of the site until `release` is called. */
export async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith(".js"),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}
