/**
 * The site's routes: every page's path and whether search engines should list it, from the table
 * of pages (./pages.ts). The words of each page (title, description, keywords, heading) are content
 * (content/*.yaml); app/pages/ has one file per route, and the sitemap and robots.txt are built
 * from this table (app/routes.test.ts keeps the three in step).
 */
import { MODE_PARAM, type InvitationMode } from "./invitation/mode";
import { PAGE_NAMES, PAGES, type PageName, type Route } from "./pages";

export const ROUTES = Object.fromEntries(
  PAGE_NAMES.map((name) => {
    const { path, indexable } = PAGES[name];
    return [name, { path, indexable }];
  }),
) as { readonly [Name in PageName]: Route };

/**
 * The request page of a mode: where its calls to action point and what its visitors share.
 * The employer's is the page's path with `?type=employer`, which the servers answer with the
 * employer's own prerendered HTML (EMPLOYER_REQUEST_PAGE_PATH).
 */
export function requestPagePath(mode: InvitationMode): string {
  return mode === "employer"
    ? `${ROUTES.requestInvitation.path}?${MODE_PARAM}=employer`
    : ROUTES.requestInvitation.path;
}

/** A link to each mode's request page, under the words given for each: the calls to action of the pages. */
export function modeLinks(
  labels: Record<InvitationMode, string>,
): Record<InvitationMode, { label: string; href: string }> {
  return {
    candidate: { label: labels.candidate, href: requestPagePath("candidate") },
    employer: { label: labels.employer, href: requestPagePath("employer") },
  };
}

/**
 * The request page is prerendered once per mode: the leader mode at its own path, the
 * employer mode beside it at this path. The servers answer `/request-invitation` with a
 * query whose `type` is `employer` with the employer's HTML (server/http/static-policy.ts,
 * `QUERY_PAGES`) and never serve this path itself: it is not a route, and not in the sitemap.
 */
export const EMPLOYER_REQUEST_PAGE_PATH = `${ROUTES.requestInvitation.path}/employer`;

/** Where the server sends a visitor whose request was posted without JavaScript, once it is stored (a 303). */
export const REQUEST_RECEIVED_PATHS = {
  candidate: ROUTES.requestReceived.path,
  employer: ROUTES.requestReceivedEmployer.path,
} as const satisfies Record<InvitationMode, string>;

const PAGE_PATHS: ReadonlySet<string> = new Set(Object.values(ROUTES).map((route) => route.path));

/**
 * Whether a link is one of the site's own pages: a route's path, optionally with a query
 * (the employer's request page) or a `#section`. Content may link only to these or to https.
 */
export function isSitePath(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const url = new URL(href, "https://site.invalid");
  return PAGE_PATHS.has(url.pathname) && url.pathname !== ROUTES.notFound.path;
}
