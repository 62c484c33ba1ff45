/**
 * The site's words, one file each under content/ at the repository's root (the table of pages,
 * shared/pages.ts), each with the schema that is the one definition of its shape. Astro's
 * collections (app/content.config.ts), the server's reader (./read.ts) and the editor's forms
 * (app/admin/editor-config.ts) are all made from this table, so the pages, the server and the
 * editor read the same words through the same checks.
 */
import type { z } from "zod";
import { CONTENT_NAMES, PAGES, type ContentName } from "../pages";
import { emailsSchema } from "./emails";
import { homeSchema } from "./home";
import { howWeHelpSchema } from "./how-we-help";
import { missionSchema } from "./mission";
import { openRolesSchema } from "./open-roles";
import { questionsSchema } from "./questions";
import { requestInvitationSchema } from "./request-invitation";
import { requestRefusedSchema } from "./request-refused";
import { siteSchema } from "./site";
import { termsSchema } from "./terms-of-engagement";
import { whoWeAreSchema } from "./who-we-are";

/** Each file's schema: one per file of the table of pages, no more, no less. */
const SCHEMAS = {
  home: homeSchema,
  mission: missionSchema,
  howWeHelp: howWeHelpSchema,
  whoWeAre: whoWeAreSchema,
  requestInvitation: requestInvitationSchema,
  terms: termsSchema,
  questions: questionsSchema,
  openRoles: openRolesSchema,
  site: siteSchema,
  requestRefused: requestRefusedSchema,
  emails: emailsSchema,
} as const satisfies Record<ContentName, z.ZodObject>;

export interface ContentFile<Schema extends z.ZodObject = z.ZodObject> {
  /** Under content/, e.g. `request-invitation.yaml`. */
  file: string;
  schema: Schema;
}

export const CONTENT = Object.fromEntries(
  CONTENT_NAMES.map((name) => [name, { file: PAGES[name].file, schema: SCHEMAS[name] }]),
) as { readonly [Name in ContentName]: ContentFile<(typeof SCHEMAS)[Name]> };

export type Content<Name extends ContentName> = z.infer<(typeof CONTENT)[Name]["schema"]>;

/** A collection's entry id: its file's name without the extension, as Astro's glob() loader names it. */
export function entryId(name: ContentName): string {
  return CONTENT[name].file.replace(/\.[a-z]+$/, "");
}
