import { howWeHelpContent } from "~/content/how-we-help";
import { pages } from "~/content/pages";
import { BadgeTooltips } from "~/components/sections/badge-tooltips";
import { CallToActionBand } from "~/components/sections/call-to-action-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeader } from "~/components/sections/section";

export default function HowWeHelpPage() {
  const { hero, badgesLabel, badges, groups, cta } = howWeHelpContent;
  return (
    <>
      <PageHero hero={hero} title={pages.howWeHelp.heading}>
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
      <CallToActionBand content={cta} id="cta-heading" />
    </>
  );
}
