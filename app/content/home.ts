import { audienceActions, requestActions } from "./calls-to-action";
import { leaderServices, organizationServices } from "./how-we-help";
import { pages } from "./pages";
import type { AudiencePanel, CallToActionContent, Feature, LinkAction, SectionIntro } from "./types";

export interface HomeHeroContent {
  eyebrow: string;
  title: string;
  pitch: string;
  leaders: LinkAction;
  employers: LinkAction;
  /** Followed by the supporter's name, linked (from site config). */
  supportedBy: string;
  trustPointsLabel: string;
  trustPoints: readonly Feature[];
}

/** The desktop hero's picture of a confidential introduction, described in one label for screen readers. */
export interface IntroductionPreview {
  label: string;
  heading: string;
  status: string;
  parties: readonly { role: string; title: string; detail: string }[];
  criteriaHeading: string;
  criteria: readonly string[];
  footnote: string;
}

export interface ServicesOverview {
  intro: SectionIntro;
  columns: readonly { title: string; items: readonly string[] }[];
  more: LinkAction;
}

export const homeContent = {
  description: pages.home.description,
  hero: {
    eyebrow: "Invitation only · Free for both sides",
    title: pages.home.heading,
    pitch:
      "We connect proven talent acquisition leaders with executive roles, and employers with the leaders who can build their talent function. Confidential by design, and free for both sides.",
    leaders: audienceActions.leaders,
    employers: audienceActions.employers,
    supportedBy: "Supported by",
    trustPointsLabel: "Who the network brings together",
    trustPoints: [
      {
        icon: "building",
        title: "Enterprise Leaders",
        body: "TA leaders who have run hiring for organizations of thousands.",
      },
      {
        icon: "globe",
        title: "Global Expertise",
        body: "Experience across regions, markets and regulatory regimes.",
      },
      {
        icon: "trending",
        title: "Change-Drivers",
        body: "Leaders who modernize how companies attract and keep talent.",
      },
    ],
  } satisfies HomeHeroContent,
  preview: {
    label:
      "Example of a confidential introduction: a VP of Talent Acquisition and an enterprise employer, matched on scale of hiring, transformation agenda and leadership style, with identities shared only with consent.",
    heading: "Confidential introduction",
    status: "Mutual interest",
    parties: [
      { role: "TA Leader", title: "VP, Talent Acquisition", detail: "15 years · Global SaaS · 3 regions" },
      { role: "Employer", title: "Enterprise organization", detail: "Financial services · 12,000 people" },
    ],
    criteriaHeading: "Matched on",
    criteria: ["Scale of hiring", "Transformation agenda", "Leadership style"],
    footnote: "Identities shared only with consent",
  } satisfies IntroductionPreview,
  claims: {
    label: "Why leaders and employers trust the network",
    items: [
      {
        icon: "lock",
        title: "Complete confidentiality",
        body: "Your identity is shared only with your consent, one opportunity at a time.",
      },
      {
        icon: "tag",
        title: "No fees, ever",
        body: "Free for TA leaders and for employers: no retainers, no placement fees.",
      },
      {
        icon: "sparkles",
        title: "AI-powered matching",
        body: "Technology surfaces fit on scope, scale and agenda; experienced people decide.",
      },
      {
        icon: "shield",
        title: "Enterprise security",
        body: "Information handled to the standard enterprise security teams expect.",
      },
      {
        icon: "network",
        title: "Pre-qualified global network",
        body: "Every leader is reviewed before any introduction is made.",
      },
    ] satisfies Feature[],
  },
  mission: {
    intro: {
      eyebrow: "Our Mission",
      title: "Two sides of the same conversation",
      lead: "Great talent functions are built by great TA leaders. We exist to bring the two together, with care for both sides.",
    } satisfies SectionIntro,
    panels: [
      {
        eyebrow: "For TA Leaders",
        title: "Your next executive role, found discreetly",
        body: "Opportunities at Head of, VP and Chief level, matched to your experience and ambitions, with your name protected until you choose to share it.",
        points: ["Roles matched to your scope", "Coaching and career strategy", "No cost, now or later"],
        action: requestActions.leaders,
        illustration: "planning",
      },
      {
        eyebrow: "For Employers",
        title: "Proven leadership for your talent function",
        body: "Direct access to TA leaders who have already built hiring at enterprise scale, presented as a focused shortlist rather than a stack of resumes.",
        points: ["Pre-qualified enterprise leaders", "Assessment and market insight", "No retainers or placement fees"],
        action: requestActions.employers,
        illustration: "team",
      },
    ] satisfies AudiencePanel[],
    more: { label: "Read our mission", href: pages.mission.path } satisfies LinkAction,
  },
  services: {
    intro: {
      eyebrow: "What We Deliver",
      title: "Executive services for both sides of the hire",
      lead: "Twelve services, each delivered by people who know talent acquisition from the inside, and all of them free.",
    },
    columns: [
      { title: "For TA Leaders", items: leaderServices.services.map((service) => service.title) },
      // The specification's "services for organizations" (docs/copy.md).
      { title: "For Organizations", items: organizationServices.services.map((service) => service.title) },
    ],
    more: { label: "See how we help", href: pages.howWeHelp.path },
  } satisfies ServicesOverview,
  cta: {
    title: "Ready for the right introduction?",
    body: "Request your invitation as a TA leader, or brief us on the leader your organization needs. We reply within 48 hours.",
    primary: requestActions.leaders,
    secondary: requestActions.employers,
  } satisfies CallToActionContent,
} as const;
