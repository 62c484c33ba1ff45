/**
 * The site's words, one file each under content/ at the repository's root, each with the
 * schema that is the one definition of its shape. Astro's collections (app/content.config.ts)
 * and the server's reader (./read.ts) are both made from this table, so the pages and the
 * server read the same words through the same checks.
 */
import type { z } from "zod";
import { emailsSchema } from "./emails";
import { openRolesSchema } from "./open-roles";
import { homeSchema } from "./home";
import { howWeHelpSchema } from "./how-we-help";
import { missionSchema } from "./mission";
import { termsSchema } from "./terms-of-engagement";
import { whoWeAreSchema } from "./who-we-are";
import { requestInvitationSchema } from "./request-invitation";
import { requestRefusedSchema } from "./request-refused";
import { siteSchema } from "./site";

export interface ContentFile<Schema extends z.ZodType = z.ZodType> {
  /** Under content/, e.g. `request-invitation.yaml`. */
  file: string;
  schema: Schema;
}

export const CONTENT = {
  site: { file: "site.yaml", schema: siteSchema },
  home: { file: "home.yaml", schema: homeSchema },
  mission: { file: "mission.yaml", schema: missionSchema },
  howWeHelp: { file: "how-we-help.yaml", schema: howWeHelpSchema },
  whoWeAre: { file: "who-we-are.yaml", schema: whoWeAreSchema },
  terms: { file: "terms-of-engagement.yaml", schema: termsSchema },
  requestInvitation: { file: "request-invitation.yaml", schema: requestInvitationSchema },
  requestRefused: { file: "request-refused.yaml", schema: requestRefusedSchema },
  emails: { file: "emails.yaml", schema: emailsSchema },
  openRoles: { file: "open-roles.yaml", schema: openRolesSchema },
} as const satisfies Record<string, ContentFile>;

export type ContentName = keyof typeof CONTENT;
export type Content<Name extends ContentName> = z.infer<(typeof CONTENT)[Name]["schema"]>;

/** A collection's entry id: its file's name without the extension, as Astro's glob() loader names it. */
export function entryId(name: ContentName): string {
  return CONTENT[name].file.replace(/\.[a-z]+$/, "");
}
