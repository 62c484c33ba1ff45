import { pages } from "~/content/pages";
import { termsContent } from "~/content/terms";
import { buildMeta } from "~/lib/seo";
import { DocumentHero } from "~/components/sections/document-hero";
import { TermsDocument } from "~/components/sections/terms-document";

export const head = () => buildMeta({ page: pages.terms });

export default function TermsOfEngagementPage() {
  return (
    <>
      <DocumentHero title={termsContent.title} lastUpdated={termsContent.lastUpdated} />
      <TermsDocument intro={termsContent.intro} tocLabel={termsContent.tocLabel} sections={termsContent.sections} />
    </>
  );
}
