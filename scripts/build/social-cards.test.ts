// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { pages } from "../../app/content/pages";
import { socialCardFor } from "../../app/lib/social-card";
import { socialCardSvg, writeSocialCards } from "./social-cards";

const work = mkdtempSync(join(tmpdir(), "social-cards-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("social cards", () => {
  it("draw every letter as an outline, so no machine font can change a card", async () => {
    const svg = await socialCardSvg(socialCardFor(pages.mission, "TA Leadership Network"), "TA Leadership Network", "rightSeat");
    expect(svg).not.toMatch(/<text|font-family/);
    // The heading is there, as outlines in the heading's white.
    expect(svg).toMatch(/<path fill="#ffffff" d="M/);
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
