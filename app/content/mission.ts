import { requestActions } from "./calls-to-action";
import { pages } from "./pages";
import type { AudiencePanel, CallToActionContent, Feature, PageHeroContent, SectionIntro } from "./types";

export const missionContent = {
  hero: {
    eyebrow: pages.mission.title,
    lead: "Talent acquisition has become a leadership discipline that boards watch closely. Our mission is to connect the people who lead it with the organizations that depend on it: confidentially, carefully and at no cost to either side.",
    // The right leader travelling into the one gold seat of an organization, at the moment a dial marks.
    art: "rightSeat",
  } satisfies PageHeroContent,
  pillars: {
    intro: {
      eyebrow: "What guides us",
      title: "Three commitments behind every introduction",
    } satisfies SectionIntro,
    items: [
      {
        icon: "target",
        title: "Strategic Matching",
        body: "We match on what decides success at executive level: scope, scale, culture and the change an organization needs to make. Never on keywords alone.",
      },
      {
        icon: "exchange",
        title: "Mutual Value Creation",
        body: "An introduction happens only when it serves both sides: a role worthy of the leader's experience, and a leader who can deliver what the organization needs.",
      },
      {
        icon: "award",
        title: "Industry Excellence",
        body: "We hold the network to a high bar and share what we learn, raising the standard of talent acquisition leadership across industries.",
      },
    ] satisfies Feature[],
  },
  dualPurpose: {
    intro: {
      eyebrow: "Dual Purpose",
      title: "One network, built for two audiences",
      lead: "Every part of the network is designed to work for the leader and for the organization at the same time.",
    } satisfies SectionIntro,
    panels: [
      {
        eyebrow: "For TA Leaders",
        title: "A discreet route to executive roles",
        body: "For Heads of Talent, VPs and Chief Talent Officers who want their next move to be deliberate, not accidental.",
        points: [
          "Opportunities matched to your scope and ambitions",
          "Your identity protected until you choose to share it",
          "Career strategy, branding and coaching at no cost",
        ],
        illustration: "planning",
      },
      {
        // The specification's name for this half of Dual Purpose (docs/copy.md).
        eyebrow: "For Organizations",
        title: "Direct access to proven TA leadership",
        body: "For executive teams hiring the person who will shape how they attract, assess and keep talent.",
        points: [
          "Leaders pre-qualified for enterprise scale",
          "A focused shortlist, not a stack of resumes",
          "Search support from brief to offer, free of fees",
        ],
        illustration: "team",
      },
    ] satisfies AudiencePanel[],
  },
  cta: {
    title: "Be part of the network",
    body: "TA leaders request an invitation; employers submit a talent brief. Either way, we reply within 48 hours.",
    primary: requestActions.leaders,
    secondary: requestActions.employers,
  } satisfies CallToActionContent,
} as const;
