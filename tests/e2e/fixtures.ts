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
  // Every test watches the console: an error it did not announce fails it.
  page: async ({ page, consoleStore }, use) => {
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
