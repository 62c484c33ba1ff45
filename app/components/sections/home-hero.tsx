import type { HomeWords } from "#shared/content/home.ts";
import type { ModeActions } from "#shared/content/sections.ts";
import { site } from "#app/config/site.ts";
import { ArrowIcon, buttonClass, LinkButton } from "#app/components/ui/button.tsx";
import { CelebrationLink } from "#app/features/celebration/celebration-link.tsx";
import { ExternalLink } from "#app/components/ui/external-link.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { IntroductionPreview } from "./introduction-preview";

/**
 * The home page's opening: headline, pitch, the two audience calls to action, the
 * supporter credit and three trust points. The headline is the largest element in
 * view on every screen, so the page's first paint is its largest paint (no hero photo).
 */
export function HomeHero({
  hero,
  title,
  actions,
  preview,
  newTabHint,
}: {
  hero: HomeWords["hero"];
  /** The page's heading. */
  title: string;
  /** The two audience buttons: TA leaders (with the celebration), then employers. */
  actions: ModeActions;
  preview: HomeWords["preview"];
  newTabHint: string;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-white">
      <div aria-hidden="true" className="absolute inset-0 -z-10 hero-grid" />
      <div
        aria-hidden="true"
        className="absolute -top-56 right-[-12rem] -z-10 size-[44rem] rounded-full bg-[radial-gradient(closest-side,rgb(220_192_138/0.32),transparent)]"
      />
      <div className="container-page grid items-center gap-16 pt-16 pb-20 sm:pt-20 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)] lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2.5 rounded-full bg-navy-50 px-3.5 py-1.5 text-sm font-medium text-navy-700 ring-1 ring-navy-100 ring-inset">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-gold-500" />
            {hero.eyebrow}
          </p>
          <h1 className="mt-6 text-display font-semibold">{title}</h1>
          <p className="mt-6 max-w-xl text-lead text-body">{hero.pitch}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <CelebrationLink href={actions.candidate.href} className={buttonClass("primary", "lg")}>
              {actions.candidate.label}
              <ArrowIcon />
            </CelebrationLink>
            <LinkButton href={actions.employer.href} variant="secondary" size="lg">
              {actions.employer.label}
            </LinkButton>
          </div>
          <p className="mt-6 text-sm text-muted">
            {hero.supportedBy}{" "}
            <ExternalLink
              newTabHint={newTabHint}
              href={site.supporter.url}
              className="rounded font-semibold text-navy-700 underline decoration-gold-500/60 underline-offset-4 hover:text-navy-900 hover:decoration-gold-500"
            >
              {site.supporter.name}
            </ExternalLink>
          </p>
          <section aria-labelledby="trust-points-heading">
            <h2 id="trust-points-heading" className="sr-only">
              {hero.trustPointsLabel}
            </h2>
            <ul className="mt-12 grid gap-6 border-t border-line pt-8 sm:grid-cols-3 sm:gap-8">
              {hero.trustPoints.map((point) => (
                <li key={point.title} className="flex gap-3 sm:flex-col">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-gold-100 text-gold-700">
                    <Icon name={point.icon} className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-ink">{point.title}</span>
                    <span className="mt-1 block text-sm leading-relaxed text-muted">{point.body}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        {/* Illustrative only, and only where there is room beside the text. */}
        <div className="hidden lg:block">
          <IntroductionPreview preview={preview} />
        </div>
      </div>
    </div>
  );
}
