/**
 * Every page with HTML of its own, so with a social card of its own (its head names it), and
 * the art its card shows: the page's own where it has some (its hero's), so a shared link looks
 * like its page. Every page of the table of pages (shared/pages.ts) has one. The words come from
 * content/ (shared/content/read.ts), as the pages read them.
 */
import { CONTENT } from "#shared/content/collections.ts";
import type { HeroArtName, IllustrationName } from "#shared/content/fields.ts";
import { pageInfos, type PageInfo } from "#shared/content/page.ts";
import { readContent, readRoles } from "#shared/content/read.ts";
import { PAGE_NAMES, type ContentName, type PageName } from "#shared/pages.ts";
import { rolePageInfo } from "#shared/roles/page-head.ts";
import { closesAt, isOpen, isUpcoming, opensAt } from "#shared/roles/timetable.ts";
import { requestPagePath } from "#shared/routes.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { withSiteFacts } from "#shared/content/site-facts.ts";

/** The art beside a card's words: an inner page's hero art, a request mode's scene, or the network's orbit. */
export type SocialCardArt = HeroArtName | IllustrationName | "orbit";

export interface SocialCardPage {
  page: PageInfo;
  art: SocialCardArt;
}

/** The line every card carries under the page's own words (content/site.yaml). */
export const socialCardTagline = (): string => readContent("site").socialCardTagline;

/** The art of the pages that do not show their own (a hero's art) or the network's orbit. */
const ART: Partial<Record<PageName, SocialCardArt>> = {
  openRoles: "rightSeat",
  requestReceived: "planning",
  requestReceivedEmployer: "team",
};

/** Each page and its art, its words with this deployment's facts filled in, as its head has them. */
export function socialCardPages(config: SiteConfig): SocialCardPage[] {
  const infos = pageInfos(readContent);
  const roles = readContent("openRoles");
  const request = readContent("requestInvitation");
  const heroArt = (name: PageName) => {
    const words = name in CONTENT ? (readContent(name as ContentName) as { hero?: { art?: HeroArtName } }) : {};
    return words.hero?.art;
  };
  const mode = (name: "candidate" | "employer") => ({
    ...infos.requestInvitation,
    ...request.modes[name].meta,
    heading: request.modes[name].heading,
    path: requestPagePath(name),
  });
  const pages: SocialCardPage[] = [
    // The request page, once per mode: its two prerendered documents are shared apart.
    { page: mode("candidate"), art: "planning" },
    { page: mode("employer"), art: "team" },
    ...PAGE_NAMES.filter((name) => name !== "requestInvitation").map((name) => ({
      page: infos[name],
      art: ART[name] ?? heroArt(name) ?? ("orbit" as const),
    })),
    // Each role open now or posted ahead, as its page's head names it (app/pages/roles/[slug].astro): a role is
    // shared on LinkedIn. The cards of roles posted ahead are kept out of client/ until they open (postbuild).
    ...readRoles()
      .filter((role) => {
        const times = { opensAt: opensAt(role.datePosted), closesAt: closesAt(role.validThrough) };
        return isOpen(times, Date.now()) || isUpcoming(times, Date.now());
      })
      .map((role) => ({ page: rolePageInfo(role, roles), art: "rightSeat" as const })),
  ];
  return withSiteFacts(pages, config);
}
