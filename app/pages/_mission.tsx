import { missionContent } from "~/content/mission";
import { pages } from "~/content/pages";
import { AudiencePanels } from "~/components/sections/audience-panels";
import { CallToActionBand } from "~/components/sections/call-to-action-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeader } from "~/components/sections/section";

export default function MissionPage() {
  const { hero, pillars, dualPurpose, cta } = missionContent;
  return (
    <>
      <PageHero hero={hero} title={pages.mission.heading} />
      <Section labelledBy="pillars-heading">
        <SectionHeader intro={pillars.intro} id="pillars-heading" />
        <FeatureGrid items={pillars.items} numbered className="mt-12" />
      </Section>
      <Section id="dual-purpose" labelledBy="dual-purpose-heading" tone="surface">
        <SectionHeader intro={dualPurpose.intro} id="dual-purpose-heading" />
        <div className="mt-12">
          <AudiencePanels panels={dualPurpose.panels} />
        </div>
      </Section>
      <CallToActionBand content={cta} id="cta-heading" />
    </>
  );
}
