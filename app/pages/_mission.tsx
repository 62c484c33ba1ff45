import type { MissionWords } from "#shared/content/pages";
import type { ModeActions } from "#shared/content/sections";
import type { SiteWords } from "#shared/content/site";
import { AudiencePanels } from "~/components/sections/audience-panels";
import { CallToActionBand } from "~/components/sections/call-to-action-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeader } from "~/components/sections/section";

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
