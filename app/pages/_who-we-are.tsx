import { site } from "~/config/site";
import type { WhoWeAreWords } from "#shared/content/pages";
import type { ModeActions } from "#shared/content/sections";
import { CallToActionBand } from "~/components/sections/call-to-action-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { ReasonColumns } from "~/components/sections/reason-columns";
import { Section, SectionHeader } from "~/components/sections/section";
import { SupporterCard } from "~/components/sections/supporter-card";

interface WhoWeArePageProps {
  content: WhoWeAreWords;
  newTabHint: string;
  requestActions: ModeActions;
}

export default function WhoWeArePage({ content, newTabHint, requestActions }: WhoWeArePageProps) {
  const { meta, hero, supporter, foundations, reasons, cta } = content;
  return (
    <>
      <PageHero hero={hero} eyebrow={meta.title} title={meta.heading} overlapped />
      <SupporterCard
        supporter={{ ...supporter, name: site.supporter.name, url: site.supporter.url }}
        newTabHint={newTabHint}
        id="supporter-heading"
      />
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
