/**
 * Where a role is, as an editor writes it (`Remote, United States`, `Chicago, IL, United States`),
 * as Google reads it (a country code, a locality and region: app/lib/structured-data.ts), and as a
 * page says it.
 */
import type { OpenRolesWords } from "../content/open-roles";
import { fill } from "../text";

/** The countries a role may be in, by the name an editor writes and the ISO 3166 code Google reads. */
export const COUNTRIES = [
  { name: "United States", code: "US" },
  { name: "Canada", code: "CA" },
  { name: "United Kingdom", code: "GB" },
  { name: "Ireland", code: "IE" },
  { name: "Germany", code: "DE" },
  { name: "France", code: "FR" },
  { name: "Netherlands", code: "NL" },
  { name: "Australia", code: "AU" },
  { name: "Singapore", code: "SG" },
  { name: "India", code: "IN" },
  { name: "Mexico", code: "MX" },
] as const;

export type RoleLocation =
  | { kind: "remote"; country: { name: string; code: string } }
  | { kind: "onsite"; locality: string; region: string; country: { name: string; code: string } };

const countryNamed = (name: string) => COUNTRIES.find((country) => country.name.toLowerCase() === name.toLowerCase());

/**
 * `Remote, United States` is a fully remote role open to people in that country; `Chicago, IL,
 * United States` is a role in that place. Anything else is a problem, in an editor's words.
 */
export function parseLocation(value: string): { location: RoleLocation; problem?: never } | { problem: string } {
  const parts = value.split(",").map((part) => part.trim());
  const country = countryNamed(parts.at(-1) ?? "");
  if (!country) {
    return {
      problem: `End the location with one of the countries: ${COUNTRIES.map((known) => known.name).join(", ")}.`,
    };
  }
  if (parts.length === 2 && parts[0]!.toLowerCase() === "remote") return { location: { kind: "remote", country } };
  if (parts.length === 3 && parts[0] && parts[1]) {
    return { location: { kind: "onsite", locality: parts[0], region: parts[1], country } };
  }
  return {
    problem: `Write "Remote, ${country.name}" for a fully remote role, or "<city>, <region>, ${country.name}", e.g. "Chicago, IL, ${country.name}".`,
  };
}

/** `Remote (United States)` or `Chicago, IL, United States`: how a page says where a role is. */
export function locationText(location: string, words: Pick<OpenRolesWords["facts"], "remote">): string {
  const parsed = parseLocation(location);
  if ("problem" in parsed) return location;
  const where = parsed.location;
  return where.kind === "remote"
    ? fill(words.remote, { country: where.country.name })
    : `${where.locality}, ${where.region}, ${where.country.name}`;
}
