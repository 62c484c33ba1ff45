import { requestActions } from "./calls-to-action";
import { pages } from "./pages";
import type { CallToActionContent, Feature, PageHeroContent, SectionIntro } from "./types";

export interface ReasonGroup {
  id: string;
  intro: SectionIntro;
  reasons: readonly Feature[];
}

// Site facts are tokens here, filled in where the page renders (lib/site-facts.ts).
export const whoWeAreContent = {
  hero: {
    eyebrow: pages.whoWeAre.title,
    lead: "We are an invitation-only network of enterprise talent acquisition leaders and the organizations that hire them, run by people who have sat on both sides of the table.",
    // The network locked inside a shield, with a larger shield, the supporter, standing behind it.
    art: "supportedNetwork",
  } satisfies PageHeroContent,
  supporter: {
    eyebrow: "Supported by",
    name: "{supporterName}",
    url: "{supporterUrl}",
    body: `The network is supported by {supporterName}, a recruitment technology provider to enterprise talent teams. Their backing keeps the network free for leaders and employers alike.`,
    linkLabel: `Visit {supporterName}`,
  },
  foundations: {
    intro: {
      eyebrow: "Our foundations",
      title: "What the network stands on",
    } satisfies SectionIntro,
    tiles: [
      {
        icon: "award",
        title: "Recognized Leader",
        body: `Backed by {supporterName}, an established name in recruitment technology.`,
      },
      {
        icon: "shield",
        title: "Enterprise Security",
        body: "Personal information protected with access controls and encryption, and shared only with consent.",
      },
      {
        icon: "sparkles",
        title: "AI-Powered Matching",
        body: "Technology that weighs scope, scale and agenda, with every match reviewed by experienced people.",
      },
      {
        icon: "globe",
        title: "Global Network",
        body: "TA leaders and employers across industries, regions and time zones.",
      },
    ] satisfies Feature[],
  },
  reasons: [
    {
      id: "why-ta-leaders",
      intro: { eyebrow: "For TA Leaders", title: "Why TA leaders join" },
      reasons: [
        {
          icon: "tag",
          title: "No cost",
          body: "Membership and every service are free to TA leaders, now and later.",
        },
        {
          icon: "lock",
          title: "Complete confidentiality",
          body: "Your name is shared only with your explicit consent, for each opportunity.",
        },
        {
          icon: "gem",
          title: "Quality over quantity",
          body: "Fewer, better introductions: only roles that fit your experience and goals.",
        },
      ],
    },
    {
      id: "why-employers",
      intro: { eyebrow: "For Employers", title: "Why employers work with us" },
      reasons: [
        {
          icon: "building",
          title: "Enterprise-ready leaders",
          body: "Leaders who have built and run talent functions at enterprise scale.",
        },
        {
          icon: "tag",
          title: "No cost",
          body: "No retainers and no placement fees, from the first brief to the signed offer.",
        },
        {
          icon: "network",
          title: "Pre-qualified network",
          body: "Every leader is reviewed before an introduction, so your shortlist starts strong.",
        },
      ],
    },
  ] satisfies ReasonGroup[],
  cta: {
    title: "Start a confidential conversation",
    body: "Request your invitation as a TA leader, or tell us about the leader your organization needs. We reply within 48 hours.",
    primary: requestActions.leaders,
    secondary: requestActions.employers,
  } satisfies CallToActionContent,
} as const;
