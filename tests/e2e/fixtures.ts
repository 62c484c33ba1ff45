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

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  // Tests never reach the internet: every request off this machine is refused
  // unless a test routes it itself (page routes win over this context route).
  context: async ({ context }, use) => {
    await context.route(
      (url) => !isLocal(url.href),
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    const expected: RegExp[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use({
      expect: (pattern) => expected.push(pattern),
      get all() {
        return errors;
      },
    });
    const unexpected = errors.filter((text) => !expected.some((pattern) => pattern.test(text)));
    expect(unexpected, "unexpected console errors").toEqual([]);
  },
  // Every test watches the console, whether or not it names the fixture.
  page: async ({ page, consoleErrors }, use) => {
    void consoleErrors;
    await use(page);
  },
});

export { expect };

/** The raw prerendered HTML of a path, fetched without running any JavaScript. */
export async function fetchHtml(page: Page, path: string): Promise<{ status: number; html: string }> {
  const response = await page.request.get(path, { maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}
