import type { PageInfo } from "#shared/content/page.ts";

/** The size LinkedIn, X, Slack and Open Graph readers show large (docs/product.md#pages). */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;
/** Where the build writes every page's card (scripts/build/social-cards.ts). */
export const SOCIAL_CARD_DIR = "/social";

/** The page's words a card shows, in reading order under the brand mark and name. */
export interface SocialCardWords {
  /** The page's name, as its title says it. */
  eyebrow: string;
  /** The page's visible `<h1>`. */
  heading: string;
  /** The first sentence of the page's description. */
  line: string;
}

/** A page's card as its head names it: where it is, its size, and what it shows. */
export interface SocialCard {
  /** Path under the site origin, e.g. `/social/mission.png`. */
  path: string;
  width: number;
  height: number;
  alt: string;
  words: SocialCardWords;
}

export type SocialCardPage = Pick<PageInfo, "path" | "title" | "heading" | "description">;

/** The first sentence of a text, or the whole text when it has one sentence. */
export function firstSentence(text: string): string {
  return /^.*?[.!?](?=\s|$)/s.exec(text)?.[0] ?? text;
}

/** A heading as a sentence of the alt text: ended with a full stop unless it has its own. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * A page's card file name: its path's segments and query values, joined by dashes, so
 * `/` is `home` and `/request-invitation?type=employer` is `request-invitation-employer`.
 */
export function socialCardName(pagePath: string): string {
  const url = new URL(pagePath, "https://site.invalid");
  const parts = [...url.pathname.split("/").filter(Boolean), ...url.searchParams.values()];
  return parts.length === 0 ? "home" : parts.join("-");
}

/** Every page's own card, from its own words: the build renders one file per page from this. */
export function socialCardFor(page: SocialCardPage, siteName: string): SocialCard {
  const words = { eyebrow: page.title, heading: page.heading, line: firstSentence(page.description) };
  return {
    path: `${SOCIAL_CARD_DIR}/${socialCardName(page.path)}.png`,
    width: SOCIAL_CARD_WIDTH,
    height: SOCIAL_CARD_HEIGHT,
    alt: `The ${siteName}, ${words.eyebrow}: ${sentence(words.heading)} ${words.line}`,
    words,
  };
}
