/**
 * The headings' own face: Fraunces SemiBold (@fontsource/fraunces, SIL Open Font License), its Latin subset as
 * woff2 (18 KB), self-hosted and preloaded by every page (app/layouts/page-layout.astro). It swaps in over a
 * fallback face whose metrics are matched to it, so the swap moves no line: a local serif (FALLBACK_FACES) scaled
 * to Fraunces' average width, with Fraunces' ascent and descent.
 */
import frauncesUrl from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";

/** The font file's address on the site, for the page's preload. */
export const DISPLAY_FONT_URL: string = frauncesUrl;

/** Fraunces SemiBold's metrics (units per em 2000), as @capsizecss/unpack reads them. */
export const DISPLAY_FONT_METRICS = {
  font: { unitsPerEm: 2000, ascent: 1956, descent: -510, lineGap: 0, xWidthAvg: 969 },
  /** Times New Roman's (2048 units per em), which Liberation Serif and Tinos share. */
  fallback: { unitsPerEm: 2048, xWidthAvg: 819 },
} as const;

/**
 * The fallback faces, tried in order: each its own family, so where the first's local fonts are missing the next
 * is used, with its own scale. Times New Roman and its twins (Windows, macOS, most Linux desktops), then DejaVu
 * Serif Bold (Linux machines without them, such as the one the browser tests and the benchmark run on).
 */
export const FALLBACK_FACES = [
  {
    family: "Fraunces Fallback",
    local: ["Times New Roman", "Liberation Serif", "Tinos"],
    metrics: DISPLAY_FONT_METRICS.fallback,
  },
  {
    family: "Fraunces Fallback DejaVu",
    local: ["DejaVu Serif Bold", "DejaVuSerif-Bold"],
    metrics: { unitsPerEm: 2048, xWidthAvg: 1168 },
  },
] as const;

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The fallback's overrides: its width scaled to the font's, and the font's vertical metrics at that scale. */
export function fallbackOverrides(
  fallback: { unitsPerEm: number; xWidthAvg: number } = DISPLAY_FONT_METRICS.fallback,
  font = DISPLAY_FONT_METRICS.font,
) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / font.unitsPerEm / sizeAdjust),
    descentOverride: percent(Math.abs(font.descent) / font.unitsPerEm / sizeAdjust),
    lineGapOverride: percent(font.lineGap / font.unitsPerEm / sizeAdjust),
  };
}

/**
 * The @font-face rules: the font, shown once it has arrived, and its matched fallbacks. No unicode-range: the
 * file is the Latin subset, preloaded by every page whatever its text, so the range would only cost bytes.
 */
export function displayFontFaces(url: string = DISPLAY_FONT_URL): string {
  const font = `@font-face{font-family:"Fraunces";font-style:normal;font-weight:600;font-display:swap;src:url(${url}) format("woff2")}`;
  const fallbacks = FALLBACK_FACES.map(({ family, local, metrics }) => {
    const overrides = fallbackOverrides(metrics);
    return (
      `@font-face{font-family:"${family}";font-style:normal;font-weight:600;src:${local.map((name) => `local("${name}")`).join(",")};` +
      `size-adjust:${overrides.sizeAdjust};ascent-override:${overrides.ascentOverride};descent-override:${overrides.descentOverride};line-gap-override:${overrides.lineGapOverride}}`
    );
  });
  return font + fallbacks.join("");
}
