import { site } from "#app/config/site.ts";
import type { WhoWeAreWords } from "#shared/content/who-we-are.ts";
import type { ModeActions } from "#shared/content/sections.ts";
import { CallToActionBand } from "#app/components/sections/call-to-action-band.tsx";
import { FeatureGrid } from "#app/components/sections/feature-grid.tsx";
import { PeopleSection, QuotesSection } from "#app/components/sections/people-and-quotes.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { ReasonColumns } from "#app/components/sections/reason-columns.tsx";
import { Section, SectionHeader } from "#app/components/sections/section.tsx";
import { SupporterCard } from "#app/components/sections/supporter-card.tsx";

interface WhoWeArePageProps {
  content: WhoWeAreWords;
  newTabHint: string;
  requestActions: ModeActions;
}

export default function WhoWeArePage({ content, newTabHint, requestActions }: WhoWeArePageProps) {
  const { meta, hero, supporter, people, quotes, foundations, reasons, cta } = content;
  return (
    <>
      <PageHero hero={hero} eyebrow={meta.title} title={meta.heading} overlapped />
      <SupporterCard
        supporter={{ ...supporter, name: site.supporter.name, url: site.supporter.url }}
        newTabHint={newTabHint}
        id="supporter-heading"
      />
      <PeopleSection intro={people.intro} members={people.members} newTabHint={newTabHint} id="people-heading" />
      <QuotesSection intro={quotes.intro} items={quotes.items} id="quotes-heading" />
      <Section labelledBy="foundations-heading">
        <SectionHeader intro={foundations.intro} id="foundations-heading" />
        <FeatureGrid items={foundations.tiles} columns={4} className="mt-12" />
      </Section>
      <div className="container-page">
        <ReasonColumns
          groups={[
            { id: "why-ta-leaders", ...reasons.leaders },
            { id: "why-employers", ...reasons.employers },
          ]}
        />
      </div>
      <CallToActionBand content={cta} actions={requestActions} id="cta-heading" />
    </>
  );
}
