import { site } from "../support/browser/site-config";
import { waitForHydration } from "../support/browser/fixtures";
import { expect, fetchHtml, test } from "../support/browser/fixtures";
import type { Locator, Page } from "@playwright/test";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { socialCardFor } from "#app/lib/social-card.ts";
import { longDate } from "#app/lib/dates.ts";
import {
  audienceActions,
  homeWords,
  howWeHelpWords,
  missionWords,
  pages,
  questionsWords as questionsWithTokens,
  requestActions,
  termsWords as termsWithTokens,
  whoWeAreWords as whoWeAreWithTokens,
} from "../support/words";
import { requestPagePath } from "#shared/routes.ts";
import type { CallToAction, Feature } from "#shared/content/sections.ts";

// The pages show their content with this deployment's site facts in place of the tokens.
const termsContent = withSiteFacts(termsWithTokens, site);
const whoWeAreContent = withSiteFacts(whoWeAreWithTokens, site);
const questionsContent = withSiteFacts(questionsWithTokens, site);

const main = (page: Page) => page.getByRole("main");
/** An inner page's hero: its headline's text column and, beside it on wide screens, its art. */
const hero = (page: Page) => page.getByRole("heading", { level: 1 }).locator("xpath=../..");
/** The hero's art: decorative inline SVG beside the headline. */
const heroArt = (page: Page) => hero(page).locator(':scope > svg[aria-hidden="true"]');

async function expectFeatures(scope: Locator, features: readonly Feature[]) {
  for (const feature of features) {
    await expect(scope.getByRole("heading", { name: feature.title, exact: true })).toBeVisible();
    await expect(scope.getByText(feature.body, { exact: true })).toBeVisible();
  }
}

