// Turns a scene drawn in ./network-art.ts into the SVG an inner page inlines in its HTML
// (app/components/ui/decorative-svg.tsx): minified by SVGO, so a phone, which never shows
// the art, pays as few bytes as possible for it (docs/decisions/0014-hero-art-inline-svg.md).
import { optimize } from "svgo";

/**
 * Decimal places kept in coordinates: a tenth of a unit of the 1200-unit scene is 0.04 px
 * in the 448 px hero box. Scale factors keep three, or a node scaled by 0.741 would move.
 */
const COORDINATE_DECIMALS = 1;
const TRANSFORM_DECIMALS = 3;

/** A scene's prefix for its ids: the initials of its name (`right-seat-scene` is `rss`). */
export function idPrefix(sceneName: string): string {
  return sceneName
    .split("-")
    .map((word) => word[0])
    .join("");
}

/**
 * The scene minified for inlining: numbers rounded, defaults and whitespace dropped, and
 * every id shortened and prefixed with the scene's own prefix, so two scenes' gradients and
 * filters never clash in one document. It stays a standalone SVG file (xmlns, viewBox).
 */
export function optimiseForInline(svg: string, prefix: string): string {
  return optimize(svg, {
    multipass: true,
    floatPrecision: COORDINATE_DECIMALS,
    plugins: [
      {
        name: "preset-default",
        params: {
          overrides: {
            cleanupIds: { minify: true },
            convertTransform: { floatPrecision: TRANSFORM_DECIMALS, transformPrecision: TRANSFORM_DECIMALS + 2 },
            cleanupNumericValues: { floatPrecision: 2 },
          },
        },
      },
      { name: "prefixIds", params: { prefix, delim: "" } },
    ],
  }).data;
}
