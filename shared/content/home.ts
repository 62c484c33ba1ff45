/**
 * The home page's words (content/home.yaml): its head (`meta`), the opening with its trust points and
 * the picture of an introduction, the network's promises, the mission and services in brief, the
 * closing call to action. The names the specification gives keep its words (docs/copy.md).
 */
import { z } from "zod";
import { exactly, fixed, linkAction, list, text } from "./fields";
import { pageMeta } from "./page";
import { audiencePanel, callToAction, feature, named, sectionIntro } from "./sections";

export const homeSchema = z.strictObject({
  meta: pageMeta,
  hero: z.strictObject({
    eyebrow: text({ max: 50 }),
    pitch: text({ max: 260 }),
    /** Followed by the supporter's name, linked. */
    supportedBy: text({ max: 20 }),
    trustPointsLabel: text({ max: 60 }),
    trustPoints: z.tuple([named("Enterprise Leaders"), named("Global Expertise"), named("Change-Drivers")]),
  }),
  /** The desktop hero's picture of a confidential introduction, described in one label for screen readers. */
  preview: z
    .strictObject({
      label: text({ max: 260 }),
      heading: text({ max: 40 }),
      status: text({ max: 30 }),
      parties: exactly(
        z.strictObject({ role: text({ max: 20 }), title: text({ max: 40 }), detail: text({ max: 60 }) }),
        2,
      ),
      criteriaHeading: text({ max: 30 }),
      criteria: list(text({ max: 30 }), { min: 2, max: 4 }),
      footnote: text({ max: 60 }),
    })
    .meta({
      title: "Picture of an introduction",
      description: "Beside the opening on wide screens; its label is what screen readers read of it.",
    }),
  claims: z
    .strictObject({ label: text({ max: 80 }), items: exactly(feature, 5) })
    .meta({ title: "What the network promises" }),
  mission: z.strictObject({
    intro: sectionIntro,
    panels: z.strictObject({ leaders: audiencePanel, employers: audiencePanel }),
    more: linkAction({ max: 30 }),
  }),
  /** What We Deliver: the twelve services of How We Help (content/how-we-help.yaml), by title, in two columns. */
  services: z.strictObject({
    intro: sectionIntro,
    columns: z
      .strictObject({ leaders: text({ max: 30 }), organizations: fixed("For Organizations") })
      .meta({ title: "Column headings" }),
    more: linkAction({ max: 30 }),
  }),
  /** The questions a visitor asks before a request (content/questions.yaml), by question, linked to their answers. */
  questions: z.strictObject({ intro: sectionIntro, more: linkAction({ max: 30 }) }).meta({ title: "Questions" }),
  cta: callToAction,
});

export type HomeWords = z.infer<typeof homeSchema>;
