/**
 * A role's facts as the page, its card and its JobPosting say them: the same words in each, so
 * what Google reads is what a visitor sees (Google's job-posting guidelines).
 */
import type { OpenRolesWords } from "#shared/content/open-roles.ts";
import { namedEmployer, type RoleFields } from "#shared/roles/schema.ts";
import { locationText } from "#shared/roles/location.ts";
import { longDate } from "#app/lib/dates.ts";
import { fill } from "#shared/text.ts";

type FactWords = OpenRolesWords["facts"];

/** The yearly base pay as a range in its currency, without cents: `$260,000–$320,000`. */
export function payRange({ min, max, currency }: NonNullable<RoleFields["salary"]>): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 });
  return min === max ? format.format(min) : `${format.format(min)}–${format.format(max)}`;
}

export interface RoleFact {
  label: string;
  value: string;
  /** A date's machine-readable form, for `<time>`. */
  dateTime?: string;
}

/**
 * The employer (or Confidential) unless left out, where, what kind, the pay when given, when it
 * was posted if asked, and when it closes.
 */
export function roleFacts(role: RoleFields, words: FactWords, { posted = false, employer = true } = {}): RoleFact[] {
  return [
    ...(employer ? [{ label: words.employer, value: namedEmployer(role) ?? words.confidential }] : []),
    { label: words.location, value: locationText(role.location, words) },
    { label: words.type, value: words.types[role.employmentType] },
    ...(role.salary ? [{ label: words.pay, value: fill(words.payRange, { range: payRange(role.salary) }) }] : []),
    ...(posted ? [{ label: words.posted, value: longDate(role.datePosted), dateTime: role.datePosted }] : []),
    { label: words.closes, value: longDate(role.validThrough), dateTime: role.validThrough },
  ];
}
