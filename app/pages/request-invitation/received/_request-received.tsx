import { site } from "#app/config/site.ts";
import type { RequestInvitationWords } from "#shared/content/request-invitation.ts";
import { NextSteps, SentMark } from "#app/features/invitation/confirmation-notice.tsx";
import type { InvitationMode } from "#shared/invitation/mode.ts";

/**
 * The confirmation as a page of its own, for a request posted without JavaScript: the
 * server answers the form post with a 303 here once the request is stored.
 */
export function RequestReceived({ mode, content }: { mode: InvitationMode; content: RequestInvitationWords }) {
  return (
    <section className="bg-gradient-to-b from-navy-50 via-white to-white">
      <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-6 py-24 text-center">
        <SentMark />
        <h1 className="text-title font-semibold">{content.received[mode].heading}</h1>
        <p className="max-w-xl text-lead text-body">{content.modes[mode].confirmationBody}</p>
        <NextSteps
          heading={content.confirmation.nextStepsHeading}
          steps={content.modes[mode].sent.nextSteps}
          headingLevel="h2"
        />
        <a
          href={content.confirmation.homeLink.href}
          className="rounded-button border border-line bg-white px-5 py-2.5 font-semibold text-navy-900 transition-colors hover:border-navy-100 hover:bg-navy-50"
        >
          {content.confirmation.homeLink.label}
        </a>
        <p className="text-sm text-muted">
          {content.confirmation.questionsLead}{" "}
          <a
            href={`mailto:${site.contactEmail}`}
            className="font-semibold break-words text-navy-900 underline decoration-navy-100 decoration-2 underline-offset-4 hover:decoration-navy-600"
          >
            {site.contactEmail}
          </a>
        </p>
      </div>
    </section>
  );
}
