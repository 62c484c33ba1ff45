/**
 * The site's pages and the files of their words, one entry each: every list of pages is made from
 * this one. The routes (./routes.ts: the sitemap, the links the words may make), the words'
 * collections (./content/collections.ts, which gives each file its schema; app/content.config.ts),
 * the editor's forms and previews (app/admin/) and the social cards (scripts/build/social-card-pages.ts)
 * are made from it, and a typecheck or a test fails until a page has each of its pieces: how to add
 * one is in README.md ("To add a page"). Nothing here imports a schema: the schemas' links are
 * checked against these paths.
 */

/** A page of the site. */
export interface Route {
  path: string;
  /** Listed in sitemap.xml. */
  indexable: boolean;
}

/** A file of content/ (the words). */
export interface WordsFile {
  /** Under content/, e.g. `request-invitation.yaml`; its schema is shared/content/<file>.ts. */
  file: string;
  /** How the editor's menu names it. */
  label: string;
}

/** Words that are no one page's own: the editor shows them apart, in this group. */
interface SharedWords extends WordsFile {
  group: "shared" | "emails";
  /** Where a page shows them, when one does ("View Live" in the editor). */
  shownAt?: string;
}

type Entry = (Route & WordsFile) | Route | SharedWords;

export const PAGES = {
  home: { path: "/", indexable: true, file: "home.yaml", label: "Home" },
  mission: { path: "/mission", indexable: true, file: "mission.yaml", label: "Our Mission" },
  howWeHelp: { path: "/how-we-help", indexable: true, file: "how-we-help.yaml", label: "How We Help" },
  whoWeAre: { path: "/who-we-are", indexable: true, file: "who-we-are.yaml", label: "Who We Are" },
  requestInvitation: {
    path: "/request-invitation",
    indexable: true,
    file: "request-invitation.yaml",
    label: "Request an invitation",
  },
  terms: {
    path: "/terms-of-engagement",
    indexable: true,
    file: "terms-of-engagement.yaml",
    label: "Terms of Engagement",
  },
  // The answers a visitor looks for before sending a request; linked from the home page, the request page and the footer.
  questions: { path: "/questions", indexable: true, file: "questions.yaml", label: "Questions" },
  // The open roles; each open role has a page below it (shared/roles/page.ts, rolePath).
  openRoles: {
    path: "/roles",
    indexable: true,
    file: "open-roles.yaml",
    label: "Open roles: the list, the role pages' labels, the links",
  },
  // Pages whose words are another file's. Where a request posted without JavaScript lands once it
  // is stored (./routes.ts, REQUEST_RECEIVED_PATHS): content/request-invitation.yaml.
  requestReceived: { path: "/request-invitation/received", indexable: false },
  requestReceivedEmployer: { path: "/request-invitation/received/employer", indexable: false },
  // The body of every 404: content/site.yaml.
  notFound: { path: "/404", indexable: false },
  // The words of no one page.
  site: { file: "site.yaml", label: "Every page: navigation, footer, 404", group: "shared", shownAt: "/" },
  requestRefused: {
    file: "request-refused.yaml",
    label: "Pages of a request not sent (without JavaScript)",
    group: "shared",
  },
  emails: { file: "emails.yaml", label: "Emails: to each requester, and the team's", group: "emails" },
} as const satisfies Record<string, Entry>;

type Entries = typeof PAGES;
/** A page of the site, by name: the entries with a path. */
export type PageName = { [Name in keyof Entries]: Entries[Name] extends Route ? Name : never }[keyof Entries];
/** A file of content/ (but the roles' folder), by name: the entries with a file. */
export type ContentName = { [Name in keyof Entries]: Entries[Name] extends WordsFile ? Name : never }[keyof Entries];

const names = Object.keys(PAGES) as (keyof Entries)[];
/** Every page's name, in the table's order. */
export const PAGE_NAMES = names.filter((name): name is PageName => "path" in PAGES[name]);
/** Every file's name, in the table's order. */
export const CONTENT_NAMES = names.filter((name): name is ContentName => "file" in PAGES[name]);
