import { useCallback, useState } from "react";
import { site } from "~/config/site";
import { sideImages } from "~/content/images";
import { requestInvitationContent as content } from "~/content/request-invitation";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { IslandErrorBoundary } from "~/components/layout/island-error-boundary";
import { Confetti } from "~/features/celebration/confetti";
import { ConfirmationNotice } from "~/features/invitation/confirmation-notice";
import { FormLoader } from "~/features/invitation/form-loader";
import { useHeadFollowsMode } from "~/features/invitation/head-mode";
import type { InvitationMode } from "~/features/invitation/mode";
import { ModeToggle } from "~/features/invitation/mode-toggle";
import { OwnForm } from "~/features/invitation/own-form";
import { SideImagePanel } from "~/features/invitation/side-image-panel";
import { SupporterBadge } from "~/features/invitation/supporter-badge";
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

/**
 * The request page's body: the one React island of the site, prerendered once per mode
 * (app/features/invitation/request-invitation-document.astro). It hydrates in the mode of
 * the HTML it was served; the toggle then changes the mode without a reload, keeping the
 * URL and the page head in step.
 */
export function RequestInvitationPage({ servedMode }: { servedMode: InvitationMode }) {
  return (
    <IslandErrorBoundary>
      <RequestInvitationBody servedMode={servedMode} />
    </IslandErrorBoundary>
  );
}

function RequestInvitationBody({ servedMode }: { servedMode: InvitationMode }) {
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
          <a
            href={content.backLink.to}
            className="group inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted transition-colors hover:text-navy-900"
          >
            <ArrowLeftIcon className="size-4 stroke-[2.4] transition-transform group-hover:-translate-x-0.5" />
            {content.backLink.label}
          </a>

          <p className="mt-8 text-sm font-semibold tracking-wide text-gold-600 uppercase">{content.eyebrow}</p>
          <h1 className="mt-3 text-display font-semibold">{copy.heading}</h1>
          <p className="mt-5 max-w-2xl text-lead text-body">{copy.subtitle}</p>

          <div className="mt-8">
            <ModeToggle mode={mode} legend={content.toggleLegend} labels={toggleLabels} onChange={setMode} />
          </div>

          <div className="mt-8 rounded-[1.25rem] border border-line bg-white p-6 shadow-lift sm:p-8">
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
          </div>
        </div>

        <div className="lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">
          <SideImagePanel mode={mode} images={sideImages} labels={imageLabels} />
          <div className="mt-6 divide-y divide-line rounded-card border border-line bg-white/90 shadow-card">
            <p className="flex flex-col gap-0.5 px-5 py-4 text-sm">
              <span className="text-muted">{content.questions.lead}</span>
              <a
                href={`mailto:${site.contactEmail}`}
                className="font-semibold break-words text-navy-900 underline decoration-navy-100 decoration-2 underline-offset-4 transition-colors hover:decoration-navy-600"
              >
                {site.contactEmail}
              </a>
            </p>
            <div className="px-5 py-4">
              <SupporterBadge label={content.supporter.label} name={site.supporter.name} url={site.supporter.url} />
            </div>
          </div>
        </div>
      </div>
      {celebrating && <Confetti onComplete={endCelebration} />}
    </div>
  );
}

/**
 * The form for the mode (DECISIONS §4): HubSpot's embed when configured, with the site's
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
