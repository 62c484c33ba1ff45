// @vitest-environment node
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { idPrefix, optimiseForInline } from "./inline-svg";
import { heroScenes } from "./network-art";

const HERO_BOX_PX = 448;
const INLINE_ART_GZIP_BUDGET = 2048;
const committed = (name: string) => readFileSync(`app/assets/images/${name}.svg`, "utf8");

/** The scene as the hero shows it: rasterised at the hero box's size, RGBA. */
const raster = (svg: string) =>
  sharp(Buffer.from(svg), { density: (72 * HERO_BOX_PX) / 1200 })
    .resize(HERO_BOX_PX, HERO_BOX_PX)
    .ensureAlpha()
    .raw()
    .toBuffer();

describe("the hero art inlined in the inner pages", () => {
  for (const [name, draw] of Object.entries(heroScenes)) {
    it(`${name}: the committed SVG is what network-art.ts draws, minified, and looks the same`, async () => {
      const drawn = draw();
      const inline = committed(name);
      expect(inline.trim()).toBe(optimiseForInline(drawn, idPrefix(name)));
      // What a phone, which never shows the art, pays for it in its page's HTML.
      expect(gzipSync(inline, { level: 9 }).length).toBeLessThan(INLINE_ART_GZIP_BUDGET);

      const [before, after] = await Promise.all([raster(drawn), raster(inline)]);
      let changed = 0;
      for (let i = 0; i < before.length; i++) if (Math.abs(before[i]! - after[i]!) > 24) changed++;
      // Rounding moves no edge by more than a tenth of a unit: at most a few anti-aliased pixels change.
      expect(changed / before.length).toBeLessThan(0.001);
    });
  }

  it("names every id after its own scene, so two scenes in one page never clash, and draws no image", () => {
    const ids = Object.keys(heroScenes).flatMap((name) => {
      const svg = committed(name);
      expect(svg).not.toMatch(/<image|\sstyle=/);
      const own = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
      expect(own.length).toBeGreaterThan(0);
      for (const id of own) expect(id.startsWith(idPrefix(name))).toBe(true);
      return own;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });
});
