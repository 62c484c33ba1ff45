import { pages } from "./pages";

/** Text with optional inline links: strings are plain text, objects are links. */
export type RichText = readonly (string | { label: string; href: string })[];

/** A paragraph, or a bulleted list of items. */
export type TermsBlock = RichText | { list: readonly RichText[] };

export interface TermsSection {
  /** The anchor of the section, linked from the table of contents. */
  id: string;
  title: string;
  blocks: readonly TermsBlock[];
}

// Site facts are tokens here, filled in where the page renders (lib/site-facts.ts).
const privacyEmail = { label: "{contactEmail}", href: "mailto:{contactEmail}" };
const network = "The {siteName}";

export const termsContent = {
  title: pages.terms.heading,
  /** When the terms last changed, as YYYY-MM-DD: the page shows it in words (lib/dates.ts). Change it with the terms. */
  lastUpdated: { label: "Last updated", date: "2025-06-01" },
  intro: `These terms describe how ${network} ("the network", "we") works with talent acquisition leaders and with employers. By requesting an invitation or submitting a talent brief, you agree to them.`,
  tocLabel: "Contents",
  sections: [
    {
      id: "free-service",
      title: "A free service, with no obligation",
      blocks: [
        [
          "The network is free for TA leaders and for employers. We charge no membership fees, retainers or placement fees, and you will not be asked for payment at any stage.",
        ],
        [
          "Taking part creates no obligation. You may decline any introduction, opportunity or candidate, and you may stop taking part at any time.",
        ],
      ],
    },
    {
      id: "confidentiality",
      title: "Mutual confidentiality",
      blocks: [
        [
          "Confidentiality runs both ways. We will not disclose a TA leader's identity to any organization without that leader's explicit consent, given separately for each opportunity.",
        ],
        [
          "Organizations' talent briefs, and anything an organization shares about a search, are treated as confidential and shared only with the leaders being considered for that role.",
        ],
        [
          "Everyone who takes part agrees to keep confidential what they learn about other participants through the network, and to use it only for the opportunity it was shared for.",
        ],
      ],
    },
    {
      id: "no-guarantee",
      title: "No guarantee of placement",
      blocks: [
        [
          "We work to make strong, relevant introductions, but we cannot guarantee that a TA leader will be offered or accept a role, or that an organization will make a hire.",
        ],
      ],
    },
    {
      id: "advisory-role",
      title: "Our advisory role",
      blocks: [
        [
          "Our role is advisory only. We advise, introduce and support; we are not an employer, agent or party to any employment agreement, and every hiring or career decision remains with the leader and the organization concerned.",
        ],
        [
          "Guidance we give on careers, compensation or the market is offered in good faith as general advice, not as legal, financial or tax advice.",
        ],
      ],
    },
    {
      id: "technology-and-ai",
      title: "Technology and AI tools",
      blocks: [
        [
          "We may use third-party AI tools to help match leaders with opportunities and to prepare materials. Their use is optional: you may ask us not to use them for your information, and we will work without them.",
        ],
        [
          "Some of these providers process data in other countries, so your information may be transferred and processed outside the country where you live. Where that happens, we use providers bound by contractual safeguards for personal data.",
        ],
      ],
    },
    {
      id: "your-data",
      title: "Your data and your rights",
      blocks: [
        ["We hold only the information needed to provide the service. You have the right to:"],
        {
          list: [
            ["access the personal information we hold about you;"],
            ["correct information that is inaccurate or incomplete;"],
            ["ask us to delete your information;"],
            ["restrict how we process your information;"],
            ["withdraw consent you have given, at any time, without affecting what was done before."],
          ],
        },
        [
          "To exercise any of these rights, or to make any other privacy request, email ",
          privacyEmail,
          ". We will respond within the time required by applicable law.",
        ],
      ],
    },
    {
      id: "termination",
      title: "Termination",
      blocks: [
        [
          "Either side may terminate the engagement at any time, for any reason, by written notice to the other. Email counts as written notice; TA leaders and employers may send notice of termination to ",
          privacyEmail,
          ".",
        ],
        ["On termination, we stop making introductions on your behalf and handle your information as described above."],
      ],
    },
    {
      id: "governing-law",
      title: "Governing law",
      blocks: [
        [
          "These terms are governed by the laws of the State of California, United States, without regard to its conflict-of-law rules.",
        ],
      ],
    },
    {
      id: "changes-and-contact",
      title: "Changes and contact",
      blocks: [
        [
          "We may update these terms from time to time; the date at the top of this page shows the latest version. Questions about these terms are welcome at ",
          privacyEmail,
          ".",
        ],
      ],
    },
  ] satisfies TermsSection[],
} as const;
