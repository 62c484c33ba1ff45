/**
 * People and proof for the tests (content/who-we-are.yaml's `people`, `quotes` and the supporter's logo): the
 * site ships none until the team adds them, so the tests draw the sections that show them from these.
 */
import type { WhoWeAreWords } from "#shared/content/who-we-are.ts";

export const PROOF_PEOPLE: WhoWeAreWords["people"]["members"] = [
  {
    name: "Dana Reyes",
    title: "Head of Network, former VP Talent Acquisition",
    photo: "/media/fixture-person.png",
    profile: "https://www.linkedin.com/in/dana-reyes-fixture",
  },
  { name: "Sam Okafor", title: "Search Lead, executive TA searches" },
];

export const PROOF_QUOTES: WhoWeAreWords["quotes"]["items"] = [
  {
    text: "They read my request themselves and came back with one role, the right one, within two days.",
    name: "Jordan Lee",
    role: "VP Talent Acquisition, a global software company",
  },
];

export const PROOF_LOGO = "/media/fixture-supporter.png";

/** Who We Are's words with the fixtures' people, quotes and logo. */
export function withProof(words: WhoWeAreWords): WhoWeAreWords {
  return {
    ...words,
    supporter: { ...words.supporter, logo: PROOF_LOGO },
    people: { ...words.people, members: PROOF_PEOPLE },
    quotes: { ...words.quotes, items: PROOF_QUOTES },
  };
}
