/**
 * How We Help's words (content/how-we-help.yaml): the badges and the twelve services keep the
 * specification's names (docs/copy.md).
 */
import { z } from "zod";
import { fixed, text } from "./fields";
import { pageMeta } from "./page";
import { callToAction, feature, named, pageHero, sectionIntro } from "./sections";

/** A badge with a tooltip: the specification's name, and one sentence shown in its tooltip. */
const badge = <const Label extends string>(label: Label) =>
  z.strictObject({ icon: feature.shape.icon, label: fixed(label), tooltip: text({ max: 120 }) });

export const howWeHelpSchema = z.strictObject({
  meta: pageMeta,
  /** The page's Service record for search engines (schema.org): its name and kind; the description is `meta`'s. */
  service: z.strictObject({ name: text({ max: 80 }), serviceType: text({ max: 80 }) }),
  hero: pageHero,
  badgesLabel: text({ max: 40 }),
  badges: z.tuple([badge("Free Service"), badge("Industry-Leading Tech"), badge("Strong Network")]),
  /** The six services for TA leaders (home's What We Deliver lists them too). */
  leaders: z.strictObject({
    intro: sectionIntro,
    services: z.tuple([
      named("Executive Search & Placement"),
      named("Executive Career Strategy"),
      named("Executive Resume Development"),
      named("LinkedIn Executive Branding"),
      named("Executive Interview Coaching"),
      named("Strategic Career Planning"),
    ]),
  }),
  /** The six services for employers (the specification's services for organizations). */
  organizations: z.strictObject({
    intro: sectionIntro,
    services: z.tuple([
      named("Executive TA Leadership Search"),
      named("Executive Talent Sourcing"),
      named("Leadership Assessment"),
      named("Market Intelligence"),
      named("Search Process Management"),
      named("Strategic Talent Consulting"),
    ]),
  }),
  cta: callToAction,
});

export type HowWeHelpWords = z.infer<typeof howWeHelpSchema>;
