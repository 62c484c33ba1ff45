import { site } from "~/config/site";
import { pages } from "~/content/pages";
import { termsContent } from "~/content/terms";
import { buildMeta } from "~/lib/seo";
import { withSiteFacts } from "~/lib/site-facts";
import { DocumentHero } from "~/components/sections/document-hero";
import { TermsDocument } from "~/components/sections/terms-document";

export const head = () => buildMeta({ page: pages.terms });

const content = withSiteFacts(termsContent, site);

export default function TermsOfEngagementPage() {
  return (
    <>
      <DocumentHero title={content.title} lastUpdated={content.lastUpdated} />
      <TermsDocument intro={content.intro} tocLabel={content.tocLabel} sections={content.sections} />
    </>
  );
}
