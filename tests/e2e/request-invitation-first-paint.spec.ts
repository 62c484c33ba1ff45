// Both audiences from the first paint (docs/decisions/0009): `/request-invitation` and
// `/request-invitation?type=employer` are each served their own prerendered HTML, so the
// mode is right without JavaScript, before the page's scripts arrive, and after they
// hydrate (no switch, no hydration mismatch, no layout shift, only the mode's own image).
import type { Page } from "@playwright/test";
import { expect, PAGE_READY, test } from "../support/browser/fixtures";
import { holdScripts } from "../support/browser/hold-scripts";
import { site } from "../support/browser/site-config";
import { asLongAsAPerson, theStoredRequest, uniqueEmail } from "../support/browser/stored-requests";
import { requestWords as copy } from "../support/words";
import { ownFormFields } from "../support/words";
import { IDEMPOTENCY_KEY_FIELD } from "#shared/invitation/request-schema.ts";
import { NGINX_SERVER_PORT, NODE_SERVER_PORT } from "../support/e2e-env";
import { pages } from "../support/words";
import { requestPagePath } from "#shared/routes.ts";

type Mode = keyof typeof copy.modes;
const MODES = ["candidate", "employer"] as const satisfies readonly Mode[];
const OTHER: Record<Mode, Mode> = { candidate: "employer", employer: "candidate" };
const titleFor = (mode: Mode) => `${copy.modes[mode].meta.title} | The ${site.siteName}`;
/** The side image's headline per mode (docs/product.md#pages). */
const SIDE_HEADLINE: Record<Mode, string> = {
  candidate: "Your Career Journey Starts Here",
  employer: "Build Your Dream Team",
};
/** The side images' files are named after their source scene (app/lib/images.ts). */
const SCENE_FILE: Record<Mode, RegExp> = { candidate: /\/planning-scene\./, employer: /\/team-scene\./ };

const radio = (page: Page, mode: Mode) => page.getByRole("radio", { name: copy.modes[mode].toggleLabel });
const ownForm = (page: Page, mode: Mode) => page.getByRole("form", { name: copy.ownForm.forms[mode].name });
const panel = (page: Page) => page.getByTestId("side-image-panel");

/** Everything the served HTML says about its mode: heading, toggle, side image, form, head tags. */
async function expectServedMode(page: Page, mode: Mode) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes[mode].heading);
  await expect(page.getByText(copy.modes[mode].subtitle)).toBeVisible();
  await expect(radio(page, mode)).toBeChecked();
  await expect(radio(page, OTHER[mode])).not.toBeChecked();
  await expect(panel(page).getByText(SIDE_HEADLINE[mode])).toBeVisible();
  await expect(panel(page).getByText(SIDE_HEADLINE[OTHER[mode]])).toHaveCount(0);
  await expect(panel(page).locator("img")).toHaveCount(1);
  await expect(panel(page).locator("img")).toHaveAttribute("src", SCENE_FILE[mode]);
  await expect(ownForm(page, mode)).toBeVisible();
  await expect(ownForm(page, mode).locator('input[type="hidden"][name="mode"]')).toHaveValue(mode);
  await expect(page.locator("form")).toHaveCount(1);

  const url = new URL(requestPagePath(mode), site.siteUrl).href;
  const description = copy.modes[mode].meta.description;
  const meta = (attribute: "name" | "property", key: string) => page.locator(`head meta[${attribute}="${key}"]`);
  await expect(page).toHaveTitle(titleFor(mode));
  await expect(page.locator("title")).toHaveCount(1);
  await expect(meta("name", "description")).toHaveAttribute("content", description);
  await expect(meta("name", "keywords")).toHaveAttribute("content", copy.modes[mode].meta.keywords.join(", "));
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(meta("property", "og:url")).toHaveAttribute("content", url);
  await expect(meta("property", "og:title")).toHaveAttribute("content", titleFor(mode));
  await expect(meta("property", "og:description")).toHaveAttribute("content", description);
  await expect(meta("name", "twitter:title")).toHaveAttribute("content", titleFor(mode));
  await expect(meta("name", "twitter:description")).toHaveAttribute("content", description);
  // A public page in both modes: nothing keeps it out of search results.
  await expect(meta("name", "robots")).toHaveCount(0);
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const mode of MODES) {
    test(`${requestPagePath(mode)} is the ${mode} mode: heading, option, side image, form and head tags`, async ({
      page,
    }) => {
      const response = await page.goto(requestPagePath(mode));
      expect(response?.status()).toBe(200);
      await expectServedMode(page, mode);
    });
  }

  test("an employer's brief posted without JavaScript is stored as an employer's and confirmed as one", async ({
    page,
  }) => {
    await page.goto(requestPagePath("employer"));
    const form = ownForm(page, "employer");
    const email = uniqueEmail("employer-no-js");
    const typed: Record<string, string> = {
      firstname: "Robin",
      lastname: "Okafor",
      email,
      jobtitle: "Chief People Officer",
      company: "Contoso",
      role_to_fill: "Global Head of Talent Acquisition",
      message: "A new TA leader for 4,000 hires a year.",
    };
    expect(
      ownFormFields("employer")
        .map((field) => field.name)
        .sort(),
    ).toEqual(Object.keys(typed).sort());
    for (const field of ownFormFields("employer")) {
      await form.getByLabel(field.label, { exact: false }).first().fill(typed[field.name]!);
    }
    await asLongAsAPerson(page);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => new URL(candidate.url()).pathname === "/api/invitation-requests"),
      form.getByRole("button", { name: copy.ownForm.forms.employer.submit }).click(),
    ]);
    expect(response.status()).toBe(303);

    await expect(page).toHaveURL(pages.requestReceivedEmployer.path);
    await expect(page).toHaveTitle(new RegExp(`^${pages.requestReceivedEmployer.title} \\|`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirmation.title);
    await expect(page.getByText(copy.modes.employer.confirmationBody)).toBeVisible();

    const stored = await theStoredRequest(NODE_SERVER_PORT, email);
    expect(stored.mode).toBe("employer");
    expect(stored.fields).toEqual(typed);
  });

  test("nginx with the generated configuration serves each mode its own page too", async ({ page }) => {
    for (const mode of MODES) {
      await page.goto(`http://127.0.0.1:${NGINX_SERVER_PORT}${requestPagePath(mode)}`);
      await expectServedMode(page, mode);
    }
  });
});

