/**
 * The headings' own face: Fraunces SemiBold (@fontsource/fraunces, SIL Open Font License), its Latin subset as
 * woff2 (18 KB), self-hosted and preloaded by every page (app/layouts/page-layout.astro). It swaps in over a
 * fallback face whose metrics are matched to it, so the swap moves no line: Times New Roman (or its metric twins,
 * Liberation Serif and Tinos) scaled to Fraunces' average width, with Fraunces' ascent and descent.
 */
import frauncesUrl from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";

/** The font file's address on the site, for the page's preload. */
export const DISPLAY_FONT_URL: string = frauncesUrl;

/** Fraunces SemiBold's metrics (units per em 2000) and Times New Roman's (2048), as @capsizecss/unpack reads them. */
export const DISPLAY_FONT_METRICS = {
  font: { unitsPerEm: 2000, ascent: 1956, descent: -510, lineGap: 0, xWidthAvg: 969 },
  fallback: { unitsPerEm: 2048, xWidthAvg: 819 },
} as const;

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The fallback's overrides: its width scaled to the font's, and the font's vertical metrics at that scale. */
export function fallbackOverrides(metrics = DISPLAY_FONT_METRICS) {
  const { font, fallback } = metrics;
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / font.unitsPerEm / sizeAdjust),
    descentOverride: percent(Math.abs(font.descent) / font.unitsPerEm / sizeAdjust),
    lineGapOverride: percent(font.lineGap / font.unitsPerEm / sizeAdjust),
  };
}

/**
 * The two @font-face rules: the font, shown once it has arrived, and its matched fallback. No unicode-range: the
 * file is the Latin subset, preloaded by every page whatever its text, so the range would only cost bytes.
 */
export function displayFontFaces(url: string = DISPLAY_FONT_URL): string {
  const fallback = fallbackOverrides();
  return (
    `@font-face{font-family:"Fraunces";font-style:normal;font-weight:600;font-display:swap;src:url(${url}) format("woff2")}` +
    `@font-face{font-family:"Fraunces Fallback";font-style:normal;font-weight:600;src:local("Times New Roman"),local("Liberation Serif"),local("Tinos");` +
    `size-adjust:${fallback.sizeAdjust};ascent-override:${fallback.ascentOverride};descent-override:${fallback.descentOverride};line-gap-override:${fallback.lineGapOverride}}`
  );
}
