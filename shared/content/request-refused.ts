/**
 * The small pages a form posted without JavaScript gets when its request was not stored
 * (content/request-refused.yaml): invalid, rate limited, too long, or a failure on our side.
 * They never repeat what the visitor typed: they name the fields by their labels only.
 */
import { z } from "zod";
import { text } from "./fields";

const refusal = (tokens: readonly string[] = []) =>
  z.strictObject({
    title: text({ max: 60 }),
    heading: text({ max: 80 }),
    body: text({ max: 240, tokens }),
  });

export const requestRefusedSchema = z.strictObject({
  /** Shown under every page's text: how to get back to what was typed. */
  back: text({ max: 140 }),
  formLink: text({ max: 40 }),
  /** Followed by the contact address as a mailto link. */
  emailLead: text({ max: 60 }),
  invalid: z.strictObject({
    title: text({ max: 60 }),
    heading: text({ max: 80 }),
    lead: text({ max: 120 }),
    /** For a field the form does not have (a changed page or a program), named by nothing it sent. */
    unknownField: text({ max: 140 }),
  }),
  /** `{wait}` is the wait in words (content/request-invitation.yaml, `waitWords`). */
  rateLimited: refusal(["wait"]),
  tooLarge: refusal(),
  failed: refusal(),
});

export type RequestRefusedWords = z.infer<typeof requestRefusedSchema>;
