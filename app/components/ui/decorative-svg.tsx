/** An SVG file's root: its attributes, and everything inside it. */
const SVG_ROOT = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;
const VIEW_BOX = /\bviewBox="([^"]+)"/;

/** The parts of a standalone SVG file the page needs: its viewBox, its size in user units, and its drawing. */
export function parseSvg(markup: string): { viewBox: string; width: number; height: number; body: string } {
  const [, attributes = "", body = ""] = SVG_ROOT.exec(markup) ?? [];
  const viewBox = VIEW_BOX.exec(attributes)?.[1];
  if (!viewBox) throw new Error("Inline art needs an <svg> root with a viewBox");
  const [, , width = 0, height = 0] = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return { viewBox, width, height, body };
}

/**
 * Art drawn into the document as inline SVG, from a generated SVG file
 * (scripts/assets/generate-illustrations.ts): it paints with the page's first paint and
 * costs no request. Decorative, so hidden from assistive technology and never a tab stop.
 * Its width and height give the box its aspect ratio before any CSS applies, so it shifts nothing.
 */
export function DecorativeSvg({ svg, className }: { svg: string; className?: string }) {
  const { viewBox, width, height, body } = parseSvg(svg);
  return (
    <svg
      viewBox={viewBox}
      width={width}
      height={height}
      aria-hidden="true"
      focusable="false"
      className={className}
      // Trusted markup: written by the build's own generator, never by a visitor.
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
