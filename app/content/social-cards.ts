import { howWeHelpContent } from "./how-we-help";
import { missionContent } from "./mission";
import { pages, type PageInfo } from "./pages";
import { requestPages } from "./request-invitation";
import type { HeroArtName, IllustrationName } from "./types";
import { whoWeAreContent } from "./who-we-are";

/** The art beside a card's words: an inner page's hero art, a request mode's scene, or the network's orbit. */
export type SocialCardArt = HeroArtName | IllustrationName | "orbit";

export interface SocialCardPage {
  page: PageInfo;
  art: SocialCardArt;
}

/** The words every card carries under the page's own (app/lib/social-card.ts has the page's). */
export const socialCardContent = {
  tagline: "Invitation only · Free for TA leaders and employers",
};

/**
 * Every page with HTML of its own, so with a social card of its own (its head names it), and
 * the art its card shows: the page's own where it has some, so a shared link looks like its page.
 */
export const socialCardPages: readonly SocialCardPage[] = [
  { page: pages.home, art: "orbit" },
  { page: pages.mission, art: missionContent.hero.art },
  { page: pages.howWeHelp, art: howWeHelpContent.hero.art },
  { page: pages.whoWeAre, art: whoWeAreContent.hero.art },
  { page: requestPages.candidate, art: "planning" },
  { page: requestPages.employer, art: "team" },
  { page: pages.terms, art: "orbit" },
  { page: pages.requestReceived, art: "planning" },
  { page: pages.requestReceivedEmployer, art: "team" },
  { page: pages.notFound, art: "orbit" },
];