async function expectLink(scope: Locator, label: string, href: string) {
  const link = scope.getByRole("link", { name: label, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", href);
}

/** The closing band: its heading and the two calls to action, to the two request modes. */
async function expectCallToAction(page: Page, cta: CallToAction) {
  const band = page.getByRole("region", { name: cta.title });
  await expect(band.getByRole("heading", { level: 2, name: cta.title })).toBeVisible();
  await expect(band.getByText(cta.body)).toBeVisible();
  await expectLink(band, requestActions.candidate.label, requestPagePath("candidate"));
  await expectLink(band, requestActions.employer.label, requestPagePath("employer"));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * A heading's accessible name when an eyebrow leads it: "Our Mission: Two sides...".
 * (The eyebrow is a block of its own, so name computation may put a space before the colon.)
 */
const ledBy = (eyebrow: string, title: string) => new RegExp(`^${escapeRegExp(eyebrow)} ?: ${escapeRegExp(title)}$`);

/** The page's one `<h1>`; on inner pages it is led by the page's name (its eyebrow), read as part of it. */
async function expectOneH1(page: Page, text: string, pageName?: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(pageName ? ledBy(pageName, text) : text);
}

test.describe("content pages at desktop width", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Home: hero, supporter credit, trust points, claims, Mission section, What We Deliver and calls to action", async ({
    page,
  }) => {
    await page.goto(pages.home.path);
    const { hero, claims, mission, services, cta, preview } = homeWords;

    await expectOneH1(page, homeWords.meta.heading);
    await expect(main(page).getByText(hero.eyebrow)).toBeVisible();
    await expect(main(page).getByText(hero.pitch)).toBeVisible();
    await expectLink(main(page), audienceActions.candidate.label, requestPagePath("candidate"));
    await expectLink(main(page), audienceActions.employer.label, requestPagePath("employer"));
    const supporter = main(page).getByRole("link", { name: site.supporter.name });
    await expect(supporter).toHaveAttribute("href", site.supporter.url);
    await expect(supporter).toHaveAttribute("target", "_blank");
    await expect(supporter).toHaveAttribute("rel", /noopener/);

    const trustPoints = main(page).getByRole("region", { name: hero.trustPointsLabel });
    await expect(trustPoints.getByRole("listitem")).toHaveCount(3);
    for (const [index, title] of ["Enterprise Leaders", "Global Expertise", "Change-Drivers"].entries()) {
      await expect(trustPoints.getByRole("listitem").nth(index)).toContainText(title);
      await expect(trustPoints.getByRole("listitem").nth(index)).toContainText(hero.trustPoints[index]!.body);
    }
    await expect(page.getByRole("img", { name: preview.label })).toBeVisible();

    // The claims of docs/product.md#the-product, each named on the page.
    const claimsBand = page.getByRole("region", { name: claims.label });
    await expectFeatures(claimsBand, claims.items);
    for (const claim of [
      /confidentiality/i,
      /no fees/i,
      /AI-powered matching/i,
      /enterprise security/i,
      /pre-qualified global network/i,
    ])
      await expect(claimsBand.getByRole("heading", { name: claim })).toBeVisible();

    // The section docs/product.md#pages calls the Mission section says so in its heading, where a
    // screen reader's list of headings finds it, not only in a visual eyebrow.
    await expect(
      page.getByRole("heading", { level: 2, name: ledBy("Our Mission", mission.intro.title) }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: ledBy("What We Deliver", services.intro.title) }),
    ).toBeVisible();
    const missionSection = page.getByRole("region", { name: mission.intro.title });
    await expectLink(missionSection, mission.more.label, pages.mission.path);
    await expect(
      missionSection.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) }),
    ).toHaveCount(2);
    for (const [panel, action] of [
      [mission.panels.leaders, requestActions.candidate],
      [mission.panels.employers, requestActions.employer],
    ] as const) {
      await expect(missionSection.getByRole("heading", { level: 3, name: panel.title })).toBeVisible();
      await expect(missionSection.getByText(panel.eyebrow, { exact: true })).toBeVisible();
      for (const point of panel.points) await expect(missionSection.getByText(point, { exact: true })).toBeVisible();
      await expectLink(missionSection, action.label, action.href);
    }
    await expect(missionSection.getByText("For TA Leaders", { exact: true })).toBeVisible();
    await expect(missionSection.getByText("For Employers", { exact: true })).toBeVisible();

    const deliver = page.getByRole("region", { name: services.intro.title });
    await expectLink(deliver, services.more.label, pages.howWeHelp.path);
    const serviceTitles = [howWeHelpWords.leaders, howWeHelpWords.organizations].flatMap((group) =>
      group.services.map((service) => service.title),
    );
    expect(serviceTitles).toHaveLength(12);
    for (const title of serviceTitles) await expect(deliver.getByText(title, { exact: true })).toBeVisible();

    await expectCallToAction(page, cta);
  });

  test("Our Mission: hero, three pillars, Dual Purpose and two calls to action", async ({ page }) => {
    await page.goto(pages.mission.path);
    const { hero, pillars, dualPurpose, cta } = missionWords;
    await expectOneH1(page, pages.mission.heading, "Our Mission");
    await expect(main(page).getByText(hero.lead)).toBeVisible();

    const pillarSection = page.getByRole("region", { name: pillars.intro.title });
    await expect(pillarSection.getByRole("heading", { level: 3 })).toHaveText([
      "Strategic Matching",
      "Mutual Value Creation",
      "Industry Excellence",
    ]);
    await expectFeatures(pillarSection, pillars.items);

    await expect(
      page.getByRole("heading", { level: 2, name: ledBy("Dual Purpose", dualPurpose.intro.title) }),
    ).toBeVisible();
    const dual = page.getByRole("region", { name: dualPurpose.intro.title });
    await expect(dual.getByText("For TA Leaders", { exact: true })).toBeVisible();
    await expect(dual.getByText("For Organizations", { exact: true })).toBeVisible();
    for (const panel of [dualPurpose.panels.leaders, dualPurpose.panels.organizations]) {
      await expect(dual.getByRole("heading", { level: 3, name: panel.title })).toBeVisible();
      for (const point of panel.points) await expect(dual.getByText(point, { exact: true })).toBeVisible();
    }

    await expectCallToAction(page, cta);
  });

  test("How We Help: three badges, six services for TA leaders, six for organizations, two calls to action", async ({
    page,
  }) => {
    await page.goto(pages.howWeHelp.path);
    const { badges, badgesLabel, cta } = howWeHelpWords;
    const groups = [howWeHelpWords.leaders, howWeHelpWords.organizations];
    await expectOneH1(page, pages.howWeHelp.heading, "How We Help");

    const badgeList = main(page).getByRole("region", { name: badgesLabel });
    await expect(badgeList.getByRole("button")).toHaveText(["Free Service", "Industry-Leading Tech", "Strong Network"]);
    expect(badges.map((badge) => badge.label)).toEqual(["Free Service", "Industry-Leading Tech", "Strong Network"]);

    const expected = [
      [
        "Executive Search & Placement",
        "Executive Career Strategy",
        "Executive Resume Development",
        "LinkedIn Executive Branding",
        "Executive Interview Coaching",
        "Strategic Career Planning",
      ],
      [
        "Executive TA Leadership Search",
        "Executive Talent Sourcing",
        "Leadership Assessment",
        "Market Intelligence",
        "Search Process Management",
        "Strategic Talent Consulting",
      ],
    ];
    for (const [index, group] of groups.entries()) {
      const section = page.getByRole("region", { name: group.intro.title });
      await expect(section.getByRole("heading", { level: 3 })).toHaveText(expected[index]!);
      await expectFeatures(section, group.services);
    }
    await expectCallToAction(page, cta);
  });

  test("Who We Are: supporter badge with external link, four tiles, three reasons per audience, calls to action", async ({
    page,
  }) => {
    await page.goto(pages.whoWeAre.path);
    const { supporter, foundations, reasons, cta } = whoWeAreContent;
    await expectOneH1(page, pages.whoWeAre.heading, "Who We Are");

    const badge = page.getByRole("region", { name: site.supporter.name });
    await expect(badge.getByText(supporter.eyebrow, { exact: true })).toBeVisible();
    await expect(badge.getByText(supporter.body)).toBeVisible();
    const external = badge.getByRole("link", { name: supporter.linkLabel });
    await expect(external).toHaveAttribute("href", site.supporter.url);
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", /noopener/);

    const tiles = page.getByRole("region", { name: foundations.intro.title });
    await expect(tiles.getByRole("heading", { level: 3 })).toHaveText([
      "Recognized Leader",
      "Enterprise Security",
      "AI-Powered Matching",
      "Global Network",
    ]);
    await expectFeatures(tiles, foundations.tiles);

    const { leaders, employers } = reasons;
    const leaderReasons = page.getByRole("region", { name: leaders.intro.title });
    await expect(leaderReasons.getByRole("heading", { level: 3 })).toHaveText([
      "No cost",
      "Complete confidentiality",
      "Quality over quantity",
    ]);
    await expectFeatures(leaderReasons, leaders.reasons);
    const employerReasons = page.getByRole("region", { name: employers.intro.title });
    await expect(employerReasons.getByRole("heading", { level: 3 })).toHaveText([
      "Enterprise-ready leaders",
      "No cost",
      "Pre-qualified network",
    ]);
    await expectFeatures(employerReasons, employers.reasons);

    await expectCallToAction(page, cta);
  });

  test("Terms of Engagement: last-updated date, contents linking to numbered sections, every required point", async ({
    page,
  }) => {
    await page.goto(pages.terms.path);
    await waitForHydration(page);
    await expectOneH1(page, pages.terms.heading);
    await expect(main(page).locator("time")).toHaveAttribute("datetime", termsContent.lastUpdated);
    await expect(main(page).locator("time")).toHaveText(longDate(termsContent.lastUpdated));

    const contents = page.getByRole("navigation", { name: termsContent.tocLabel });
    await expect(contents.getByRole("link")).toHaveCount(termsContent.sections.length);
    for (const [index, section] of termsContent.sections.entries()) {
      const number = `${index + 1}.`;
      const heading = main(page).getByRole("heading", { level: 2, name: `${number} ${section.title}` });
      await expect(heading).toBeVisible();
      const link = contents.getByRole("link", { name: `${number} ${section.title}` });
      await expect(link).toHaveAttribute("href", `#${section.id}`);
      await expect(page.locator(`section#${section.id}`)).toContainText(section.title);
    }
    const last = termsContent.sections.at(-1)!;
    await contents.getByRole("link", { name: last.title }).click();
    await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
    await expect(main(page).getByRole("heading", { name: last.title })).toBeInViewport();

    // Every point docs/product.md#numbers-from-the-specification requires, checked against the specification's words.
    const text = (await main(page).innerText()).replace(/\s+/g, " ");
    const required: [string, RegExp][] = [
      ["free of charge", /free for TA leaders and for employers/i],
      ["no obligation", /creates no obligation/i],
      ["mutual confidentiality", /confidentiality runs both ways/i],
      ["consent per opportunity", /explicit consent, given separately for each opportunity/i],
      ["no placement guarantee", /cannot guarantee/i],
      ["advisory role only", /role is advisory only/i],
      ["optional third-party AI", /third-party AI tools[^.]*\. Their use is optional/i],
      ["cross-border processing", /processed outside the country/i],
      ["right of access", /\baccess the personal information/i],
      ["right of correction", /\bcorrect information/i],
      ["right of deletion", /\bdelete your information/i],
      ["right of restriction", /\brestrict how we process/i],
      ["withdrawing consent", /\bwithdraw consent/i],
      ["termination by either side", /either side may terminate the engagement at any time/i],
      ["written notice including email", /written notice[^.]*\. Email counts as written notice/i],
      ["California law", /laws of the State of California/i],
    ];
    for (const [point, pattern] of required) expect(text, point).toMatch(pattern);
    // Legal text uses the legal word: a reader searching the page for it finds the section.
    await expect(main(page).getByRole("heading", { level: 2, name: /Termination$/ })).toBeVisible();
    const privacy = page.locator("section#your-data").getByRole("link", { name: site.contactEmail });
    await expect(privacy).toHaveAttribute("href", `mailto:${site.contactEmail}`);
  });

  test("Terms of Engagement prints as the text alone", async ({ page }) => {
    await page.goto(pages.terms.path);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("navigation", { name: termsContent.tocLabel })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: termsContent.sections[0]!.title })).toBeVisible();
  });
});

