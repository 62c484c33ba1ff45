/**
 * The Terms of Engagement's words (content/terms-of-engagement.yaml): the date they last changed,
 * the contents, and each section's paragraphs and lists.
 */
import { z } from "zod";
import { day, list, text } from "./fields";
import { pageMeta } from "./page";

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

export type TermsWords = z.infer<typeof termsSchema>;
