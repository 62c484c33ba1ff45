import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fromBuffer } from "@capsizecss/unpack";
import { describe, expect, it } from "vitest";
import { DISPLAY_FONT_METRICS, displayFontFaces, fallbackOverrides } from "./display-font";

const require = createRequire(import.meta.url);

describe("the headings' face", () => {
  it("states the metrics of the very file the site serves", async () => {
    const file = readFileSync(require.resolve("@fontsource/fraunces/files/fraunces-latin-600-normal.woff2"));
    const metrics = await fromBuffer(file);
    const { font } = DISPLAY_FONT_METRICS;
    expect({ ...metrics, xWidthAvg: metrics.xWidthAvg }).toMatchObject(font);
  });

  it("scales its fallback to the font's width and gives it the font's ascent and descent, so the swap moves no line", () => {
    expect(fallbackOverrides()).toEqual({
      sizeAdjust: "121.15%",
      ascentOverride: "80.72%",
      descentOverride: "21.05%",
      lineGapOverride: "0.00%",
    });
    expect(fallbackOverrides({ unitsPerEm: 2048, xWidthAvg: 1168 }).sizeAdjust).toBe("84.95%");
    const css = displayFontFaces("/_astro/f.woff2");
    expect(css).toContain(
      'font-family:"Fraunces";font-style:normal;font-weight:600;font-display:swap;src:url(/_astro/f.woff2)',
    );
    expect(css).toContain(
      'font-family:"Fraunces Fallback";font-style:normal;font-weight:600;src:local("Times New Roman")',
    );
    expect(css).toContain("size-adjust:121.15%");
    expect(css).toContain('font-family:"Fraunces Fallback DejaVu"');
  });
});