test.describe("head metadata of the content pages", () => {
  test("Home declares the Organization record in its prerendered HTML", async ({ page }) => {
    const { html } = await fetchHtml(page, pages.home.path);
    const records = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
      JSON.parse(match[1]!),
    );
    const organization = records.find((record) => record["@type"] === "Organization");
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      name: `The ${site.siteName}`,
      description: pages.home.description,
      url: new URL("/", site.siteUrl).href,
      foundingDate: "2024",
      parentOrganization: { name: site.supporter.name, url: site.supporter.url },
      contactPoint: { contactType: "general inquiry", email: site.contactEmail },
    });
    const logo = await page.request.get(new URL(organization.logo).pathname);
    expect(logo.ok()).toBe(true);
  });

  test("Our Mission has its own social preview image, a 1200x630 PNG that is served", async ({ page }) => {
    await page.goto(pages.mission.path);
    const image = socialCardFor(pages.mission, site.siteName);
    const expectedUrl = new URL(image.path, site.siteUrl).href;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", expectedUrl);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", expectedUrl);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", image.alt);

    // Its own: the home page shares a different image.
    await page.goto(pages.home.path);
    await expect(page.locator('meta[property="og:image"]')).not.toHaveAttribute("content", expectedUrl);

    const response = await page.request.get(image.path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    // PNG header: width and height are big-endian at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([image.width, image.height]);
  });
});

