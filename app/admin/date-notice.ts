/**
 * What the live site will do with a role's day, said beside the day in the editor: a role posted
 * for a day ahead is nowhere on the site until that day, and one whose last day has passed is
 * closed (shared/roles/timetable.ts). The site under `npm run edit` shows the roles as the live
 * site does now (app/features/roles/built-roles.ts); this says what it will do next.
 */
import { ROLES_COLLECTION } from "./entry-checks";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

export interface DateNotice {
  /** A day that needs a second look (a role already closed), or one that is as meant (a role posted ahead). */
  tone: "warning" | "note";
  text: string;
}

/** The notice beside the day `value` of the field `field` of `collection`, `today` in UTC; none when there is nothing to say. */
export function dateNotice(collection: string, field: string, value: unknown, today: string): DateNotice | null {
  if (collection !== ROLES_COLLECTION || typeof value !== "string" || !DAY.test(value)) return null;
  if (field === "datePosted" && value > today) {
    return {
      tone: "note",
      text: `A day ahead: the live site shows this role from ${longDate(value)} (00:00 UTC), and nowhere before. This preview of the site shows it from that day too.`,
    };
  }
  if (field === "validThrough" && value < today) {
    return {
      tone: "warning",
      text: `This day has passed: the role is closed. On the live site its page says so, and it is in no list. Choose a day from today on to open it again.`,
    };
  }
  return null;
}
