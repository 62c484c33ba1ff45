/**
 * Who We Are's words (content/who-we-are.yaml): the supporter, the four foundations (the
 * specification's names, docs/copy.md) and each audience's reasons.
 */
import { z } from "zod";
import { exactly, link, list, optional, text } from "./fields";
import { MEDIA_PATH } from "../media-folder";
import { pageMeta } from "./page";
import { callToAction, feature, named, pageHero, sectionIntro } from "./sections";

/** An image of the editor's library (MEDIA_FOLDER, shared/media-folder.ts), by its path on the site: the site's own, so the page's policy lets it load. */
export const libraryImage = z
  .string({ error: "Write the image's path here." })
  .regex(new RegExp(`^${MEDIA_PATH}/[A-Za-z0-9][A-Za-z0-9._/-]*\\.(avif|webp|jpe?g|png|svg)$`), {
    error: `Give an image of the library, such as ${MEDIA_PATH}/dana-reyes.jpg.`,
  })
  .meta({ title: "Image", description: `An image of the library, by its path, such as ${MEDIA_PATH}/dana-reyes.jpg.` });

/** Someone who reviews requests or leads searches: the page shows them only when there are any. */
const person = z.strictObject({
  name: text({ max: 60, title: "Name" }),
  title: text({ max: 80, title: "Title" }),
  photo: optional(libraryImage.meta({ title: "Photo", description: `Square, at least 320 px, such as ${MEDIA_PATH}/dana-reyes.jpg.` })),
  profile: optional(link.meta({ title: "Profile link", description: "Their LinkedIn profile, an address starting https://." })),
});

/** What someone said of the network, with who said it. */
const quote = z.strictObject({
  text: text({ max: 320, title: "Quote" }),
  name: text({ max: 60, title: "Who said it" }),
  role: text({ max: 80, title: "Their title and company" }),
});

const reasonGroup = z.strictObject({ intro: sectionIntro, reasons: exactly(feature, 3) });

export const whoWeAreSchema = z.strictObject({
  meta: pageMeta,
  hero: pageHero,
  supporter: z.strictObject({
    eyebrow: text({ max: 30 }),
    body: text({ max: 260 }),
    linkLabel: text({ max: 40 }),
    /** The supporter's own logo, in place of its initial. */
    logo: optional(libraryImage.meta({ title: "Logo", description: `The supporter's logo, such as ${MEDIA_PATH}/supporter.svg.` })),
  }),
  /** The people who review requests and lead searches; the section shows only when there is someone in it. */
  people: z
    .strictObject({ intro: sectionIntro, members: list(person, { min: 0, max: 12 }) })
    .meta({ title: "Our people", description: "Shown only once someone is added." }),
  /** What members and employers say; the section shows only when there is a quote in it. */
  quotes: z
    .strictObject({ intro: sectionIntro, items: list(quote, { min: 0, max: 6 }) })
    .meta({ title: "Quotes", description: "Shown only once a quote is added." }),
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

export type Person = z.infer<typeof person>;
export type Quote = z.infer<typeof quote>;
export type WhoWeAreWords = z.infer<typeof whoWeAreSchema>;
