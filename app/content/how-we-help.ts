import { requestActions } from "./calls-to-action";
import { pages } from "./pages";
import type { CallToActionContent, Feature, IconName, PageHeroContent, SectionIntro } from "./types";

export interface BadgeWithTooltip {
  icon: IconName;
  label: string;
  /** One sentence, shown in the badge's tooltip. */
  tooltip: string;
}

export interface ServiceGroup {
  id: string;
  intro: SectionIntro;
  services: readonly Feature[];
}

/** The six services for TA leaders (docs/product.md#the-product). Home's What We Deliver section lists them too. */
export const leaderServices: ServiceGroup = {
  id: "for-ta-leaders",
  intro: {
    eyebrow: "For TA Leaders",
    title: "Services for TA leaders",
    lead: "Support for every stage of an executive move, whether you are looking now or planning ahead.",
  },
  services: [
    {
      icon: "search",
      title: "Executive Search & Placement",
      body: "Confidential introductions to Head of, VP and Chief talent roles that match your scope and ambitions.",
    },
    {
      icon: "compass",
      title: "Executive Career Strategy",
      body: "A clear view of where your experience is most valued, and of the moves that will take you there.",
    },
    {
      icon: "document",
      title: "Executive Resume Development",
      body: "A resume that reads at board level: outcomes, scale and transformation rather than a list of duties.",
    },
    {
      icon: "user-badge",
      title: "LinkedIn Executive Branding",
      body: "A professional profile that presents you as the enterprise TA leader you are, to the people who hire one.",
    },
    {
      icon: "chat",
      title: "Executive Interview Coaching",
      body: "Preparation for executive panels, CEO conversations and the business-case questions that decide offers.",
    },
    {
      icon: "route",
      title: "Strategic Career Planning",
      body: "A long-range plan for your next two moves, built around the kind of leadership you want to practice.",
    },
  ],
};

/** The six services for employers (docs/product.md#the-product). */
export const organizationServices: ServiceGroup = {
  id: "for-organizations",
  intro: {
    eyebrow: "For Employers",
    title: "Services for employers",
    lead: "A focused, senior search for the person who will lead your talent function.",
  },
  services: [
    {
      icon: "users",
      title: "Executive TA Leadership Search",
      body: "A dedicated search for your Head of, VP or Chief talent role, drawing on a network of proven leaders.",
    },
    {
      icon: "radar",
      title: "Executive Talent Sourcing",
      body: "Access to pre-qualified TA leaders who are open to the right move but not on the open market.",
    },
    {
      icon: "clipboard",
      title: "Leadership Assessment",
      body: "A structured view of leadership, strategic judgment and delivery at scale before you meet a candidate.",
    },
    {
      icon: "chart",
      title: "Market Intelligence",
      body: "Compensation, organization design and talent-market insight to shape a competitive role and offer.",
    },
    {
      icon: "list-check",
      title: "Search Process Management",
      body: "Coordination from brief to accepted offer, keeping candidates and stakeholders aligned at every step.",
    },
    {
      icon: "lightbulb",
      title: "Strategic Talent Consulting",
      body: "Advice on TA strategy, operating model and technology while you define the role you need.",
    },
  ],
};

export const howWeHelpContent = {
  hero: {
    eyebrow: pages.howWeHelp.title,
    lead: "Two sets of services, one standard: senior, confidential and free of charge for everyone involved.",
    // The leaders' circle and the organizations' circle, their services meeting at one gold seal.
    art: "twoAudiences",
  } satisfies PageHeroContent,
  badgesLabel: "Included with every service",
  badges: [
    {
      icon: "gift",
      label: "Free Service",
      tooltip: "Every service is free for TA leaders and for employers, with no fees at any stage.",
    },
    {
      icon: "cpu",
      label: "Industry-Leading Tech",
      tooltip: "AI-powered matching and enterprise security support every search and introduction.",
    },
    {
      icon: "network",
      label: "Strong Network",
      tooltip: "A pre-qualified, global network of enterprise talent acquisition leaders.",
    },
  ] satisfies BadgeWithTooltip[],
  groups: [leaderServices, organizationServices],
  cta: {
    title: "Tell us where you are headed",
    body: "Request your invitation as a TA leader, or share a talent brief for the leader your organization needs. We reply within 48 hours.",
    primary: requestActions.leaders,
    secondary: requestActions.employers,
  } satisfies CallToActionContent,
} as const;
