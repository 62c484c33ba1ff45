import planningScene from "~/assets/images/planning-scene.jpg?w=480;800;1200&format=avif;webp;jpeg&as=picture";
import teamScene from "~/assets/images/team-scene.jpg?w=480;800;1200&format=avif;webp;jpeg&as=picture";
import rightSeatScene from "~/assets/images/right-seat-scene.svg?raw";
import twoAudiencesScene from "~/assets/images/two-audiences-scene.svg?raw";
import supportedNetworkScene from "~/assets/images/supported-network-scene.svg?raw";
import { toPicture, type ResponsivePicture } from "./picture";
import type { HeroArtName } from "./types";

export type { PictureSource, ResponsivePicture } from "./picture";

export interface SideImage extends ResponsivePicture {
  headline: string;
}

/** Original illustrations (scripts/assets/generate-illustrations.ts): 1200x1500 scenes. */
export const illustrations = {
  planning: toPicture(
    planningScene,
    "Illustration of a planning desk seen from above: an open notebook with a career roadmap climbing to a gold flag, a progress chart, coffee and notes.",
  ),
  team: toPicture(
    teamScene,
    "Illustration of a leadership team around a table, building an organization chart with one gold seat still to fill.",
  ),
} as const;

/**
 * The inner pages' hero art (scripts/assets/network-art.ts): 1200x1200 transparent network
 * scenes on the navy hero, as the minified SVG each page inlines, so the art paints with the
 * page and needs no request (docs/decisions/0014-hero-art-inline-svg.md). Decorative:
 * the hero's text already says what each shows.
 */
export const heroArt: Record<HeroArtName, string> = {
  rightSeat: rightSeatScene,
  twoAudiences: twoAudiencesScene,
  supportedNetwork: supportedNetworkScene,
};

/** The request page's side panel, one image per mode. */
export const sideImages: Record<"candidate" | "employer", SideImage> = {
  candidate: { ...illustrations.planning, headline: "Your Career Journey Starts Here" },
  employer: { ...illustrations.team, headline: "Build Your Dream Team" },
};
