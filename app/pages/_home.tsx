import { homeContent } from "~/content/home";
import { AudiencePanels } from "~/components/sections/audience-panels";
import { CallToActionBand } from "~/components/sections/call-to-action-band";
import { ClaimsStrip } from "~/components/sections/claims-strip";
import { HomeHero } from "~/components/sections/home-hero";
import { ServicesOverview } from "~/components/sections/services-overview";
import { Section, SectionHeader } from "~/components/sections/section";
import { ArrowLink } from "~/components/ui/button";

export default function HomePage() {
  const { hero, preview, claims, mission, services, cta } = homeContent;
  return (
    <>
      <HomeHero hero={hero} preview={preview} />
      <ClaimsStrip id="trust-heading" label={claims.label} items={claims.items} />
      <Section id="mission" labelledBy="mission-heading">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeader intro={mission.intro} id="mission-heading" />
          <ArrowLink href={mission.more.href} className="shrink-0">
            {mission.more.label}
          </ArrowLink>
        </div>
        <div className="mt-12">
          <AudiencePanels panels={mission.panels} />
        </div>
      </Section>
      <ServicesOverview content={services} id="services-heading" />
      <CallToActionBand content={cta} id="cta-heading" />
    </>
  );
}
