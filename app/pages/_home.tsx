import type { HomeWords } from "#shared/content/home.ts";
import type { HowWeHelpWords } from "#shared/content/how-we-help.ts";
import type { OpenRolesWords } from "#shared/content/open-roles.ts";
import { ROUTES } from "#shared/routes.ts";
import type { ModeActions } from "#shared/content/sections.ts";
import type { SiteWords } from "#shared/content/site.ts";
import { AudiencePanels } from "#app/components/sections/audience-panels.tsx";
import { CallToActionBand } from "#app/components/sections/call-to-action-band.tsx";
import { ClaimsStrip } from "#app/components/sections/claims-strip.tsx";
import { HomeHero } from "#app/components/sections/home-hero.tsx";
import { ServicesOverview } from "#app/components/sections/services-overview.tsx";
import { Section, SectionHeader } from "#app/components/sections/section.tsx";
import { ArrowLink } from "#app/components/ui/button.tsx";
import { RoleList, RolesPart } from "#app/features/roles/role-views.tsx";
import type { RoleFields } from "#shared/roles/schema.ts";

interface HomePageProps {
  content: HomeWords;
  /** What We Deliver lists How We Help's services by title (content/how-we-help.yaml). */
  services: Pick<HowWeHelpWords, "leaders" | "organizations">;
  siteWords: SiteWords;
  audienceActions: ModeActions;
  requestActions: ModeActions;
  /**
   * The roles band: every role the server may show (open or posted ahead at the build), each marked,
   * with the band itself, for the build to cut (shared/roles/page.ts): the server shows the band while
   * a role is open, with the newest few open (HOME_ROLES_SHOWN), as the list page does. Without
   * `roles.marked` (the editor's preview), the band shows the roles given, when there are any.
   */
  /** The questions page's questions (content/questions.yaml), each linked to its answer; the editor's preview has none. */
  questions?: readonly { id: string; question: string }[];
  roles?: { roles: readonly (RoleFields & { slug: string })[]; words: OpenRolesWords; marked: boolean } | null;
}

export default function HomePage({
  content,
  services,
  siteWords,
  audienceActions,
  requestActions,
  roles = null,
  questions = [],
}: HomePageProps) {
  const { meta, hero, preview, claims, mission, cta } = content;
  const titles = (group: { services: readonly { title: string }[] }) => group.services.map((service) => service.title);
  return (
    <>
      <HomeHero
        hero={hero}
        title={meta.heading}
        actions={audienceActions}
        preview={preview}
        newTabHint={siteWords.newTabHint}
      />
      <ClaimsStrip id="trust-heading" label={claims.label} items={claims.items} />
      <Section id="mission" labelledBy="mission-heading">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeader intro={mission.intro} id="mission-heading" />
          <ArrowLink href={mission.more.href} className="shrink-0">
            {mission.more.label}
          </ArrowLink>
        </div>
        <div className="mt-12">
          <AudiencePanels
            panels={[
              { ...mission.panels.leaders, action: requestActions.candidate },
              { ...mission.panels.employers, action: requestActions.employer },
            ]}
            illustrationAlt={siteWords.illustrations}
          />
        </div>
      </Section>
      <ServicesOverview
        content={{
          intro: content.services.intro,
          columns: [
            { title: content.services.columns.leaders, items: titles(services.leaders) },
            // The specification's "services for organizations" (docs/copy.md).
            { title: content.services.columns.organizations, items: titles(services.organizations) },
          ],
          more: content.services.more,
        }}
        id="services-heading"
      />
      {roles && <RolesBand {...roles} />}
      <Section id="questions" labelledBy="questions-heading">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16">
          <div>
            <SectionHeader intro={content.questions.intro} id="questions-heading" />
            <ArrowLink href={content.questions.more.href} className="mt-8">
              {content.questions.more.label}
            </ArrowLink>
          </div>
          {questions.length > 0 && (
            <ul className="divide-y divide-line border-y border-line">
              {questions.map((item) => (
                <li key={item.id}>
                  <a
                    href={`${content.questions.more.href}#${item.id}`}
                    className="flex items-center justify-between gap-4 py-5 font-display text-lg font-semibold text-navy-900 transition-colors hover:text-gold-600"
                  >
                    {item.question}
                    <span aria-hidden="true">→</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>
      <CallToActionBand content={cta} actions={requestActions} id="cta-heading" />
    </>
  );
}

/** The open roles on the home page: a few of them as cards, and the link to all of them. */
function RolesBand({ roles, words, marked }: NonNullable<HomePageProps["roles"]>) {
  if (!marked && roles.length === 0) return null;
  const link = words.links.home;
  return (
    <>
      <RolesPart shown="some" marked={marked} />
      <Section id="open-roles" labelledBy="open-roles-heading" tone="surface">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeader
            intro={{ eyebrow: link.eyebrow, title: link.title, lead: link.lead }}
            id="open-roles-heading"
          />
          <ArrowLink href={ROUTES.openRoles.path} className="shrink-0">
            {link.action}
          </ArrowLink>
        </div>
        <RoleList roles={roles} words={words} marked={marked} headingLevel="h3" className="mt-12" />
      </Section>
      <RolesPart shown="always" marked={marked} />
    </>
  );
}
