/**
 * Our Mission's words (content/mission.yaml): the three pillars and Dual Purpose's halves keep the
 * specification's names (docs/copy.md).
 */
import { z } from "zod";
import { fixed } from "./fields";
import { pageMeta } from "./page";
import { audiencePanel, callToAction, named, pageHero, sectionIntro } from "./sections";

export const missionSchema = z.strictObject({
  meta: pageMeta,
  hero: pageHero,
  pillars: z.strictObject({
    intro: sectionIntro,
    items: z.tuple([named("Strategic Matching"), named("Mutual Value Creation"), named("Industry Excellence")]),
  }),
  dualPurpose: z.strictObject({
    intro: sectionIntro.extend({ eyebrow: fixed("Dual Purpose") }),
    panels: z.strictObject({
      leaders: audiencePanel.extend({ eyebrow: fixed("For TA Leaders") }),
      organizations: audiencePanel.extend({ eyebrow: fixed("For Organizations") }),
    }),
  }),
  cta: callToAction,
});

export type MissionWords = z.infer<typeof missionSchema>;