test.describe("with the page's scripts held back", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  for (const mode of MODES) {
    test(`${requestPagePath(mode)} paints the ${mode} mode before any script of the page has run, and keeps it once hydrated`, async ({
      page,
    }) => {
      const scripts = await holdScripts(page);
      await page.goto(requestPagePath(mode), { waitUntil: "commit" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect.poll(scripts.count).toBeGreaterThan(0);
      await expect(page.locator("astro-island[ssr]")).toHaveCount(1);
      await expectServedMode(page, mode);

      await scripts.release();
      await page.waitForFunction(PAGE_READY);
      await expectServedMode(page, mode);
      await expect(page).toHaveURL(requestPagePath(mode));
    });
  }

  test("a tap on TA Leaders before the employer page hydrates is kept once it has (the early-choice listener)", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto(requestPagePath("employer"), { waitUntil: "commit" });
    const leaders = radio(page, "candidate");
    await expect(leaders).toBeVisible();
    await expect(page.locator("astro-island[ssr]")).toHaveCount(1);

    await leaders.tap();
    await expect(leaders).toBeChecked();

    await scripts.release();
    await page.waitForFunction(PAGE_READY);
    await expect(page).toHaveURL(requestPagePath("candidate"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.candidate.heading);
    await expect(leaders).toBeChecked();
    await expect(ownForm(page, "candidate").locator('input[name="mode"]')).toHaveValue("candidate");
  });

  test("a form posted before the island hydrates carries the key the page made at first paint, a new one per page view", async ({
    page,
  }) => {
    // Never in the HTML itself, which every visitor shares.
    const html = await (await page.request.get(requestPagePath("candidate"))).text();
    expect(html).toContain(`name="${IDEMPOTENCY_KEY_FIELD}" value=""`);
    await holdScripts(page);
    await page.goto(requestPagePath("candidate"), { waitUntil: "commit" });
    const form = ownForm(page, "candidate");
    const key = form.locator(`input[name="${IDEMPOTENCY_KEY_FIELD}"]`);
    await expect(key).toHaveValue(/^[0-9a-f]{32}$/);
    const madeAtFirstPaint = await key.inputValue();
    const email = uniqueEmail("keyed-post");
    const sample: Record<string, string> = {
      firstname: "Ada",
      lastname: "Lovelace",
      email,
      jobtitle: "VP",
      company: "Engines",
    };
    for (const [name, value] of Object.entries(sample)) {
      await form
        .getByLabel(ownFormFields("candidate").find((field) => field.name === name)!.label, { exact: false })
        .fill(value);
    }
    await asLongAsAPerson(page);
    const [posted] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === "/api/invitation-requests"),
      form.getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click(),
    ]);
    expect(new URLSearchParams(posted.postData() ?? "").get(IDEMPOTENCY_KEY_FIELD)).toBe(madeAtFirstPaint);
    await expect(page).toHaveURL(pages.requestReceived.path);
    await theStoredRequest(NODE_SERVER_PORT, email);

    await page.goto(requestPagePath("candidate"), { waitUntil: "commit" });
    await expect(key).toHaveValue(/^[0-9a-f]{32}$/);
    expect(await key.inputValue()).not.toBe(madeAtFirstPaint);
  });
});

