import type { TermsWords } from "#shared/content/terms-of-engagement.ts";

type TermsSection = TermsWords["sections"][number];
type TermsBlock = TermsSection["blocks"][number];

/** Text in which the contact address is a link to write to it. */
function WithEmailLinks({ text, email }: { text: string; email: string }) {
  return text.split(email).flatMap((part, index) => [
    ...(index > 0
      ? [
          <a
            key={index}
            href={`mailto:${email}`}
            className="rounded font-medium text-navy-700 underline decoration-gold-500/60 underline-offset-4 hover:text-navy-900"
          >
            {email}
          </a>,
        ]
      : []),
    part,
  ]);
}

function Block({ block, email }: { block: TermsBlock; email: string }) {
  if (block.type === "list") {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-gold-500">
        {block.items.map((item, index) => (
          <li key={index}>
            <WithEmailLinks text={item} email={email} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      <WithEmailLinks text={block.text} email={email} />
    </p>
  );
}

const sectionNumber = (index: number) => `${index + 1}.`;

/** Long-form terms: a table of contents (sticky beside the text on wide screens) and numbered sections. */
export function TermsDocument({
  intro,
  tocLabel,
  sections,
  contactEmail,
}: {
  intro: string;
  tocLabel: string;
  sections: readonly TermsSection[];
  /** Written as a link wherever the terms name it. */
  contactEmail: string;
}) {
  return (
    <div className="container-page grid gap-12 py-16 sm:py-20 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-20">
      <nav
        aria-labelledby="terms-toc"
        className="lg:sticky lg:top-[calc(var(--spacing-header)+2.5rem)] lg:self-start print:hidden"
      >
        <h2 id="terms-toc" className="text-sm font-semibold tracking-[0.14em] text-gold-600 uppercase">
          {tocLabel}
        </h2>
        <ol className="mt-4 space-y-1 border-l border-line">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="-ml-px flex gap-2 border-l-2 border-transparent py-1.5 pl-4 text-sm text-muted hover:border-gold-500 hover:text-navy-900"
              >
                <span className="tabular-nums">{sectionNumber(index)}</span>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {/* A plain container: the page is the document, and its <h1> sits in the hero above. */}
      <div className="max-w-[68ch] text-[1.0625rem] leading-[1.75] text-body">
        <p className="text-lead text-ink">{intro}</p>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="mt-12 break-inside-avoid-page"
          >
            <h2 id={`${section.id}-heading`} className="flex gap-3 text-2xl font-semibold tracking-tight">
              <span className="text-gold-600 tabular-nums">{sectionNumber(index)}</span>
              {section.title}
            </h2>
            <div className="mt-4 space-y-4">
              {section.blocks.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} email={contactEmail} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
