/** Shapes shared by the page content modules; the section components render them. */

/** Icons drawn in components/ui/icon.tsx; content names them, components draw them. */
export type IconName =
  | "award"
  | "briefcase"
  | "building"
  | "chart"
  | "chat"
  | "check"
  | "clipboard"
  | "compass"
  | "external"
  | "cpu"
  | "document"
  | "gem"
  | "gift"
  | "globe"
  | "exchange"
  | "lightbulb"
  | "lock"
  | "network"
  | "radar"
  | "route"
  | "search"
  | "shield"
  | "sparkles"
  | "tag"
  | "target"
  | "trending"
  | "user-badge"
  | "users"
  | "list-check";

/** The site's original illustrations (content/images.ts), named so copy stays free of imports. */
export type IllustrationName = "planning" | "team";

/** The network art an inner page's hero shows (content/images.ts), each saying its page's idea. */
export type HeroArtName = "rightSeat" | "twoAudiences" | "supportedNetwork";

export interface LinkAction {
  label: string;
  href: string;
}

/** An icon, a short title and a sentence or two: cards, tiles, pillars, services, reasons. */
export interface Feature {
  icon: IconName;
  title: string;
  body: string;
}

/** The heading block at the top of a section. */
export interface SectionIntro {
  eyebrow?: string;
  title: string;
  lead?: string;
}

export interface PageHeroContent {
  eyebrow: string;
  lead: string;
  /** The art beside the text on wide screens. */
  art: HeroArtName;
}

/** A closing band with the two calls to action of every content page. */
export interface CallToActionContent {
  title: string;
  body: string;
  primary: LinkAction;
  secondary: LinkAction;
}

/** One audience's side of a two-column section (TA leaders | organizations). */
export interface AudiencePanel {
  eyebrow: string;
  title: string;
  body: string;
  points: readonly string[];
  action?: LinkAction;
  illustration?: IllustrationName;
}
