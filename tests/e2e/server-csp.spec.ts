// The Content-Security-Policy in a real browser, on both servers: every route loads and
// hydrates without a single violation, the policy does block what it should (HubSpot
// too, in a build without it), and in the builds with HubSpot each region's embed
// (faked here, the tests are offline) may load what it needs.
import type { Page } from "@playwright/test";
import { requestWords as requestInvitationContent } from "../support/words";
import { expect, test } from "../support/browser/fixtures";
import { originOf, SERVERS } from "../support/browser/server-targets";
import {
  HUBSPOT_BUILD_URL,
  HUBSPOT_CURRENT_BUILD_URL,
  HUBSPOT_CURRENT_TEST_ENV,
} from "../support/browser/fake-hubspot";
import type { HubSpotRegion } from "#shared/site-config.ts";
import { embedSrc } from "#app/features/invitation/hubspot.ts";
import { hubspotFormsOrigin } from "#shared/hubspot-hosts.ts";
import { pages } from "../support/words";
import { requestPagePath } from "#shared/routes.ts";

const routes = [
  ...Object.values(pages)
    .filter((page) => page.indexable)
    .map((page) => page.path),
  // Its own prerendered HTML (docs/decisions/0009), whose inline scripts the policy must allow too.
  requestPagePath("employer"),
  "/no-such-page",
];

declare global {
  interface Window {
    cspViolations?: string[];
    fakeEmbed?: { framesLoaded: number; submissionStatus: number; imagesLoaded: number };
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

// What HubSpot's embeds do, reduced to the requests the policy must let through: the
// region's script, a <style>, the form's iframe on the region's forms host, a beacon
// image, an image of the form's rich text from the region's file host, the submission,
// and reCAPTCHA's frame on both of Google's hosts (HubSpot adds it when CAPTCHA is on).
function fakeEmbedScript(region: HubSpotRegion) {
  const formsHost = hubspotFormsOrigin(region);
  const fileHost = `https://123456.fs1.hubspotusercontent-${region}.net`;
  const submissionHost = region === "na1" ? "https://forms.hsforms.com" : `https://forms-${region}.hsforms.com`;
  return `
window.fakeEmbed = { framesLoaded: 0, submissionStatus: 0, imagesLoaded: 0 };
var style = document.createElement("style");
style.textContent = ".hs-form-frame { border: 0; width: 100%; }";
document.head.appendChild(style);
[
  "${formsHost}/ui-forms-embed-components-app/frame.html?_hsPortalId=123456",
  "https://www.google.com/recaptcha/api2/anchor?k=site-key",
  "https://recaptcha.google.com/recaptcha/api2/bframe?k=site-key",
].forEach(function (src, index) {
  var frame = document.createElement("iframe");
  frame.title = "Fake HubSpot frame " + index;
  frame.onload = function () { window.fakeEmbed.framesLoaded += 1; };
  frame.src = src;
  document.body.appendChild(frame);
});
["https://perf.hsforms.com/embed/v3/counters.gif", "${fileHost}/hubfs/123456/logo.gif"].forEach(function (src) {
  var image = new Image();
  image.onload = function () { window.fakeEmbed.imagesLoaded += 1; };
  image.src = src;
});
fetch("${submissionHost}/submissions/v3/public/submit/formsnext/multipart/123456/00000000-0000-4000-8000-000000000000", { method: "POST", body: "email=a%40example.com" })
  .then(function (response) { window.fakeEmbed.submissionStatus = response.status; });
`;
}
const ONE_PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function fakeHubSpotHosts(page: Page, region: HubSpotRegion) {
  const html = { contentType: "text/html", body: "<!doctype html><title>frame</title><form></form>" };
  await page.route(/^https:\/\/www\.google\.com\/recaptcha\/|^https:\/\/recaptcha\.google\.com\/recaptcha\//, (route) =>
    route.fulfill(html),
  );
  await page.route(/^https:\/\/[^/]+\.(hsforms\.(net|com)|hubspotusercontent-[a-z0-9]+\.net)\//, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith(".js"))
      return route.fulfill({ contentType: "text/javascript", body: fakeEmbedScript(region) });
    if (url.pathname.endsWith(".gif")) return route.fulfill({ contentType: "image/gif", body: ONE_PIXEL_GIF });
    if (url.pathname.startsWith("/submissions/")) {
      return route.fulfill({
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": "*" },
        body: "{}",
      });
    }
    return route.fulfill(html);
  });
}

/** Adds a script element for `src` to the page, as the loader would. */
const addScript = (page: Page, src: string) =>
  page.evaluate((url) => {
    const script = document.createElement("script");
    script.src = url;
    document.body.appendChild(script);
  }, src);

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
        // The page's scripts ran: the menu script set the toggle's state, and every island
        // hydrated (Astro's island runtime is an inline script the policy must allow).
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                document.querySelector("button[aria-controls]")?.hasAttribute("aria-expanded") === true &&
                document.querySelector("astro-island[ssr]") === null,
            ),
          )
          .toBe(true);
        expect(await violations(page)).toEqual([]);
      });
    }

    test("the request page's form loads with no CSP violation", async ({ page }) => {
      await watchViolations(page);
      await page.goto("/request-invitation", { waitUntil: "networkidle" });
      const submit = requestInvitationContent.ownForm.forms.candidate.submit;
      await expect(page.getByRole("button", { name: submit })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test("without HubSpot configured, the policy refuses HubSpot's script", async ({ page, consoleErrors }) => {
      consoleErrors.expect(/Content Security Policy/);
      await fakeHubSpotHosts(page, "na1");
      await watchViolations(page);
      await page.goto("/request-invitation", { waitUntil: "networkidle" });
      const src = embedSrc({ embed: "legacy", region: "na1", portalId: "123456" });
      await addScript(page, src);
      await expect.poll(() => violations(page)).toEqual([`script-src-elem blocked ${src}`]);
      expect(await page.evaluate(() => window.fakeEmbed)).toBeUndefined();
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

// The builds with HubSpot ids, served by the Node server: the legacy embed in na1
// (build-hs) and the current embed in eu1 (build-hs-current). Each policy lets its
// region's embed load everything it needs, with no violation.
const HUBSPOT_BUILDS = [
  { name: "legacy embed, na1", url: HUBSPOT_BUILD_URL, embed: "legacy", region: "na1" },
  {
    name: "current embed, eu1",
    url: HUBSPOT_CURRENT_BUILD_URL,
    embed: HUBSPOT_CURRENT_TEST_ENV.HUBSPOT_EMBED,
    region: HUBSPOT_CURRENT_TEST_ENV.HUBSPOT_REGION,
  },
] as const;

for (const build of HUBSPOT_BUILDS) {
  test.describe(`the HubSpot build (${build.name})`, () => {
    test.use({ baseURL: build.url });

    test("HubSpot's embed may load its script, styles, frames, images, submission and reCAPTCHA", async ({ page }) => {
      await fakeHubSpotHosts(page, build.region);
      await watchViolations(page);
      // A page without the form, so the script added here is the only HubSpot on it.
      await page.goto("/", { waitUntil: "networkidle" });
      await addScript(page, embedSrc({ embed: build.embed, region: build.region, portalId: "123456" }));
      await expect
        .poll(() => page.evaluate(() => window.fakeEmbed))
        .toEqual({ framesLoaded: 3, submissionStatus: 200, imagesLoaded: 2 });
      expect(await violations(page)).toEqual([]);
    });
  });
}
