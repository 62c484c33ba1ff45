/**
 * Who We Are's words (content/who-we-are.yaml): the supporter, the four foundations (the
 * specification's names, docs/copy.md) and each audience's reasons.
 */
import { z } from "zod";
import { exactly, text } from "./fields";
import { pageMeta } from "./page";
import { callToAction, feature, named, pageHero, sectionIntro } from "./sections";

const reasonGroup = z.strictObject({ intro: sectionIntro, reasons: exactly(feature, 3) });

export const whoWeAreSchema = z.strictObject({
  meta: pageMeta,
  hero: pageHero,
  supporter: z.strictObject({
    eyebrow: text({ max: 30 }),
    body: text({ max: 260 }),
    linkLabel: text({ max: 40 }),
  }),
  foundations: z.strictObject({
    intro: sectionIntro,
    tiles: z.tuple([
      named("Recognized Leader"),
      named("Enterprise Security"),
      named("AI-Powered Matching"),
      named("Global Network"),
    ]),
  }),
  reasons: z.strictObject({ leaders: reasonGroup, employers: reasonGroup }),
  cta: callToAction,
});

export type WhoWeAreWords = z.infer<typeof whoWeAreSchema>;