test.describe("with JavaScript, on ?type=employer", () => {
  /**
   * Installed before the page's own scripts: the headings the page ever showed, the
   * layout shifts it had (as CLS counts them: not right after input), and the console's
   * warnings and errors.
   */
  async function watchFromFirstByte(page: Page) {
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") messages.push(message.text());
    });
    await page.addInitScript(() => {
      const seen = { headings: [] as string[], shifts: [] as number[] };
      (window as unknown as { firstPaintWatch: typeof seen }).firstPaintWatch = seen;
      type LayoutShift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      };
      // The site header's right-aligned navigation can move once, at any page's first paint,
      // when the browser paints while the header's HTML is still arriving: the same on
      // every page of the site, before any script, and not the request page's doing.
      const inHeader = (node: Node | null) =>
        (node instanceof Element ? node : node?.parentElement)?.closest("body > div > header") != null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LayoutShift[]) {
          if (entry.hadRecentInput) continue;
          if (entry.sources.length > 0 && entry.sources.every((source) => inHeader(source.node))) continue;
          seen.shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
      const record = () => {
        const text = document.querySelector("h1")?.textContent ?? null;
        if (text !== null && seen.headings.at(-1) !== text) seen.headings.push(text);
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
    });
    return {
      messages,
      read: () =>
        page.evaluate(
          () => (window as unknown as { firstPaintWatch: { headings: string[]; shifts: number[] } }).firstPaintWatch,
        ),
    };
  }

  /** Until the island's post-hydration render has run (lib/use-hydrated.ts): a task after hydration, then a frame. */
  const settled = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          channel.port2.postMessage(null);
        }),
    );

  test("hydrates in the employer mode: never another heading, no hydration warning, CLS 0", async ({ page }) => {
    const watch = await watchFromFirstByte(page);
    await page.goto(requestPagePath("employer"));
    await settled(page);
    await expectServedMode(page, "employer");
    const { headings, shifts } = await watch.read();
    expect(headings).toEqual([copy.modes.employer.heading]);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
    expect(watch.messages.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
  });

  test("requests only the team image at load; the planning image on the toggle, and the URL follows", async ({
    page,
  }) => {
    const images: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") images.push(new URL(request.url()).pathname);
    });
    await page.goto(requestPagePath("employer"));
    await page.waitForLoadState("load");
    await settled(page);
    expect(images.filter((path) => SCENE_FILE.employer.test(path))).toHaveLength(1);
    expect(images.filter((path) => SCENE_FILE.candidate.test(path))).toEqual([]);

    // The toggle preloads the other image, then cross-fades to it, without a reload.
    await page.evaluate(() => document.documentElement.setAttribute("data-before-toggle", ""));
    await radio(page, "candidate").check();
    await expect(page).toHaveURL(requestPagePath("candidate"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.candidate.heading);
    await expect(panel(page).locator('[data-mode="candidate"]')).toHaveAttribute("data-state", "shown");
    expect(images.filter((path) => SCENE_FILE.candidate.test(path)).length).toBeGreaterThan(0);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      new URL(requestPagePath("candidate"), site.siteUrl).href,
    );

    await radio(page, "employer").check();
    await expect(page).toHaveURL(requestPagePath("employer"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.modes.employer.heading);
    await expect(ownForm(page, "employer").locator('input[name="mode"]')).toHaveValue("employer");
    // The same document all along: no reload.
    await expect(page.locator("html")).toHaveAttribute("data-before-toggle", "");
  });
});
