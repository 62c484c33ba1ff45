/**
 * Every page with HTML of its own, so with a social card of its own (its head names it), and
 * the art its card shows: the page's own where it has some, so a shared link looks like its
 * page. The words come from content/ (shared/content/read.ts), as the pages read them.
 */
import type { HeroArtName, IllustrationName } from "#shared/content/fields.ts";
import type { PageInfo } from "#shared/content/page.ts";
import { readContent, readRoles } from "#shared/content/read.ts";
import { rolePageInfo } from "#shared/content/role-page.ts";
import { closesAt, isOpen, isUpcoming, opensAt } from "#shared/roles.ts";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
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

/** Each page and its art, its words with this deployment's facts filled in, as its head has them. */
export function socialCardPages(config: SiteConfig): SocialCardPage[] {
  const site = readContent("site");
  const roles = readContent("openRoles");
  const request = readContent("requestInvitation");
  const [mission, howWeHelp, whoWeAre] = [readContent("mission"), readContent("howWeHelp"), readContent("whoWeAre")];
  const mode = (name: "candidate" | "employer") => ({
    ...ROUTES.requestInvitation,
    ...request.modes[name].meta,
    heading: request.modes[name].heading,
    path: requestPagePath(name),
  });
  const pages: SocialCardPage[] = [
    { page: { ...ROUTES.home, ...readContent("home").meta }, art: "orbit" },
    { page: { ...ROUTES.mission, ...mission.meta }, art: mission.hero.art },
    { page: { ...ROUTES.howWeHelp, ...howWeHelp.meta }, art: howWeHelp.hero.art },
    { page: { ...ROUTES.whoWeAre, ...whoWeAre.meta }, art: whoWeAre.hero.art },
    { page: mode("candidate"), art: "planning" },
    { page: mode("employer"), art: "team" },
    { page: { ...ROUTES.terms, ...readContent("terms").meta }, art: "orbit" },
    { page: { ...ROUTES.requestReceived, ...request.received.candidate }, art: "planning" },
    { page: { ...ROUTES.requestReceivedEmployer, ...request.received.employer }, art: "team" },
    { page: { ...ROUTES.notFound, ...site.notFound.meta }, art: "orbit" },
    { page: { ...ROUTES.roles, ...roles.meta }, art: "rightSeat" },
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
