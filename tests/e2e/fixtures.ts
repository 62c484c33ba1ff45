import { test as base, expect, type Page } from "@playwright/test";

/** Console errors a test expects; any other console error or page error fails the test. */
export interface ConsoleErrors {
  expect(pattern: RegExp): void;
  readonly all: readonly string[];
}

const isLocal = (url: string) => {
  const { hostname, protocol } = new URL(url);
  return protocol === "data:" || protocol === "blob:" || hostname === "127.0.0.1" || hostname === "localhost";
};

/** The attribute app/root.tsx sets on <html> once React has hydrated the page. */
const HYDRATED_ATTRIBUTE = "data-hydrated";

type WaitUntil = NonNullable<Parameters<Page["goto"]>[1]>["waitUntil"];

/**
 * Pages start their JavaScript after the first paint (scripts/build/defer-hydration.ts), which
 * can be after the load event Playwright waits for. So a navigation that waits for the
 * load event also waits, on a page of this site, until React has hydrated it: a click
 * right after `goto` then reaches React's handlers, not the bare prerendered HTML. A
 * test that asks for an earlier moment (`waitUntil: "commit"` or `"domcontentloaded"`)
 * gets it unchanged, and so does a document that never hydrates (no React Router
 * context: robots.txt, another site, scripts disabled).
 */
function waitForHydrationAfterNavigation(page: Page): void {
  const hydrated = async (waitUntil: WaitUntil) => {
    if (waitUntil === "commit" || waitUntil === "domcontentloaded") return;
    await page.waitForFunction(
      (attribute) => !("__reactRouterContext" in window) || document.documentElement.hasAttribute(attribute),
      HYDRATED_ATTRIBUTE,
    );
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

export const test = base.extend<{ consoleErrors: ConsoleErrors; consoleStore: ConsoleStore }>({
  // Tests never reach the internet: every request off this machine is refused
  // unless a test routes it itself (page routes win over this context route).
  context: async ({ context }, use) => {
    await context.route(
      (url) => !isLocal(url.href),
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },
  consoleStore: async ({}, use) => {
    await use({ errors: [], expected: [] });
  },
  // Every test watches the console: an error it did not announce fails it. Every
  // navigation waits for hydration (see waitForHydrationAfterNavigation).
  page: async ({ page, consoleStore, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForHydrationAfterNavigation(page);
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
