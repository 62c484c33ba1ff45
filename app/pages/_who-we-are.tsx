import { site } from "~/config/site";
import { pages } from "~/content/pages";
import { whoWeAreContent } from "~/content/who-we-are";
import { withSiteFacts } from "~/lib/site-facts";
import { CallToActionBand } from "~/components/sections/call-to-action-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { ReasonColumns } from "~/components/sections/reason-columns";
import { Section, SectionHeader } from "~/components/sections/section";
import { SupporterCard } from "~/components/sections/supporter-card";

const content = withSiteFacts(whoWeAreContent, site);

export default function WhoWeArePage() {
  const { hero, supporter, foundations, reasons, cta } = content;
  return (
    <>
      <PageHero hero={hero} title={pages.whoWeAre.heading} overlapped />
      <SupporterCard supporter={supporter} id="supporter-heading" />
      <Section labelledBy="foundations-heading">
        <SectionHeader intro={foundations.intro} id="foundations-heading" />
        <FeatureGrid items={foundations.tiles} columns={4} className="mt-12" />
      </Section>
      <div className="container-page">
        <ReasonColumns groups={reasons} />
      </div>
      <CallToActionBand content={cta} id="cta-heading" />
    </>
  );
}
