// The Content-Security-Policy in a real browser, on both servers: every route loads and
// hydrates without a single violation, HubSpot's embed (faked here, the tests are
// offline) may load what it needs, and the policy does block what it should.
import type { Page } from "@playwright/test";
import { pages } from "../../app/content/pages";
import { requestInvitationContent } from "../../app/content/request-invitation";
import { expect, test } from "./fixtures";
import { originOf, SERVERS } from "./server-targets";

const routes = [
  ...Object.values(pages)
    .filter((page) => page.indexable)
    .map((page) => page.path),
  "/no-such-page",
];

declare global {
  interface Window {
    cspViolations?: string[];
    fakeEmbed?: { frameLoaded: boolean; submissionStatus: number; beaconLoaded: boolean };
    injectedRan?: boolean;
  }
}

/** Records every violation the page reports, beside the console errors the fixture already fails on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline code"}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

// What HubSpot's v2 embed does, reduced to the requests the policy must let through:
// its script, a <style>, the form's iframe, a beacon image and the submission.
const FAKE_EMBED_SCRIPT = `
window.fakeEmbed = { frameLoaded: false, submissionStatus: 0, beaconLoaded: false };
var style = document.createElement("style");
style.textContent = ".hs-form-frame { border: 0; width: 100%; }";
document.head.appendChild(style);
var frame = document.createElement("iframe");
frame.className = "hs-form-frame";
frame.title = "Fake HubSpot form";
frame.onload = function () { window.fakeEmbed.frameLoaded = true; };
frame.src = "https://forms.hsforms.com/embed/v3/form/123456/00000000-0000-4000-8000-000000000000";
document.body.appendChild(frame);
var beacon = new Image();
beacon.onload = function () { window.fakeEmbed.beaconLoaded = true; };
beacon.src = "https://perf.hsforms.com/embed/v3/counters.gif";
fetch("https://forms.hsforms.com/submissions/v3/public/submit/formsnext/multipart/123456/00000000-0000-4000-8000-000000000000", { method: "POST", body: "email=a%40example.com" })
  .then(function (response) { window.fakeEmbed.submissionStatus = response.status; });
`;
const ONE_PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function fakeHubSpot(page: Page) {
  await page.route(/^https:\/\/[^/]+\.hsforms\.(net|com)\//, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith(".js")) return route.fulfill({ contentType: "text/javascript", body: FAKE_EMBED_SCRIPT });
    if (url.pathname.endsWith(".gif")) return route.fulfill({ contentType: "image/gif", body: ONE_PIXEL_GIF });
    if (url.pathname.startsWith("/submissions/")) {
      return route.fulfill({
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: "{}",
      });
    }
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>form</title><form></form>" });
  });
}

for (const server of SERVERS) {
  test.describe(`${server.name} server`, () => {
    test.use({ baseURL: originOf(server) });

    for (const path of routes) {
      test(`${path} loads and hydrates with no CSP violation`, async ({ page, consoleErrors }) => {
        // The 404 page names the path in the console, on purpose; nothing else may appear.
        if (path === "/no-such-page") consoleErrors.expect(/no page at|status of 404/);
        await watchViolations(page);
        await page.goto(path, { waitUntil: "networkidle" });
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Hydration ran: React Router's context came from an inline script the policy allowed.
        await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
        expect(await violations(page)).toEqual([]);
      });
    }

    test("the request page's form loads with no CSP violation", async ({ page }) => {
      await watchViolations(page);
      await page.goto("/request-invitation", { waitUntil: "networkidle" });
      const submit = requestInvitationContent.standInForm.forms.candidate.submit;
      await expect(page.getByRole("button", { name: submit })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test("HubSpot's embed may load its script, styles, frame, beacon and submission", async ({ page }) => {
      await fakeHubSpot(page);
      await watchViolations(page);
      await page.goto("/request-invitation", { waitUntil: "networkidle" });
      await page.evaluate(() => {
        const script = document.createElement("script");
        script.src = "https://js.hsforms.net/forms/embed/v2.js";
        document.body.appendChild(script);
      });
      await expect
        .poll(() => page.evaluate(() => window.fakeEmbed))
        .toEqual({ frameLoaded: true, submissionStatus: 200, beaconLoaded: true });
      expect(await violations(page)).toEqual([]);
    });

    test("the policy blocks injected inline scripts and scripts from other hosts", async ({ page, consoleErrors }) => {
      consoleErrors.expect(/Content Security Policy/);
      await page.route("https://cdn.evil.example/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "window.injectedRan = true;" }),
      );
      await watchViolations(page);
      await page.goto("/", { waitUntil: "networkidle" });
      await page.evaluate(() => {
        const inline = document.createElement("script");
        inline.textContent = "window.injectedRan = true;";
        document.body.appendChild(inline);
        const remote = document.createElement("script");
        remote.src = "https://cdn.evil.example/x.js";
        document.body.appendChild(remote);
      });
      await expect.poll(() => violations(page)).toHaveLength(2);
      expect(await violations(page)).toEqual([
        "script-src-elem blocked inline",
        "script-src-elem blocked https://cdn.evil.example/x.js",
      ]);
      expect(await page.evaluate(() => window.injectedRan)).toBeUndefined();
    });

    test("no other site may frame the pages", async ({ page, consoleErrors }) => {
      consoleErrors.expect(/frame-ancestors/);
      await page.setContent(`<iframe title="framed" src="${originOf(server)}/mission"></iframe>`);
      await expect.poll(() => consoleErrors.all.some((text) => text.includes("frame-ancestors 'none'"))).toBe(true);
      // The frame holds the browser's error page, not the site's.
      const framed = page.frames().find((frame) => frame !== page.mainFrame());
      if (!framed) throw new Error("the iframe is missing");
      await expect(framed.getByRole("heading", { name: pages.mission.heading })).toHaveCount(0);
      await expect(framed.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    });
  });
}
