/**
 * The content pages' words, one file each (content/home.yaml, mission.yaml, how-we-help.yaml,
 * who-we-are.yaml, terms-of-engagement.yaml): each page's head (`meta`) and its sections. The
 * names the specification gives (the pillars, badges, tiles, trust points, services and
 * Dual Purpose's halves) keep its words (docs/copy.md).
 */
import { z } from "zod";
import { day, exactly, fixed, linkAction, list, text } from "./fields";
import { pageMeta } from "./page";
import { audiencePanel, callToAction, feature, pageHero, sectionIntro } from "./sections";

/** A feature whose title the specification names. */
const named = <const Title extends string>(title: Title) => feature.extend({ title: fixed(title) });

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
  cta: callToAction,
});

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

/** A paragraph, or a bulleted list. `{contactEmail}` in either becomes a link to write to it. */
const termsBlock = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("paragraph"), text: text({ max: 800 }) }),
  z.strictObject({ type: z.literal("list"), items: list(text({ max: 400 }), { max: 12 }) }),
]);

export const termsSchema = z.strictObject({
  meta: pageMeta,
  /** When the terms last changed (YYYY-MM-DD): change it with the terms. The page shows it in words. */
  lastUpdated: day("Write the date the terms last changed as YYYY-MM-DD.").meta({
    title: "Last changed on",
    description: "The day the terms last changed: change it with the terms. The page shows it in words.",
  }),
  lastUpdatedLabel: text({ max: 30 }),
  intro: text({ max: 600, title: "Introduction" }),
  tocLabel: text({ max: 30, title: "Heading of the contents" }),
  sections: list(
    z.strictObject({
      /** The section's anchor (`/terms-of-engagement#free-service`): lowercase words joined by dashes. */
      id: z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Write the anchor as lowercase words joined by dashes.")
        .meta({
          title: "Anchor",
          description: "The section's own address after #, such as free-service: lowercase words joined by dashes.",
        }),
      title: text({ max: 80 }),
      blocks: list(termsBlock, { max: 10 }),
    }),
    { max: 20 },
  ),
});

export type HomeWords = z.infer<typeof homeSchema>;
export type MissionWords = z.infer<typeof missionSchema>;
export type HowWeHelpWords = z.infer<typeof howWeHelpSchema>;
export type WhoWeAreWords = z.infer<typeof whoWeAreSchema>;
export type TermsWords = z.infer<typeof termsSchema>;