test.describe("images", () => {
  test("a phone loads no image before the visitor scrolls, on the home page and the inner pages: the hero text is the largest paint", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    // A phone on 4G, as Chromium's lazy-loading distance depends on the connection: the
    // headless shell the tests run loads lazy images from further away unless told its network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 1_600_000,
      uploadThroughput: 750_000,
      connectionType: "cellular4g",
    });
    const images: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image" && !request.url().startsWith("data:")) images.push(request.url());
    });
    for (const info of [pages.home, pages.mission, pages.howWeHelp, pages.whoWeAre]) {
      await page.goto(info.path, { waitUntil: "networkidle" });
      expect(
        images.filter((url) => !url.includes("favicon") && !url.includes("/brand/")),
        info.path,
      ).toEqual([]);
    }
    // The inner pages' art is in their HTML, and hidden on a phone.
    await expect(heroArt(page)).toHaveCount(1);
    await expect(heroArt(page)).toBeHidden();
  });

  test("illustrations are responsive AVIF/WebP/JPEG pictures with intrinsic size, lazy below the fold", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pages.home.path);
    const pictures = main(page).locator("picture");
    await expect(pictures).toHaveCount(2);
    for (const picture of await pictures.all()) {
      await expect(picture.locator("source")).toHaveCount(3);
      await expect(picture.locator("source").nth(0)).toHaveAttribute("type", "image/avif");
      await expect(picture.locator("source").nth(1)).toHaveAttribute("type", "image/webp");
      await expect(picture.locator("source").nth(2)).toHaveAttribute("type", "image/jpeg");
      await expect(picture.locator("source").first()).toHaveAttribute("srcset", /480w.*800w.*1200w/);
      const image = picture.locator("img");
      await expect(image).toHaveAttribute("loading", "lazy");
      await expect(image).toHaveAttribute("width", /^\d+$/);
      await expect(image).toHaveAttribute("height", /^\d+$/);
      await expect(image).toHaveAttribute("alt", /\w/);
    }
    await pictures.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        pictures
          .first()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.currentSrc),
      )
      .toMatch(/\.avif$/);
  });

  test("each inner page's hero draws art of its own beside its headline: decorative, in the page, nothing fetched for it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const drawings = new Set<string>();
    for (const info of [pages.mission, pages.howWeHelp, pages.whoWeAre]) {
      await page.goto(info.path);
      // Found as decorative art (aria-hidden), so assistive technology skips it.
      await expect(heroArt(page)).toBeVisible();
      const box = (await heroArt(page).boundingBox())!;
      expect(box.width, info.path).toBeGreaterThan(300);
      expect(box.height, info.path).toBe(box.width);
      // Drawn in the document: the hero has no image of any kind to fetch.
      await expect(hero(page).locator("img, picture, image"), info.path).toHaveCount(0);
      drawings.add(await heroArt(page).innerHTML());
    }
    expect(drawings.size).toBe(3);
  });
});

