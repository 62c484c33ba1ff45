import type { HowWeHelpWords } from "#shared/content/how-we-help.ts";
import type { ModeActions } from "#shared/content/sections.ts";
import { BadgeTooltips } from "#app/components/sections/badge-tooltips.tsx";
import { CallToActionBand } from "#app/components/sections/call-to-action-band.tsx";
import { FeatureGrid } from "#app/components/sections/feature-grid.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section, SectionHeader } from "#app/components/sections/section.tsx";

interface HowWeHelpPageProps {
  content: HowWeHelpWords;
  requestActions: ModeActions;
}

export default function HowWeHelpPage({ content, requestActions }: HowWeHelpPageProps) {
  const { meta, hero, badgesLabel, badges, cta } = content;
  // Each audience's services under its own anchor, linked from other pages.
  const groups = [
    { id: "for-ta-leaders", ...content.leaders },
    { id: "for-organizations", ...content.organizations },
  ];
  return (
    <>
      <PageHero hero={hero} eyebrow={meta.title} title={meta.heading}>
        <BadgeTooltips label={badgesLabel} badges={badges} />
      </PageHero>
      {groups.map((group, index) => (
        <Section
          key={group.id}
          id={group.id}
          labelledBy={`${group.id}-heading`}
          tone={index % 2 === 0 ? "white" : "surface"}
        >
          <SectionHeader intro={group.intro} id={`${group.id}-heading`} />
          <FeatureGrid items={group.services} className="mt-12" />
        </Section>
      ))}
      <CallToActionBand content={cta} actions={requestActions} id="cta-heading" />
    </>
  );
}
