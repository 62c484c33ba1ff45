// The social card's design, laid out by satori (flexbox, as CSS): the brand mark and name,
// the page's name, heading and first sentence on the left, the page's art on the right, on
// the deep navy of the site's heroes. Colours are app/styles/app.css's tokens.
import type { ReactNode } from "react";
import type { SocialCardWords } from "#app/lib/social-card.ts";
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from "#app/lib/social-card.ts";

const colours = {
  navy950: "#06111f",
  navy900: "#0b1f3a",
  navy700: "#1b3a66",
  navy100: "#e4ebf5",
  lead: "#c9d6ea",
  gold500: "#b8893b",
  gold300: "#dcc08a",
};

const PADDING = 72;
const PADDING_Y = 60;

/**
 * Inter's files carry no non-breaking hyphen (U+2011), so a hyphen inside a word is followed
 * by a zero-width no-break space (U+FEFF, an empty glyph in Inter): the line breaker may no
 * longer break after it, and "pre-qualified" never ends a line on "pre-".
 */
export function keepHyphenatedWordsTogether(text: string): string {
  return text.replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, "-\uFEFF");
}

/** Longer headings get a smaller size, so each fits in three lines beside the art. */
export function headingSize(heading: string): number {
  if (heading.length <= 28) return 64;
  if (heading.length <= 48) return 56;
  return 48;
}

export type CardArtLayout =
  /** Transparent network art, large, bleeding off the right edge. */
  | { kind: "network"; src: string }
  /** A scene with its own background, framed as a panel like the request page's side image. */
  | { kind: "scene"; src: string; width: number; height: number };

export interface CardLayoutInput {
  words: SocialCardWords;
  siteName: string;
  tagline: string;
  /** The brand mark (assets-src/icon.svg) as a data URL. */
  mark: string;
  art: CardArtLayout;
}

const NETWORK_ART_SIZE = 600;
const SCENE_PANEL_HEIGHT = SOCIAL_CARD_HEIGHT - 2 * 64;

function Art({ art }: { art: CardArtLayout }): ReactNode {
  if (art.kind === "network") {
    return (
      <img
        src={art.src}
        width={NETWORK_ART_SIZE}
        height={NETWORK_ART_SIZE}
        style={{ position: "absolute", right: -70, top: (SOCIAL_CARD_HEIGHT - NETWORK_ART_SIZE) / 2 }}
      />
    );
  }
  const width = Math.round((SCENE_PANEL_HEIGHT * art.width) / art.height);
  return (
    <img
      src={art.src}
      width={width}
      height={SCENE_PANEL_HEIGHT}
      style={{
        position: "absolute",
        right: 64,
        top: 64,
        borderRadius: 28,
        border: `2px solid ${colours.gold500}`,
        boxShadow: "0 24px 60px rgba(2, 8, 18, 0.6)",
        objectFit: "cover",
      }}
    />
  );
}

export function socialCardLayout({ words, siteName, tagline, mark, art }: CardLayoutInput): ReactNode {
  const textWidth = art.kind === "network" ? 640 : 620;
  return (
    <div
      style={{
        width: SOCIAL_CARD_WIDTH,
        height: SOCIAL_CARD_HEIGHT,
        display: "flex",
        position: "relative",
        fontFamily: "Inter",
        color: "#ffffff",
        backgroundColor: colours.navy900,
        backgroundImage: `radial-gradient(circle at 85% 10%, rgba(79, 134, 217, 0.32), rgba(79, 134, 217, 0) 55%), linear-gradient(135deg, ${colours.navy950}, ${colours.navy900} 55%, ${colours.navy700})`,
      }}
    >
      <Art art={art} />
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          // satori sizes the content box: the padding comes on top of width and height.
          width: textWidth,
          height: SOCIAL_CARD_HEIGHT - 2 * PADDING_Y,
          padding: `${PADDING_Y}px 0 ${PADDING_Y}px ${PADDING}px`,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
          <img src={mark} width={52} height={52} style={{ borderRadius: 13 }} />
          <div style={{ fontSize: 26, fontWeight: 600, letterSpacing: -0.3 }}>The {siteName}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div
            style={{
              fontSize: 20,
              fontWeight: 600,
              letterSpacing: 3,
              textTransform: "uppercase",
              color: colours.gold300,
            }}
          >
            {keepHyphenatedWordsTogether(words.eyebrow)}
          </div>
          <div
            style={{
              marginTop: 18,
              fontSize: headingSize(words.heading),
              fontWeight: 700,
              lineHeight: 1.08,
              letterSpacing: -1.2,
            }}
          >
            {keepHyphenatedWordsTogether(words.heading)}
          </div>
          <div style={{ marginTop: 22, fontSize: 24, lineHeight: 1.42, color: colours.lead }}>
            {keepHyphenatedWordsTogether(words.line)}
          </div>
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
          <div style={{ width: 44, height: 4, borderRadius: 2, backgroundColor: colours.gold500 }} />
          <div style={{ fontSize: 20, fontWeight: 500, color: colours.gold300 }}>{tagline}</div>
        </div>
      </div>
    </div>
  );
}
