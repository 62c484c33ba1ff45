import type { MissionWords } from "#shared/content/mission.ts";
import type { ModeActions } from "#shared/content/sections.ts";
import type { SiteWords } from "#shared/content/site.ts";
import { AudiencePanels } from "#app/components/sections/audience-panels.tsx";
import { CallToActionBand } from "#app/components/sections/call-to-action-band.tsx";
import { FeatureGrid } from "#app/components/sections/feature-grid.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section, SectionHeader } from "#app/components/sections/section.tsx";

interface MissionPageProps {
  content: MissionWords;
  siteWords: SiteWords;
  requestActions: ModeActions;
}

export default function MissionPage({ content, siteWords, requestActions }: MissionPageProps) {
  const { meta, hero, pillars, dualPurpose, cta } = content;
  return (
    <>
      <PageHero hero={hero} eyebrow={meta.title} title={meta.heading} />
      <Section labelledBy="pillars-heading">
        <SectionHeader intro={pillars.intro} id="pillars-heading" />
        <FeatureGrid items={pillars.items} numbered className="mt-12" />
      </Section>
      <Section id="dual-purpose" labelledBy="dual-purpose-heading" tone="surface">
        <SectionHeader intro={dualPurpose.intro} id="dual-purpose-heading" />
        <div className="mt-12">
          <AudiencePanels
            panels={[dualPurpose.panels.leaders, dualPurpose.panels.organizations]}
            illustrationAlt={siteWords.illustrations}
          />
        </div>
      </Section>
      <CallToActionBand content={cta} actions={requestActions} id="cta-heading" />
    </>
  );
}
