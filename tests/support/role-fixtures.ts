/**
 * Roles the tests publish (docs/decisions/0025-roles-close-on-their-day.md): a copy of content/ with five
 * role files whose dates follow today's, so "closed yesterday" stays closed, "open" stays open and
 * "posted tomorrow" is still to open whenever the tests run.
 * The checkout's own content/roles/ is left as it is (the site ships no role of its own).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's own words, whatever CONTENT_ROOT says (the roles' build sets it to the copy made here). */
const CHECKOUT_CONTENT = fileURLToPath(new URL("../../content", import.meta.url));

const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD`, `days` from `now` (UTC). */
export const dayFrom = (now: number, days: number) => new Date(now + days * DAY_MS).toISOString().slice(0, 10);

export interface RoleFixture {
  slug: string;
  title: string;
  employer: string | null;
  /** Open today; false for the one closed yesterday and the one posted tomorrow. */
  open: boolean;
  /** Posted for tomorrow (docs/decisions/0026-roles-reach-searchers.md): nowhere on the site until then. */
  upcoming?: boolean;
  file: string;
}

const DESCRIPTION = (what: string) =>
  `${what}\n\nYou will report to the executive team and lead a talent acquisition function of **more than 60 recruiters** across three regions.\n\n- Shape the hiring strategy for the next three years\n- Build the team's operating rhythm and its measures\n`;

/** The five roles: open and named, confidential, closed yesterday, named with a pay range on site, posted tomorrow. */
export function roleFixtures(now: number = Date.now()): RoleFixture[] {
  const role = (
    slug: string,
    title: string,
    employer: string | null,
    open: boolean,
    fields: string,
    what: string,
    upcoming = false,
  ) => ({
    slug,
    title,
    employer,
    open,
    ...(upcoming ? { upcoming } : {}),
    file: [
      "---",
      `title: ${title}`,
      ...(employer === null ? [] : [`employer: ${employer}`]),
      fields.trim(),
      `datePosted: "${upcoming ? dayFrom(now, 1) : dayFrom(now, -20)}"`,
      `validThrough: "${open || upcoming ? dayFrom(now, 30) : dayFrom(now, -1)}"`,
      "qualifications:",
      "  - Fifteen years in talent acquisition, five of them leading leaders",
      "  - Built a function through a period of fast growth",
      "responsibilities:",
      "  - Lead the talent acquisition organization and its budget",
      "  - Partner with the executive team on workforce plans",
      "---",
      DESCRIPTION(what),
    ].join("\n"),
  });
  return [
    role(
      "svp-talent-acquisition",
      "SVP, Talent Acquisition",
      "Harbor Financial",
      true,
      "location: Remote, United States",
      "Harbor Financial is looking for its first SVP of Talent Acquisition, a fully remote role open to leaders anywhere in the United States.",
    ),
    role(
      "vp-talent-acquisition-confidential",
      "VP, Talent Acquisition",
      "Confidential",
      true,
      "location: Remote, United States",
      "A Fortune 500 healthcare company is hiring a VP of Talent Acquisition to lead enterprise hiring, fully remote within the United States.",
    ),
    role(
      "director-talent-acquisition",
      "Director of Talent Acquisition",
      "Atlas Retail",
      false,
      "location: Dallas, TX, United States",
      "Atlas Retail was hiring a Director of Talent Acquisition for its headquarters in Dallas; the search is now closed.",
    ),
    role(
      "head-of-global-talent",
      "Head of Global Talent",
      "Northwind Logistics",
      true,
      "location: Chicago, IL, United States\nsalary:\n  min: 260000\n  max: 320000\n  currency: USD",
      "Northwind Logistics is hiring a Head of Global Talent at its Chicago headquarters, leading hiring across twelve countries.",
    ),
    role(
      "chief-talent-officer",
      "Chief Talent Officer",
      "Meridian Health",
      false,
      "location: Remote, United States",
      "Meridian Health is hiring its first Chief Talent Officer to lead talent acquisition and development across the United States.",
      true,
    ),
  ];
}

/** Makes `root`/content: a copy of the site's words with the fixtures in content/roles/. */
export function writeRoleFixtures(root: string, now: number = Date.now()): RoleFixture[] {
  const content = join(root, "content");
  rmSync(content, { recursive: true, force: true });
  cpSync(CHECKOUT_CONTENT, content, { recursive: true });
  const roles = join(content, "roles");
  mkdirSync(roles, { recursive: true });
  const fixtures = roleFixtures(now);
  for (const fixture of fixtures) writeFileSync(join(roles, `${fixture.slug}.md`), fixture.file);
  return fixtures;
}
