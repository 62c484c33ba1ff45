// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import satori from "satori";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { pages } from "../../app/content/pages";
import { requestPages } from "../../app/content/request-invitation";
import { socialCardContent, socialCardPages, type SocialCardPage } from "../../app/content/social-cards";
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, socialCardFor } from "../../app/lib/social-card";
import { socialCardLayout } from "./social-card-layout";
import { CARD_ART_SOURCES, cardFonts, socialCardSvg, writeSocialCards } from "./social-cards";

const work = mkdtempSync(join(tmpdir(), "social-cards-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SITE_NAME = "TA Leadership Network";
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
    tagline: socialCardContent.tagline,
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
  it("draw every letter as an outline, so no machine font can change a card", async () => {
    const svg = await socialCardSvg(socialCardFor(pages.mission, "TA Leadership Network"), "TA Leadership Network", "rightSeat");
    expect(svg).not.toMatch(/<text|font-family/);
    // The heading is there, as outlines in the heading's white.
    expect(svg).toMatch(/<path fill="#ffffff" d="M/);
  });

  it("never break a hyphenated word at its hyphen, on any card", async () => {
    for (const card of socialCardPages) {
      for (const line of await cardLines(card)) expect(line, `${card.page.path}: ${line}`).not.toMatch(/\p{L}-$/u);
    }
    // The employer's card, whose first sentence once ended a line on "pre-".
    const employer = await cardLines({ page: requestPages.employer, art: "team" });
    expect(employer.some((line) => line.includes("pre-qualified"))).toBe(true);
  });

  it("are 1200 x 630 PNGs at each page's card path, rendered once and then copied from the cache", { timeout: 30_000 }, async () => {
    const cards = [{ page: pages.whoWeAre, art: "supportedNetwork" as const }];
    const options = { cacheDir: join(work, "cache"), cards };
    const first = await writeSocialCards(join(work, "one"), "TA Leadership Network", options);
    const again = await writeSocialCards(join(work, "two"), "TA Leadership Network", options);
    expect([first.rendered, again.rendered, again.cached]).toEqual([1, 0, 1]);

    const png = readFileSync(join(work, "one", "social", "who-we-are.png"));
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(readFileSync(join(work, "two", "social", "who-we-are.png")).equals(png)).toBe(true);

    // Another site name is another card.
    const renamed = await writeSocialCards(join(work, "three"), "Talent Leaders Circle", options);
    expect(renamed.rendered).toBe(1);
  });
});
