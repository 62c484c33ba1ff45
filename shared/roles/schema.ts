/**
 * An open executive role the team publishes: one Markdown file per role in content/roles/
 * (docs/decisions/0025-roles-close-on-their-day.md), its front matter checked here, its body the
 * description. The file's name is the role's slug (`/roles/<slug>`). The role page, the list, the JobPosting record and
 * the server's timetable (shared/roles/timetable.ts) all read these fields.
 */
import { z } from "zod";
import { day, invisibleProblem, list, MARKUP, optional, text } from "../content/fields";
import { roleLinkProblem } from "./description-links";
import { COUNTRIES, parseLocation } from "./location";

const DATE_ERROR = "Write the date as YYYY-MM-DD, for example 2027-01-31.";

const location = z
  .string({ error: "Write where the role is: Remote, United States, or a city, region and country." })
  .check((ctx) => {
    const problem = parseLocation(ctx.value).problem;
    if (problem) ctx.issues.push({ code: "custom", input: ctx.value, message: problem });
  });

const amount = (title: string) =>
  z
    .number({ error: "Write a yearly amount as a number, without commas or a currency sign: 250000." })
    .int({ error: "Write a whole number: 250000." })
    .positive({ error: "Write an amount above zero." })
    .meta({ title });

export const SALARY_CURRENCIES = ["USD", "CAD", "GBP", "EUR"] as const;
export const EMPLOYMENT_TYPES = ["FULL_TIME", "PART_TIME", "CONTRACTOR"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** What the editor's form calls each choice (the names Google reads stay in the file). */
const EMPLOYMENT_TYPE_NAMES: Record<EmploymentType, string> = {
  FULL_TIME: "Full time",
  PART_TIME: "Part time",
  CONTRACTOR: "Contractor",
};
const CURRENCY_NAMES: Record<(typeof SALARY_CURRENCIES)[number], string> = {
  USD: "US dollars (USD)",
  CAD: "Canadian dollars (CAD)",
  GBP: "Pounds sterling (GBP)",
  EUR: "Euros (EUR)",
};

const salary = z
  .strictObject({
    min: amount("Lowest, a year"),
    max: amount("Highest, a year"),
    currency: z
      .enum(SALARY_CURRENCIES, { error: `Choose one of: ${SALARY_CURRENCIES.join(", ")}.` })
      .meta({ title: "Currency", options: CURRENCY_NAMES }),
  })
  .refine((pay) => pay.min <= pay.max, {
    error: "The highest pay is below the lowest: write the lowest first.",
    path: ["max"],
  })
  .meta({
    title: "Yearly base pay",
    description:
      "The base salary for a year, as the employer gives it (never an estimate), in whole numbers without commas. Leave both amounts empty when the employer gives none.",
  });

const blank = (value: unknown) => value === undefined || value === null || value === "";
/** A pay the editor's form left without amounts (its currency chosen, or nothing) is no pay. */
const noAmounts = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  blank((value as { min?: unknown }).min) &&
  blank((value as { max?: unknown }).max)
    ? undefined
    : value;

export const roleSchema = z
  .strictObject({
    /** The role's own title (not the posting's): the page's `<h1>`. */
    title: text({
      max: 80,
      maxWord: 14,
      title: "Role title",
      description: "The page's heading and the posting's title.",
    }),
    /** The hiring organization; absent or "Confidential": not named, on the page or to Google. */
    employer: optional(
      text({
        max: 80,
        title: "Employer",
        description: "The hiring organization's name. Leave it empty, or write Confidential, when it is not named.",
      }),
    ),
    /** `Remote, United States`, or `Chicago, IL, United States`. */
    location: location.meta({
      title: "Location",
      description: `"Remote, <country>" for a fully remote role, or "<city>, <region>, <country>" such as "Chicago, IL, United States". Countries: ${COUNTRIES.map((country) => country.name).join(", ")}.`,
    }),
    employmentType: z
      .enum(EMPLOYMENT_TYPES, {
        error: `Choose one of: ${EMPLOYMENT_TYPES.map((type) => EMPLOYMENT_TYPE_NAMES[type]).join(", ")}.`,
      })
      .meta({
        title: "Employment type",
        description: "Full time unless you choose another.",
        options: EMPLOYMENT_TYPE_NAMES,
      })
      .default("FULL_TIME"),
    /** When the role was first posted: Google shows it; change it only when the role really changes. */
    datePosted: day(DATE_ERROR).meta({
      title: "Posted on",
      description:
        "The day the role was first posted. Google shows it: change it only when the role really changes. A day after today keeps the role off the site until that day (00:00 UTC), when it appears by itself.",
    }),
    /** The last day the role is open: it closes at the end of that day (UTC), and its page then answers 410. */
    validThrough: day(DATE_ERROR).meta({
      title: "Open until",
      description:
        "The role's last day: it closes at the end of this day (23:59 UTC). From the next day its page says it has closed, and it leaves the list.",
    }),
    /** The yearly base pay, as the employer gives it (never an estimate). */
    salary: z.preprocess(noAmounts, salary.optional()),
    qualifications: list(text({ max: 240 }), { max: 12 }).meta({
      title: "Qualifications",
      description: "What the role asks for, one line each (up to 12).",
    }),
    responsibilities: list(text({ max: 240 }), { max: 12 }).meta({
      title: "Responsibilities",
      description: "What the leader will do, one line each (up to 12).",
    }),
  })
  .refine((role) => role.validThrough >= role.datePosted, {
    error: "The role would close before it was posted: choose a day on or after the day it was posted.",
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

/** The description as a schema, for the editor's field (app/admin/editor-config.ts): the same check. */
export const roleBodySchema = z
  .string({ error: "This is required: describe the role under its fields." })
  .check((ctx) => {
    const problem = checkRoleBody(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", input: ctx.value, message: problem });
  });

/**
 * The description: Markdown paragraphs, lists and emphasis, no HTML (the page renders the
 * Markdown), links only where ./description-links.ts allows and no image; long enough to say what the
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
  if (MARKUP.test(text))
    return "Write plain text or Markdown: no HTML tags or entities (the site adds the formatting).";
  return invisibleProblem(text, false) ?? roleLinkProblem(text);
}
