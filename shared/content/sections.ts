/**
 * The shapes the content pages share, each drawn by one section component
 * (app/components/sections/): a card (and one whose title the specification names), a section's
 * heading block, an inner page's hero, the closing call to action, one audience's side of a
 * two-column section.
 */
import { z } from "zod";
import type { InvitationMode } from "../invitation/mode";
import { fixed, heroArt, icon, illustration, linkAction, list, optional, text } from "./fields";

/** An icon, a short title and a sentence or two: cards, tiles, pillars, services, reasons. */
export const feature = z.strictObject({
  icon,
  title: text({ max: 40, maxWord: 20 }),
  body: text({ max: 180 }),
});

/** A feature whose title the specification names. */
export const named = <const Title extends string>(title: Title) => feature.extend({ title: fixed(title) });

/** The heading block at the top of a section. */
export const sectionIntro = z.strictObject({
  eyebrow: optional(text({ max: 40 })),
  title: text({ max: 70, maxWord: 16 }),
  lead: optional(text({ max: 220 })),
});

/** An inner page's hero: the page's title is its eyebrow and its heading its headline (the page's `meta`). */
export const pageHero = z.strictObject({
  lead: text({ max: 260 }),
  /** The art beside the text on wide screens. */
  art: heroArt,
});

/**
 * The closing band of every content page: its own words, and the two calls to action every
 * content page shares (content/site.yaml, `requestActions`).
 */
export const callToAction = z.strictObject({
  title: text({ max: 60, maxWord: 16 }),
  body: text({ max: 200 }),
});

/** One audience's side of a two-column section (TA leaders | organizations). */
export const audiencePanel = z.strictObject({
  eyebrow: text({ max: 30 }),
  title: text({ max: 60 }),
  body: text({ max: 220 }),
  points: list(text({ max: 70 }), { min: 2, max: 4 }),
  illustration: optional(illustration),
});

export const audienceLink = linkAction({ max: 40 });

export type Feature = z.infer<typeof feature>;
export type SectionIntro = z.infer<typeof sectionIntro>;
export type PageHero = z.infer<typeof pageHero>;
export type CallToAction = z.infer<typeof callToAction>;
export type AudiencePanel = z.infer<typeof audiencePanel>;

/** A label and where it leads. */
export interface LinkAction {
  label: string;
  href: string;
}

/** A link to each mode's request page (shared/routes.ts, modeLinks): the calls to action of the pages. */
export type ModeActions = Record<InvitationMode, LinkAction>;
