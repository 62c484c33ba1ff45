/**
 * The words around the roles (content/open-roles.yaml): the list page's head and hero, a role
 * page's labels and headings, the page a closed role answers with, and the links to the roles
 * from the home page, the footer and the leaders' request page. Each role's own words are its
 * file in content/roles/ (shared/roles/schema.ts).
 */
import { z } from "zod";
import { text } from "./fields";
import { pageMeta } from "./page";
import { EMPLOYMENT_TYPES } from "../roles/schema";

export const openRolesSchema = z.strictObject({
  /** The list page, /roles. */
  meta: pageMeta,
  hero: z.strictObject({
    eyebrow: text({ max: 40 }),
    /** The list's heading while no role is open (the page's heading, `meta.heading`, says they are open now). */
    emptyHeading: text({
      max: 70,
      maxWord: 16,
      title: "Heading while no role is open",
      description: "Instead of the page's heading, which says the roles are open now.",
    }),
    lead: text({ max: 260 }),
  }),
  list: z.strictObject({
    /** The list's name for screen readers. */
    label: text({ max: 40 }),
    /** Shown instead of the list when no role is open. */
    empty: text({ max: 200 }),
    emptyAction: text({ max: 30, maxWord: 16 }),
    /** Under the list: for a leader no role fits yet. */
    noFit: text({ max: 200 }),
    noFitAction: text({ max: 30, maxWord: 16 }),
  }),
  /** The feed of the open roles (/roles/feed.xml), which readers, job boards and automations follow. */
  feed: z
    .strictObject({
      /** The feed's title in a reader. */
      title: text({ max: 80 }),
      /** The link to it, on the list page. */
      label: text({ max: 60 }),
    })
    .meta({
      title: "The feed of open roles",
      description: "Its title in a feed reader, and the link to it under the list's heading.",
    }),
  /** The facts of a role, on its page and its card. */
  facts: z
    .strictObject({
      employer: text({ max: 30 }),
      /** Where the role does not name its employer. */
      confidential: text({ max: 30 }),
      location: text({ max: 30 }),
      /** `{country}` is the role's country. */
      remote: text({ max: 60, requires: ["country"] }),
      type: text({ max: 30 }),
      types: z.strictObject(
        Object.fromEntries(EMPLOYMENT_TYPES.map((type) => [type, text({ max: 30 })])) as Record<
          (typeof EMPLOYMENT_TYPES)[number],
          ReturnType<typeof text>
        >,
      ),
      pay: text({ max: 30 }),
      /** `{range}` is the yearly base pay, e.g. $260,000–$320,000. */
      payRange: text({ max: 60, requires: ["range"] }),
      posted: text({ max: 30 }),
      closes: text({ max: 30 }),
    })
    .meta({ title: "Names of a role's facts", description: "On each role's page and card." }),
  /** A role's page, /roles/<slug>. */
  role: z
    .strictObject({
      eyebrow: text({ max: 30 }),
      backLink: text({ max: 30 }),
      descriptionHeading: text({ max: 60, maxWord: 16 }),
      qualificationsHeading: text({ max: 60, maxWord: 16 }),
      responsibilitiesHeading: text({ max: 60, maxWord: 16 }),
      /** The button to the request page with the role chosen. */
      request: text({ max: 40, maxWord: 16 }),
      requestNote: text({ max: 160 }),
      /** The role page's description in search results: `{title}`, `{employer}`, `{location}`. */
      description: text({
        min: 50,
        max: 170,
        tokens: ["title", "employer", "location"],
        title: "Description in search results",
        description: "{title}, {employer} and {location} are the role's.",
      }),
    })
    .meta({ title: "Every role's page" }),
  /** What a role that has closed answers (410). */
  closed: z
    .strictObject({
      meta: pageMeta,
      body: text({ max: 240 }),
      rolesLink: text({ max: 30, maxWord: 16 }),
      requestLink: text({ max: 30, maxWord: 16 }),
    })
    .meta({ title: "The page of a role that has closed" }),
  /** The links to the roles: the home page's band (with a few of them) while one is open, the footer's always. */
  links: z
    .strictObject({
      home: z.strictObject({
        eyebrow: text({ max: 40 }),
        title: text({ max: 70, maxWord: 16 }),
        lead: text({ max: 220 }),
        action: text({ max: 30, maxWord: 16 }),
      }),
      footer: text({ max: 24 }),
      requestPage: text({ max: 60 }),
    })
    .meta({
      title: "Links to the roles",
      description:
        "On the home page, above a few of the open roles, and on the request page, while a role is open; in the footer always.",
    }),
  /** The request page with a role chosen: "About: <role>", and how to clear it. */
  requestPage: z
    .strictObject({
      about: text({ max: 20 }),
      clear: text({ max: 24 }),
      /** The clear link's full name for screen readers: `{title}` is the role. */
      clearLabel: text({ max: 80, requires: ["title"] }),
    })
    .meta({ title: "The request page, with a role chosen" }),
});

export type OpenRolesWords = z.infer<typeof openRolesSchema>;
