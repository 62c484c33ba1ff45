/**
 * The questions page's words (content/questions.yaml): the answers a careful visitor looks for before
 * sending a request. Who the network is for, what happens after a request, who sees a leader's
 * details, why it is free. The request page shows the bar and the steps beside its form
 * (app/pages/request-invitation/_document.astro); the home page and the footer link here.
 */
import { z } from "zod";
import { linkAction, list, text } from "./fields";
import { pageMeta } from "./page";
import { callToAction } from "./sections";

/** One answer, with the anchor other pages link to (`/questions#<id>`). */
const answer = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,40}$/, { error: "Use lowercase letters, digits and hyphens, such as who-qualifies." })
    .meta({ title: "Anchor", description: "The end of the answer's link: /questions#who-qualifies." }),
  question: text({ max: 90, title: "Question" }),
  /** Paragraphs of the answer. */
  answer: list(text({ max: 400, title: "Paragraph" }), { min: 1, max: 3 }).meta({ title: "Answer" }),
});

/** One step of what happens after a request, numbered by its place. */
const step = z.strictObject({
  title: text({ max: 50, title: "Step" }),
  body: text({ max: 220, title: "What happens" }),
});

export const questionsSchema = z.strictObject({
  meta: pageMeta,
  lead: text({ max: 260, title: "Lead under the heading" }),
  /** Who the network is for, in plain words: each side's bar. Also beside the request page's form. */
  bar: z
    .strictObject({
      title: text({ max: 60, title: "Heading" }),
      candidate: text({ max: 300, title: "TA leaders who qualify" }),
      employer: text({ max: 300, title: "Employers who qualify" }),
      candidateLabel: text({ max: 30, title: "Label before the leaders' bar" }),
      employerLabel: text({ max: 30, title: "Label before the employers' bar" }),
    })
    .meta({ title: "Who the network is for" }),
  /** What happens after a request, as numbered steps; `{hours}` is the reply the site promises. Also beside the request page's form. */
  process: z
    .strictObject({
      title: text({ max: 60, title: "Heading" }),
      steps: list(step, { min: 2, max: 5 }),
    })
    .meta({ title: "What happens after a request" }),
  answers: z
    .strictObject({
      title: text({ max: 60, title: "Heading" }),
      items: list(answer, { min: 1, max: 12 }),
    })
    .meta({ title: "Questions and answers" }),
  /** The link to this page from the request page's side panel and the home page. */
  moreLink: linkAction({ max: 40 }).meta({ title: "Link to this page from other pages" }),
  cta: callToAction,
});

export type QuestionsWords = z.infer<typeof questionsSchema>;
