import { pages } from "./pages";

/** Words and links shared by every page: navigation, footer, skip link. */
export interface NavLink {
  label: string;
  href: string;
}

export const primaryNav: readonly NavLink[] = [
  { label: "Home", href: pages.home.path },
  { label: "Mission", href: pages.mission.path },
  { label: "How We Help", href: pages.howWeHelp.path },
  { label: "Who We Are", href: pages.whoWeAre.path },
];

export const headerContent = {
  navLabel: "Main",
  menuOpenLabel: "Open menu",
  menuCloseLabel: "Close menu",
  cta: { label: "Request an Invitation", href: pages.requestInvitation.path },
} as const;

export const skipLinkLabel = "Skip to main content";

/** Appended, visually hidden, to links that open a new tab. */
export const newTabHint = "(opens in a new tab)";

export const footerContent = {
  tagline:
    "An invitation-only network connecting enterprise talent acquisition leaders with executive roles, and employers with proven TA leaders. Free for both sides.",
  aboutHeading: "About",
  aboutLinks: [
    { label: "Our Mission", href: pages.mission.path },
    { label: "How We Help", href: pages.howWeHelp.path },
    { label: "Who We Are", href: pages.whoWeAre.path },
  ] satisfies NavLink[],
  contactHeading: "Contact",
  contactLead: "Questions about the network?",
  /** Above the network's own profiles (NETWORK_PROFILE_URLS), when any are set. */
  profilesHeading: "Follow the network",
  legalHeading: "Legal",
  privacyLabel: "Privacy Policy",
  termsLink: { label: "Terms of Engagement", href: pages.terms.path } satisfies NavLink,
  supportedByLabel: "Supported by",
  rightsReserved: "All rights reserved.",
} as const;

export const notFoundContent = {
  heading: pages.notFound.heading,
  body: "The page you were looking for doesn't exist or may have moved.",
  homeLink: { label: "Return to Home", href: pages.home.path } satisfies NavLink,
} as const;

export const errorContent = {
  heading: "Unexpected Application Error!",
  body: "Something went wrong on our side. Please try again, or return to the home page.",
  homeLink: { label: "Return to Home", href: pages.home.path } satisfies NavLink,
} as const;

/** A wait before sending again, in whole minutes (lib/wait-text.ts): the own form and the API's pages. */
export const waitWords = {
  one: "a minute",
  /** `{minutes}` is replaced with the whole minutes to wait. */
  many: "{minutes} minutes",
};

/**
 * What a profile link of the footer is called, by its site's host (www. left off); a
 * profile on another site is called by its host.
 */
export const profileSiteNames: Readonly<Record<string, string>> = {
  "linkedin.com": "LinkedIn",
  "x.com": "X",
  "twitter.com": "X",
  "youtube.com": "YouTube",
  "facebook.com": "Facebook",
  "instagram.com": "Instagram",
  "github.com": "GitHub",
  "medium.com": "Medium",
};
