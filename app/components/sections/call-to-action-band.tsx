import type { CallToAction, ModeActions } from "#shared/content/sections.ts";
import { LinkButton } from "#app/components/ui/button.tsx";

/** The closing navy band of a page: a line of persuasion and the two calls to action. */
export function CallToActionBand({
  content,
  actions,
  id,
}: {
  content: CallToAction;
  /** Every content page's two: to each mode of the request page (app/lib/content.ts, requestActions). */
  actions: ModeActions;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="py-20 sm:py-24">
      <div className="container-page">
        <div className="relative isolate overflow-hidden rounded-[1.75rem] bg-navy-900 px-6 py-14 text-center shadow-lift sm:px-12 lg:py-20">
          <div aria-hidden="true" className="absolute inset-0 -z-10 hero-grid-dark" />
          <div
            aria-hidden="true"
            className="absolute -bottom-48 left-1/2 -z-10 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(184_137_59/0.28),transparent)]"
          />
          <h2 id={id} className="mx-auto max-w-2xl text-title font-semibold text-white">
            {content.title}
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lead text-navy-100">{content.body}</p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton href={actions.candidate.href} variant="accent" size="lg" arrow>
              {actions.candidate.label}
            </LinkButton>
            <LinkButton href={actions.employer.href} variant="on-dark" size="lg">
              {actions.employer.label}
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  );
}
