import { test as base, expect, type Page } from "@playwright/test";
import { fakeHubSpotTracking } from "./fake-hubspot";

/** Console errors a test expects; any other console error or page error fails the test. */
export interface ConsoleErrors {
  expect(pattern: RegExp): void;
  readonly all: readonly string[];
}

type WaitUntil = NonNullable<Parameters<Page["goto"]>[1]>["waitUntil"];

/**
 * Whether the page's scripts are ready: its module scripts have run (they run before
 * DOMContentLoaded) and every React island has hydrated (Astro removes an island's
 * `ssr` attribute once it has), or waits for a visitor's touch to hydrate (the request
 * page's `client:touch`, its directive armed: app/features/invitation/hydrate-when-touched.ts).
 * Read from the DOM, not from React's internals.
 */
export const PAGE_READY = () =>
  document.readyState !== "loading" && document.querySelector("astro-island[ssr]:not([data-awaiting-touch])") === null;

/** Whether every island has hydrated. */
const HYDRATED = () => document.readyState !== "loading" && document.querySelector("astro-island[ssr]") === null;

/**
 * Resolves once the page's scripts have run and its islands have hydrated, so clicks and keys reach their handlers.
 * An island that hydrates when first touched (the request page's, app/features/invitation/hydrate-when-touched.ts)
 * gets what a visitor's pointer gives it on the way to a control: a pointer over it. What a touch does before
 * hydration is tested on its own (tests/e2e/request-invitation-early-touch.spec.ts).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(PAGE_READY);
  await page.evaluate(() => {
    for (const island of document.querySelectorAll("astro-island[data-awaiting-touch]")) {
      island.firstElementChild?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    }
  });
  await page.waitForFunction(HYDRATED);
}

/**
 * A navigation that waits for the load event also waits until the page's islands have
 * hydrated, which can finish after it: a click right after `goto` then reaches the
 * island's handlers. A test that asks for an earlier moment (`waitUntil: "commit"` or
 * `"domcontentloaded"`) gets it unchanged.
 */
function waitForHydrationAfterNavigation(page: Page): void {
  const hydrated = async (waitUntil: WaitUntil) => {
    if (waitUntil === "commit" || waitUntil === "domcontentloaded") return;
    await waitForHydration(page);
  };
  const { goto, reload, goBack, goForward } = page;
  page.goto = async (url, options) => {
    const response = await goto.call(page, url, options);
    await hydrated(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload.call(page, options);
    await hydrated(options?.waitUntil);
    return response;
  };
  page.goBack = async (options) => {
    const response = await goBack.call(page, options);
    await hydrated(options?.waitUntil);
    return response;
  };
  page.goForward = async (options) => {
    const response = await goForward.call(page, options);
    await hydrated(options?.waitUntil);
    return response;
  };
}

interface ConsoleStore {
  errors: string[];
  expected: RegExp[];
}

// Tests never reach the internet: the browser is launched with OFFLINE_ARGS
// (tests/support/e2e-env.ts), so every request off this machine fails unless a test
// routes it itself.
export const test = base.extend<{ consoleErrors: ConsoleErrors; consoleStore: ConsoleStore }>({
  consoleStore: async ({}, use) => {
    await use({ errors: [], expected: [] });
  },
  // Every test watches the console: an error it did not announce fails it. Every
  // navigation waits for hydration (see waitForHydrationAfterNavigation).
  page: async ({ page, consoleStore, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForHydrationAfterNavigation(page);
    // The build with ANALYTICS=hubspot loads HubSpot's tracking code on every page once it is idle.
    await fakeHubSpotTracking(page);
    page.on("console", (message) => {
      if (message.type() === "error") consoleStore.errors.push(message.text());
    });
    page.on("pageerror", (error) => consoleStore.errors.push(`pageerror: ${error.message}`));
    await use(page);
    const { errors, expected } = consoleStore;
    const unexpected = errors.filter((text) => !expected.some((pattern) => pattern.test(text)));
    expect(unexpected, "unexpected console errors").toEqual([]);
  },
  consoleErrors: async ({ consoleStore }, use) => {
    await use({
      expect: (pattern) => consoleStore.expected.push(pattern),
      get all() {
        return consoleStore.errors;
      },
    });
  },
});

export { expect };

/** The raw prerendered HTML of a path, fetched without running any JavaScript. */
export async function fetchHtml(page: Page, path: string): Promise<{ status: number; html: string }> {
  const response = await page.request.get(path, { maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}
