import type { TermsWords } from "#shared/content/terms-of-engagement.ts";
import { DocumentHero } from "#app/components/sections/document-hero.tsx";
import { TermsDocument } from "#app/components/sections/terms-document.tsx";

interface TermsPageProps {
  content: TermsWords;
  contactEmail: string;
}

export default function TermsPage({ content, contactEmail }: TermsPageProps) {
  return (
    <>
      <DocumentHero
        title={content.meta.heading}
        lastUpdated={{ label: content.lastUpdatedLabel, date: content.lastUpdated }}
      />
      <TermsDocument
        intro={content.intro}
        tocLabel={content.tocLabel}
        sections={content.sections}
        contactEmail={contactEmail}
      />
    </>
  );
}
