/**
 * An open executive role the team publishes: one Markdown file per role in content/roles/
 * (docs/decisions/0025-roles-close-on-their-day.md), its front matter checked here, its body the
 * description. The file's name is the role's slug (`/roles/<slug>`). The role page, the list, the JobPosting record and
 * the server's timetable (shared/roles.ts) all read these fields.
 */
import { z } from "zod";
import { list, MARKUP, text } from "./fields";
import { roleLinkProblem } from "./role-links";
import { COUNTRIES, parseLocation } from "../roles";

const isoDate = z.iso.date({ error: "Write the date as YYYY-MM-DD, for example 2027-01-31." });

const location = z.string({ error: "Write where the role is: Remote, United States, or a city, region and country." }).check((ctx) => {
  const problem = parseLocation(ctx.value).problem;
  if (problem) ctx.issues.push({ code: "custom", input: ctx.value, message: problem });
});

const amount = z
  .number({ error: "Write a yearly amount as a number, without commas or a currency sign: 250000." })
  .int({ error: "Write a whole number: 250000." })
  .positive({ error: "Write an amount above zero." });

export const SALARY_CURRENCIES = ["USD", "CAD", "GBP", "EUR"] as const;
export const EMPLOYMENT_TYPES = ["FULL_TIME", "PART_TIME", "CONTRACTOR"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const roleSchema = z
  .strictObject({
    /** The role's own title (not the posting's): the page's `<h1>`. */
    title: text({ max: 80, maxWord: 14 }),
    /** The hiring organization; absent or "Confidential": not named, on the page or to Google. */
    employer: text({ max: 80 }).optional(),
    /** `Remote, United States`, or `Chicago, IL, United States`. */
    location: location.meta({
      title: "Location",
      description: `"Remote, <country>" for a fully remote role, or "<city>, <region>, <country>". Countries: ${COUNTRIES.map((country) => country.name).join(", ")}.`,
    }),
    employmentType: z
      .enum(EMPLOYMENT_TYPES, { error: `Choose one of: ${EMPLOYMENT_TYPES.join(", ")}.` })
      .default("FULL_TIME"),
    /** When the role was first posted: Google shows it; change it only when the role really changes. */
    datePosted: isoDate,
    /** The last day the role is open: it closes at the end of that day (UTC), and its page then answers 410. */
    validThrough: isoDate,
    /** The yearly base pay, as the employer gives it (never an estimate). */
    salary: z
      .strictObject({
        min: amount,
        max: amount,
        currency: z.enum(SALARY_CURRENCIES, { error: `Choose one of: ${SALARY_CURRENCIES.join(", ")}.` }),
      })
      .refine((salary) => salary.min <= salary.max, { error: "The minimum is above the maximum.", path: ["max"] })
      .optional(),
    qualifications: list(text({ max: 240 }), { max: 12 }),
    responsibilities: list(text({ max: 240 }), { max: 12 }),
  })
  .refine((role) => role.validThrough >= role.datePosted, {
    error: "The role closes before it was posted: validThrough must be on or after datePosted.",
    path: ["validThrough"],
  });

export type RoleFields = z.infer<typeof roleSchema>;

/** A role as read from its file: the front matter, the slug (its file's name) and the description. */
export interface Role extends RoleFields {
  slug: string;
  /** The description, Markdown. */
  body: string;
}

/** The employer as the page and the record name it: null when the role does not name one. */
export function namedEmployer(role: Pick<RoleFields, "employer">): string | null {
  const name = role.employer?.trim();
  return name && name.toLowerCase() !== "confidential" ? name : null;
}

/** The folder of the roles, under content/. */
export const ROLES_FOLDER = "roles";

/** A description shorter than this says too little for a role page (and for Google). */
export const DESCRIPTION_MIN_LENGTH = 80;
const DESCRIPTION_MAX_LENGTH = 6000;

/**
 * The description: Markdown paragraphs, lists and emphasis, no HTML (the page renders the
 * Markdown), links only where role-links.ts allows and no image; long enough to say what the
 * role is. A problem in an editor's words, or null.
 */
export function checkRoleBody(body: string): string | null {
  const text = body.trim();
  if (text.length === 0) return "This is required: describe the role under its fields.";
  if (text.length < DESCRIPTION_MIN_LENGTH) {
    return `Describe the role in at least ${DESCRIPTION_MIN_LENGTH} characters (this has ${text.length}).`;
  }
  if (text.length > DESCRIPTION_MAX_LENGTH) {
    return `Use at most ${DESCRIPTION_MAX_LENGTH} characters (this has ${text.length}).`;
  }
  if (MARKUP.test(text)) return "Write plain text or Markdown: no HTML tags or entities (the site adds the formatting).";
  return roleLinkProblem(text);
}
