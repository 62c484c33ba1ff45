import planningScene from "#app/assets/images/planning-scene.jpg?w=480;800;1200&format=avif;webp;jpeg&as=picture";
import teamScene from "#app/assets/images/team-scene.jpg?w=480;800;1200&format=avif;webp;jpeg&as=picture";
import rightSeatScene from "#app/assets/images/right-seat-scene.svg?raw";
import twoAudiencesScene from "#app/assets/images/two-audiences-scene.svg?raw";
import supportedNetworkScene from "#app/assets/images/supported-network-scene.svg?raw";
import type { HeroArtName, IllustrationName } from "#shared/content/fields.ts";
import { toPicture, type ResponsivePicture } from "./picture";

export type { PictureSource, ResponsivePicture } from "./picture";

const scenes = { planning: planningScene, team: teamScene };

/**
 * One of the site's original illustrations (scripts/assets/generate-illustrations.ts,
 * 1200x1500 scenes) as a responsive picture, with what it shows in words: its alt text is
 * content (content/site.yaml, `illustrations`).
 */
export function illustration(name: IllustrationName, alt: string): ResponsivePicture {
  return toPicture(scenes[name], alt);
}

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
