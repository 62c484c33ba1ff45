import { Suspense, useCallback, useState, type ReactNode } from "react";
import { site } from "~/config/site";
import { sideImages } from "~/content/images";
import { requestInvitationContent as content } from "~/content/request-invitation";
import { IslandErrorBoundary } from "~/components/layout/island-error-boundary";
import { Confetti } from "~/features/celebration/confetti";
import { trackRequestSent } from "~/features/analytics/analytics";
import { ConfirmationNotice } from "~/features/invitation/confirmation-notice";
import { FormIntro } from "~/features/invitation/form-intro";
import { FormLoader } from "~/features/invitation/form-loader";
import { useHeadFollowsMode } from "~/features/invitation/head-mode";
import type { InvitationMode } from "#shared/invitation/mode";
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

/** What never changes with the mode or the state, prerendered by Astro and passed in as static HTML (its slots). */
interface StaticParts {
  /** The back link and the eyebrow, above the heading. */
  intro?: ReactNode;
  /** The supporter badge, under the questions line beneath the side image. */
  supporter?: ReactNode;
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
export function RequestInvitationPage({ servedMode, intro, supporter }: { servedMode: InvitationMode } & StaticParts) {
  return (
    <IslandErrorBoundary>
      <RequestInvitationBody servedMode={servedMode} intro={intro} supporter={supporter} />
    </IslandErrorBoundary>
  );
}

function RequestInvitationBody({ servedMode, intro, supporter }: { servedMode: InvitationMode } & StaticParts) {
  const [mode, setMode] = useInvitationMode(servedMode);
  useHeadFollowsMode(mode);
  const copy = content.modes[mode];
  // The mode whose form was sent; switching to the other mode shows that mode's form.
  const [submittedMode, setSubmittedMode] = useState<InvitationMode | null>(null);
  const [celebrating, setCelebrating] = useState(false);

  const handleSubmitted = useCallback(() => {
    setSubmittedMode(mode);
    trackRequestSent(site.analytics, mode);
    if (!prefersReducedMotion()) setCelebrating(true);
  }, [mode]);
  const endCelebration = useCallback(() => setCelebrating(false), []);
  // Once sent, the page reads as sent: its heading, subtitle and side line follow (docs/product.md#the-request-page).
  const sent = submittedMode === mode;

  return (
    <div className="relative isolate overflow-hidden bg-gradient-to-b from-navy-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-40 -z-10 size-[36rem] rounded-full bg-gold-100/60 blur-3xl"
      />
      <div className="container-page grid gap-12 pt-6 pb-20 sm:pt-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:gap-16 lg:pt-14 lg:pb-28">
        <div className="min-w-0">
          {intro}
          <h1 className="mt-3 text-display font-semibold">{sent ? copy.sent.heading : copy.heading}</h1>
          <p className="mt-4 max-w-2xl text-lead text-body sm:mt-5">{sent ? copy.sent.subtitle : copy.subtitle}</p>

          <div className="mt-6 sm:mt-8">
            <Suspense>
              <ModeToggle mode={mode} legend={content.toggleLegend} labels={toggleLabels} onChange={setMode} />
            </Suspense>
          </div>

          <div className="mt-6 rounded-[1.25rem] border border-line bg-white p-5 shadow-lift sm:mt-8 sm:p-8">
            <Suspense>
              {sent ? (
                <ConfirmationNotice
                  title={content.confirmation.title}
                  body={copy.confirmationBody}
                  nextSteps={{ heading: content.confirmation.nextStepsHeading, steps: copy.sent.nextSteps }}
                  homeLink={content.confirmation.homeLink}
                />
              ) : (
                <RequestForm
                  mode={mode}
                  intro={{ heading: copy.formHeading, lead: copy.formLead }}
                  onSent={handleSubmitted}
                />
              )}
            </Suspense>
          </div>
        </div>

        <div className="lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">
          <Suspense>
            <SideImagePanel mode={mode} images={sideImages} labels={imageLabels} />
          </Suspense>
          <div className="mt-6 rounded-card border border-line bg-white/90 shadow-card">
            <p className="flex flex-col gap-0.5 border-b border-line px-5 py-4 text-sm">
              <span className="text-muted">{sent ? content.confirmation.questionsLead : content.questions.lead}</span>
              <a
                href={`mailto:${site.contactEmail}`}
                className="font-semibold break-words text-navy-900 underline decoration-navy-100 decoration-2 underline-offset-4 transition-colors hover:decoration-navy-600"
              >
                {site.contactEmail}
              </a>
            </p>
            {supporter}
          </div>
        </div>
      </div>
      {celebrating && <Confetti onComplete={endCelebration} />}
    </div>
  );
}

/**
 * The form for the mode (docs/product.md#nothing-lost), under its heading: HubSpot's embed when configured, with the
 * site's own form first when it cannot load and for visitors without JavaScript;
 * otherwise the site's own form alone. The own form is offered only where the site's request API runs.
 */
function RequestForm({
  mode,
  intro,
  onSent,
}: {
  mode: InvitationMode;
  intro: { heading: string; lead: string };
  onSent: () => void;
}) {
  const { hubspot, requestApi, contactEmail } = site;
  const hydrated = useHydrated();
  if (!hubspot) {
    return (
      <>
        <FormIntro {...intro} />
        <OwnForm key={mode} mode={mode} contactEmail={contactEmail} onSent={onSent} />
      </>
    );
  }
  return (
    <>
      <FormLoader
        key={mode}
        mode={mode}
        hubspot={hubspot}
        contactEmail={contactEmail}
        onSubmitted={onSent}
        intro={intro}
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
