import { Suspense, useCallback, useState, type ReactNode } from "react";
import { site } from "~/config/site";
import { sideImages } from "~/content/images";
import { requestInvitationContent as content } from "~/content/request-invitation";
import { IslandErrorBoundary } from "~/components/layout/island-error-boundary";
import { Confetti } from "~/features/celebration/confetti";
import { ConfirmationNotice } from "~/features/invitation/confirmation-notice";
import { FormLoader } from "~/features/invitation/form-loader";
import { useHeadFollowsMode } from "~/features/invitation/head-mode";
import type { InvitationMode } from "~/invitation/mode";
import { ModeToggle } from "~/features/invitation/mode-toggle";
import { OwnForm } from "~/features/invitation/own-form";
import { SideImagePanel } from "~/features/invitation/side-image-panel";
import { useHydrated } from "~/lib/use-hydrated";
import { useInvitationMode } from "~/features/invitation/use-invitation-mode";
import { prefersReducedMotion } from "~/lib/use-reduced-motion";

const toggleLabels = {
  candidate: content.modes.candidate.toggleLabel,
  employer: content.modes.employer.toggleLabel,
} satisfies Record<InvitationMode, string>;

const imageLabels = {
  candidate: content.modes.candidate.imageLabel,
  employer: content.modes.employer.imageLabel,
} satisfies Record<InvitationMode, string>;

/** What never changes with the mode, prerendered by Astro and passed in as static HTML (its slots). */
interface StaticParts {
  /** The back link and the eyebrow, above the heading. */
  intro?: ReactNode;
  /** The questions line and the supporter badge, under the side image. */
  contact?: ReactNode;
}

/**
 * The request page's body: the one React island of the site, prerendered once per mode
 * (app/pages/request-invitation/_document.astro). It hydrates in the mode of
 * the HTML it was served; the toggle then changes the mode without a reload, keeping the
 * URL and the page head in step. Hydration comes in pieces (docs/decisions/0010-request-page-hydrates-in-pieces.md): the
 * static parts are Astro slots React never hydrates, and the toggle, the form area and
 * the side image are each a Suspense boundary, hydrated one after the other in short
 * tasks (a tap on one not yet hydrated hydrates it first and is replayed).
 */
export function RequestInvitationPage({ servedMode, intro, contact }: { servedMode: InvitationMode } & StaticParts) {
  return (
    <IslandErrorBoundary>
      <RequestInvitationBody servedMode={servedMode} intro={intro} contact={contact} />
    </IslandErrorBoundary>
  );
}

function RequestInvitationBody({ servedMode, intro, contact }: { servedMode: InvitationMode } & StaticParts) {
  const [mode, setMode] = useInvitationMode(servedMode);
  useHeadFollowsMode(mode);
  const copy = content.modes[mode];
  // The mode whose form was sent; switching to the other mode shows that mode's form.
  const [submittedMode, setSubmittedMode] = useState<InvitationMode | null>(null);
  const [celebrating, setCelebrating] = useState(false);

  const handleSubmitted = useCallback(() => {
    setSubmittedMode(mode);
    if (!prefersReducedMotion()) setCelebrating(true);
  }, [mode]);
  const endCelebration = useCallback(() => setCelebrating(false), []);

  return (
    <div className="relative isolate overflow-hidden bg-gradient-to-b from-navy-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-40 -z-10 size-[36rem] rounded-full bg-gold-100/60 blur-3xl"
      />
      <div className="container-page grid gap-12 pt-8 pb-20 sm:pt-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:gap-16 lg:pt-14 lg:pb-28">
        <div className="min-w-0">
          {intro}
          <h1 className="mt-3 text-display font-semibold">{copy.heading}</h1>
          <p className="mt-5 max-w-2xl text-lead text-body">{copy.subtitle}</p>

          <div className="mt-8">
            <Suspense>
              <ModeToggle mode={mode} legend={content.toggleLegend} labels={toggleLabels} onChange={setMode} />
            </Suspense>
          </div>

          <div className="mt-8 rounded-[1.25rem] border border-line bg-white p-6 shadow-lift sm:p-8">
            <Suspense>
              {submittedMode === mode ? (
                <ConfirmationNotice
                  title={content.confirmation.title}
                  body={copy.confirmationBody}
                  homeLink={content.confirmation.homeLink}
                />
              ) : (
                <>
                  <h2 className="text-xl font-semibold tracking-tight">{copy.formHeading}</h2>
                  <p className="mt-1.5 mb-6 text-sm text-muted">{copy.formLead}</p>
                  <RequestForm mode={mode} onSent={handleSubmitted} />
                </>
              )}
            </Suspense>
          </div>
        </div>

        <div className="lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">
          <Suspense>
            <SideImagePanel mode={mode} images={sideImages} labels={imageLabels} />
          </Suspense>
          {contact}
        </div>
      </div>
      {celebrating && <Confetti onComplete={endCelebration} />}
    </div>
  );
}

/**
 * The form for the mode (docs/product.md#nothing-lost): HubSpot's embed when configured, with the site's
 * own form beside Try Again and for visitors without JavaScript; otherwise the site's
 * own form alone. The own form is offered only where the site's request API runs.
 */
function RequestForm({ mode, onSent }: { mode: InvitationMode; onSent: () => void }) {
  const { hubspot, requestApi, contactEmail } = site;
  const hydrated = useHydrated();
  if (!hubspot) return <OwnForm key={mode} mode={mode} contactEmail={contactEmail} onSent={onSent} />;
  return (
    <>
      <FormLoader
        key={mode}
        mode={mode}
        hubspot={hubspot}
        contactEmail={contactEmail}
        onSubmitted={onSent}
        fallback={requestApi ? <OwnForm mode={mode} contactEmail={contactEmail} onSent={onSent} /> : undefined}
      />
      {/* For visitors without JavaScript, who never get HubSpot's form: in the HTML, hidden when scripts run, gone once hydrated. */}
      {requestApi && !hydrated && (
        <div className="js:hidden">
          <p className="mb-5 text-base font-medium text-ink">{content.loader.noScriptLead}</p>
          <OwnForm mode={mode} contactEmail={contactEmail} onSent={onSent} />
        </div>
      )}
    </>
  );
}
