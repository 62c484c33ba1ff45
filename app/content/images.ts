import planningScene from "~/assets/images/planning-scene.jpg?w=480;800;1200&format=avif;webp;jpeg&as=picture";
import teamScene from "~/assets/images/team-scene.jpg?w=480;800;1200&format=avif;webp;jpeg&as=picture";
import orbitScene from "~/assets/images/orbit-scene.png?w=560;1120&format=avif;webp;png&as=picture";
import { toPicture, type ResponsivePicture } from "./picture";

export type { PictureSource, ResponsivePicture } from "./picture";

export interface SideImage extends ResponsivePicture {
  headline: string;
}

/** Original illustrations (scripts/assets/generate-illustrations.ts): 1200x1500 scenes and a 1200x1200 transparent orbit. */
export const illustrations = {
  planning: toPicture(
    planningScene,
    "Illustration of a planning desk seen from above: an open notebook with a career roadmap climbing to a gold flag, a progress chart, coffee and notes.",
  ),
  team: toPicture(
    teamScene,
    "Illustration of a leadership team around a table, building an organization chart with one gold seat still to fill.",
  ),
  // Decorative: the inner pages' hero text already says what it shows.
  orbit: toPicture(orbitScene, ""),
} as const;

/** The request page's side panel, one image per mode. */
export const sideImages: Record<"candidate" | "employer", SideImage> = {
  candidate: { ...illustrations.planning, headline: "Your Career Journey Starts Here" },
  employer: { ...illustrations.team, headline: "Build Your Dream Team" },
};
