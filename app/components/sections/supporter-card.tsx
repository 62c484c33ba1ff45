import { Icon } from "#app/components/ui/icon.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { ExternalLink } from "#app/components/ui/external-link.tsx";
import { Eyebrow } from "./section";

export interface SupporterCardContent {
  eyebrow: string;
  name: string;
  url: string;
  body: string;
  linkLabel: string;
  /** The supporter's logo (content/who-we-are.yaml), in place of its initial when there is one. */
  logo?: string;
}

/** The supporting company's credit: its name, what its backing means, and a link to its site. */
export function SupporterCard({
  supporter,
  newTabHint,
  id,
}: {
  supporter: SupporterCardContent;
  /** Appended, visually hidden, to its link, which opens a new tab. */
  newTabHint: string;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="relative z-10 container-page -mt-16 sm:-mt-20">
      <div className="flex flex-col gap-8 rounded-card border border-line bg-white p-7 shadow-lift sm:p-10 lg:flex-row lg:items-center">
        {supporter.logo ? (
          // A fixed box, the logo fitted inside: nothing shifts while it loads. Its name is the heading beside it.
          <img
            src={supporter.logo}
            alt=""
            width={160}
            height={64}
            loading="lazy"
            decoding="async"
            className="h-16 w-40 shrink-0 object-contain object-left"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-16 shrink-0 items-center justify-center rounded-2xl bg-navy-900 text-2xl font-semibold text-gold-300"
          >
            {supporter.name.charAt(0)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <Eyebrow>{supporter.eyebrow}</Eyebrow>
          <h2 id={id} className="mt-2 text-2xl font-semibold tracking-tight">
            {supporter.name}
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-muted">{supporter.body}</p>
        </div>
        <ExternalLink
          newTabHint={newTabHint}
          href={supporter.url}
          className={buttonClass("secondary", "md", "self-start lg:shrink-0 lg:self-center lg:whitespace-nowrap")}
        >
          {supporter.linkLabel}
          <Icon name="external" className="size-4" />
        </ExternalLink>
      </div>
    </section>
  );
}
