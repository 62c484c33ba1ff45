// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import satori from "satori";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, socialCardFor } from "#app/lib/social-card.ts";
import { socialCardLayout } from "./social-card-layout";
import { CARD_ART_SOURCES, cardFonts, socialCardSvg, writeSocialCards } from "./social-cards";
import { parseSiteConfig } from "#shared/site-config.ts";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
import { socialCardPages, socialCardTagline, type SocialCardPage } from "./social-card-pages";

const work = mkdtempSync(join(tmpdir(), "social-cards-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SITE_NAME = "TA Leadership Network";
const site = parseSiteConfig({});
const cards = socialCardPages(site);
const cardOf = (path: string) => cards.find((card) => card.page.path === path)!;
const BLANK = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')}`;

/**
 * A card's words as satori breaks them into lines: laid out with the card's fonts and
 * design, but written as `<text>` segments instead of outlines, grouped by baseline.
 */
async function cardLines({ page, art }: SocialCardPage): Promise<string[]> {
  const { kind } = CARD_ART_SOURCES[art];
  const layout = socialCardLayout({
    words: socialCardFor(page, SITE_NAME).words,
    siteName: SITE_NAME,
    tagline: socialCardTagline(),
    mark: BLANK,
    // The art is placed apart from the text; only its kind sets the text's width.
    art: kind === "network" ? { kind, src: BLANK } : { kind, src: BLANK, width: 4, height: 5 },
  });
  const svg = await satori(layout, {
    width: SOCIAL_CARD_WIDTH,
    height: SOCIAL_CARD_HEIGHT,
    fonts: cardFonts,
    embedFont: false,
  });
  const lines = new Map<string, string>();
  for (const [, y, text] of svg.matchAll(/<text x="[^"]*" y="([^"]*)"[^>]*>([^<]*)<\/text>/g))
    lines.set(y!, (lines.get(y!) ?? "") + text!.replaceAll("\uFEFF", ""));
  return [...lines.values()].map((line) => line.trim());
}

describe("social cards", () => {
  it("give every page with HTML of its own, the employer page included, a card of its own", () => {
    const paths = cards.map((card) => card.page.path);
    for (const route of Object.values(ROUTES)) expect(paths).toContain(route.path);
    expect(paths).toContain(requestPagePath("employer"));
    const files = cards.map((card) => socialCardFor(card.page, SITE_NAME).path);
    expect(new Set(files).size).toBe(files.length);
  });

  it("draw every letter as an outline, so no machine font can change a card", async () => {
    const svg = await socialCardSvg(socialCardFor(cardOf(ROUTES.mission.path).page, "TA Leadership Network"), "TA Leadership Network", "rightSeat");
    expect(svg).not.toMatch(/<text|font-family/);
    // The heading is there, as outlines in the heading's white.
    expect(svg).toMatch(/<path fill="#ffffff" d="M/);
  });

  it("never break a hyphenated word at its hyphen, on any card", async () => {
    for (const card of cards) {
      for (const line of await cardLines(card)) expect(line, `${card.page.path}: ${line}`).not.toMatch(/\p{L}-$/u);
    }
    // The employer's card, whose first sentence once ended a line on "pre-".
    const employer = await cardLines(cardOf(requestPagePath("employer")));
    expect(employer.some((line) => line.includes("pre-qualified"))).toBe(true);
  });

  it("are 1200 x 630 PNGs at each page's card path, rendered once and then copied from the cache", { timeout: 30_000 }, async () => {
    const options = { cacheDir: join(work, "cache"), cards: [cardOf(ROUTES.whoWeAre.path)] };
    const first = await writeSocialCards(join(work, "one"), site, options);
    const again = await writeSocialCards(join(work, "two"), site, options);
    expect([first.rendered, again.rendered, again.cached]).toEqual([1, 0, 1]);

    const png = readFileSync(join(work, "one", "social", "who-we-are.png"));
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(readFileSync(join(work, "two", "social", "who-we-are.png")).equals(png)).toBe(true);

    // Another site name is another card.
    const renamed = await writeSocialCards(join(work, "three"), { ...site, siteName: "Talent Leaders Circle" }, options);
    expect(renamed.rendered).toBe(1);
  });
});