test.describe("responsive layout", () => {
  const contentPages = [pages.home, pages.mission, pages.howWeHelp, pages.whoWeAre, pages.terms];
  for (const width of [320, 1440]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const info of contentPages) {
        await page.goto(info.path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, info.path).toBeLessThanOrEqual(0);
      }
    });
  }
});

test("every call to action of the content pages points at one of the two request modes", async ({ page }) => {
  for (const info of [pages.home, pages.mission, pages.howWeHelp, pages.whoWeAre]) {
    await page.goto(info.path);
    const hrefs = await main(page)
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const requestLinks = hrefs.filter((href) => href.startsWith(pages.requestInvitation.path));
    expect(requestLinks.length, info.path).toBeGreaterThanOrEqual(2);
    expect(new Set(requestLinks), info.path).toEqual(
      new Set([requestPagePath("candidate"), requestPagePath("employer")]),
    );
  }
  expect(requestActions.employer.href).toBe("/request-invitation?type=employer");
  expect(requestActions.candidate.href).toBe("/request-invitation");
});

test.describe("the questions", () => {
  test("are reachable from the home page, the request page and the footer, and answer who qualifies, what happens next and who sees what", async ({
    page,
  }) => {
    const { bar, process, answers, moreLink } = questionsContent;
    // The home page lists each question, linked to its answer.
    await page.goto(pages.home.path);
    const homeQuestions = main(page).getByRole("region", { name: new RegExp(homeWords.questions.intro.title) });
    for (const item of answers.items) {
      await expect(homeQuestions.getByRole("link", { name: item.question })).toHaveAttribute(
        "href",
        `${pages.questions.path}#${item.id}`,
      );
    }
    await homeQuestions.getByRole("link", { name: answers.items[0]!.question }).click();
    await expect(page).toHaveURL(new RegExp(`${pages.questions.path}#${answers.items[0]!.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(questionsContent.meta.heading);
    await expect(page.getByRole("heading", { name: answers.items[0]!.question })).toBeInViewport();
    // The bar, the numbered steps (with the reply the site promises) and every answer.
    await expect(main(page).getByText(bar.candidate)).toBeVisible();
    await expect(main(page).getByText(bar.employer)).toBeVisible();
    const steps = main(page).getByRole("region", { name: process.title }).getByRole("listitem");
    await expect(steps).toHaveCount(process.steps.length);
    await expect(steps.nth(1)).toContainText(`${site.replyWithinHours} hours`);
    for (const item of answers.items) {
      for (const paragraph of item.answer) await expect(main(page).getByText(paragraph)).toBeVisible();
    }
    // No FAQPage markup: Google shows FAQ results only for government and health sites.
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).not.toContainEqual(
      expect.stringContaining("FAQPage"),
    );

    // The footer links to them from every page.
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Questions", exact: true })).toHaveAttribute(
      "href",
      pages.questions.path,
    );

    // Beside the request page's form: who qualifies and what happens next, on a desktop in the column beside it.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(pages.requestInvitation.path);
    const side = page.getByRole("region", { name: bar.title });
    await expect(side.getByText(bar.candidate)).toBeVisible();
    const next = page.getByRole("region", { name: process.title });
    await expect(next.getByRole("listitem")).toHaveCount(process.steps.length);
    const [form, panel] = await Promise.all([page.getByRole("form").boundingBox(), side.boundingBox()]);
    expect(panel!.x).toBeGreaterThan(form!.x + form!.width);
    await expect(page.getByRole("link", { name: moreLink.label })).toHaveAttribute("href", moreLink.href);
  });
});
