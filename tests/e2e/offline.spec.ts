// The browser tests never reach the internet (tests/support/e2e-env.ts, OFFLINE_ARGS):
// a request to another host fails in the network stack, while this machine is reachable.
import { expect, test } from "../support/browser/fixtures";

test("a page reaches this machine and nothing else", async ({ page, baseURL, consoleErrors }) => {
  consoleErrors.expect(/ERR_PROXY_CONNECTION_FAILED/);
  // A text file of the site: no Content-Security-Policy stands in the way, only the network.
  await page.goto("/robots.txt");
  const reach = (url: string) =>
    page.evaluate(
      (target) =>
        fetch(target, { mode: "no-cors", cache: "no-store" }).then(
          () => "reached",
          () => "failed",
        ),
      url,
    );
  expect(await reach(`${baseURL}/robots.txt`)).toBe("reached");
  expect(await reach("https://example.com/")).toBe("failed");
  expect(await reach("http://93.184.215.14/")).toBe("failed");
  await expect(page.goto("http://example.com/")).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED/);
});
