import type { InvitationMode } from "#shared/invitation/mode";

/**
 * The route table's words: every page's path, title, description, keywords and
 * heading, in one place. Each path has its page in `app/pages/`; the sitemap and
 * robots.txt are built from this list too.
 */
export interface PageInfo {
  path: string;
  /** Page title without the site name; `buildMeta` appends `| The <SITE_NAME>`. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** The page's visible `<h1>`. */
  heading: string;
  /** Listed in sitemap.xml. */
  indexable: boolean;
}

export const pages = {
  home: {
    path: "/",
    title: "Executive TA Leadership, Connected",
    description:
      "An invitation-only network connecting enterprise talent acquisition leaders with executive roles, and employers with proven TA leaders. Free for both sides.",
    keywords: [
      "talent acquisition leadership",
      "executive TA roles",
      "head of talent acquisition",
      "TA leader network",
      "executive search",
    ],
    heading: "The private network for enterprise talent acquisition leadership",
    indexable: true,
  },
  mission: {
    path: "/mission",
    title: "Our Mission",
    description:
      "We match proven talent acquisition leaders with organizations that need them, creating value for both sides through strategic matching and industry excellence.",
    keywords: ["TA leadership mission", "strategic matching", "talent acquisition excellence", "executive TA"],
    heading: "The right leader, in the right seat, at the right moment",
    indexable: true,
  },
  howWeHelp: {
    path: "/how-we-help",
    title: "How We Help",
    description:
      "Executive search, career strategy and branding for TA leaders; leadership search, assessment and market intelligence for employers. Free of charge.",
    keywords: [
      "executive career strategy",
      "TA leadership search",
      "leadership assessment",
      "executive resume",
      "talent market intelligence",
    ],
    heading: "Executive support for TA leaders and the organizations that hire them",
    indexable: true,
  },
  whoWeAre: {
    path: "/who-we-are",
    title: "Who We Are",
    description:
      "A confidential, invitation-only network of enterprise talent acquisition leaders, supported by a recognized recruitment technology provider.",
    keywords: ["about the network", "confidential executive network", "AI-powered matching", "enterprise security"],
    heading: "A confidential network for the people who lead talent acquisition",
    indexable: true,
  },
  requestInvitation: {
    path: "/request-invitation",
    title: "Request an Invitation",
    description:
      "TA leaders: request your invitation to a confidential network of executive opportunities. Employers: submit a talent brief. We reply within 48 hours.",
    keywords: ["request invitation", "TA leader network", "submit talent brief", "hire head of talent acquisition"],
    heading: "Request your invitation",
    indexable: true,
  },
  terms: {
    path: "/terms-of-engagement",
    title: "Terms of Engagement",
    description:
      "The terms on which the network works with TA leaders and employers: free service, mutual confidentiality, your data rights and how either side may end the engagement.",
    keywords: ["terms of engagement", "confidentiality", "data rights", "privacy requests"],
    heading: "Terms of Engagement",
    indexable: true,
  },
  // Where a request posted without JavaScript lands once it is stored (REQUEST_RECEIVED_PATHS).
  requestReceived: {
    path: "/request-invitation/received",
    title: "Invitation Request Submitted",
    description: "Your invitation request has been received. We reply within 48 hours.",
    keywords: ["invitation request received"],
    heading: "Invitation Request Submitted!",
    indexable: false,
  },
  requestReceivedEmployer: {
    path: "/request-invitation/received/employer",
    title: "Talent Brief Submitted",
    description: "Your talent brief has been received. We reply within 48 hours.",
    keywords: ["talent brief received"],
    heading: "Invitation Request Submitted!",
    indexable: false,
  },
  notFound: {
    path: "/404",
    title: "Page Not Found",
    description: "The page you are looking for does not exist or has moved.",
    keywords: ["page not found"],
    heading: "Oops! Page not found",
    indexable: false,
  },
} as const satisfies Record<string, PageInfo>;

/**
 * The request page is prerendered once per mode: the leader mode at its own path, the
 * employer mode beside it at this path. The servers answer `/request-invitation` with a
 * query whose `type` is `employer` with the employer's HTML (server/http/static-policy.ts,
 * `QUERY_PAGES`) and never serve this path itself: it is not a route, and not in the sitemap.
 */
export const EMPLOYER_REQUEST_PAGE_PATH = `${pages.requestInvitation.path}/employer`;

/**
 * Where the server sends a visitor whose request was posted without JavaScript, once
 * it is stored (a 303): one prerendered confirmation page per mode.
 */
export const REQUEST_RECEIVED_PAGES = {
  candidate: pages.requestReceived,
  employer: pages.requestReceivedEmployer,
} as const satisfies Record<InvitationMode, PageInfo>;

export const REQUEST_RECEIVED_PATHS = {
  candidate: REQUEST_RECEIVED_PAGES.candidate.path,
  employer: REQUEST_RECEIVED_PAGES.employer.path,
} as const;
