import { startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { site } from "#app/config/site.ts";
import { IslandErrorBoundary } from "#app/components/layout/island-error-boundary.tsx";
import { FormIntro } from "#app/features/invitation/form-intro.tsx";
import { FormLoader } from "#app/features/invitation/form-loader.tsx";
import { readHead, useHeadFollowsMode, type HeadTags } from "#app/features/invitation/head-mode.ts";
import { loadModePart, servedModePart, type ModePart } from "#app/features/invitation/mode-part.ts";
import { loadAfterSend, LazyConfetti, LazyConfirmationNotice } from "#app/features/invitation/load-after-send.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ModeToggle } from "#app/features/invitation/mode-toggle.tsx";
import { OwnForm, type SentRequest } from "#app/features/invitation/own-form.tsx";
import {
  asPageWords,
  hasModeWords,
  RequestWords,
  useRequestWords,
  withModeWords,
} from "#app/features/invitation/request-words.ts";
import { SideImagePanel, type SideImage } from "#app/features/invitation/side-image-panel.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useInvitationMode } from "#app/features/invitation/use-invitation-mode.ts";
import { prefersReducedMotion } from "#app/lib/use-reduced-motion.ts";
import { ArrowLink } from "#app/components/ui/button.tsx";
import { ROLE_PARAM } from "#shared/roles/page.ts";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
import { fill } from "#shared/text.ts";

/** What never changes with the mode or the state, prerendered by Astro and passed in as static HTML (its slots). */
interface StaticParts {
  /** The back link and the eyebrow, above the heading. */
  intro?: ReactNode;
  /** The supporter badge, under the questions line beneath the side image. */
  supporter?: ReactNode;
  /** Who qualifies and what happens next (content/questions.yaml), under the side image's card. */
  answers?: ReactNode;
}

/**
 * What the page gives its island (app/pages/request-invitation/_document.astro): the mode its HTML shows and the
 * role it was served for. Its words, side image and head tags are the mode's part (./mode-part.ts), not props,
 * so the HTML does not carry them twice (docs/decisions/0029-request-page-hydrates-when-touched.md).
 */
interface IslandData {
  servedMode: InvitationMode;
  /** The open role the page was served for (`?role=<slug>`, leaders' mode only), or null. */
  role?: ChosenRole | null;
}

export interface ChosenRole {
  slug: string;
  title: string;
}

export interface RoleWords {
  about: string;
  clear: string;
  /** `{title}` is the role's. */
  clearLabel: string;
  /** The link to the open roles, in the leaders' mode, while any is open; null when none is. */
  rolesLink: string | null;
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
export function RequestInvitationPage(props: IslandData & StaticParts) {
  const part = servedModePart(props.servedMode);
  return (
    <IslandErrorBoundary words={part.errorWords}>
      <RequestInvitationBody {...props} part={part} />
    </IslandErrorBoundary>
  );
}

/** The other mode's part once fetched, with the served mode's head tags read from the document before any change. */
interface OtherPart {
  part: ModePart;
  servedHead: HeadTags;
}

/**
 * The mode the page shows: the URL's, once its words are there. The other mode's part is fetched as the island
 * hydrates (the page's head has prefetched it), so the toggle's switch is as quick as before; if it cannot be
 * fetched when the URL asks for that mode, the page is loaded again, and the server answers with that mode's HTML.
 */
function useShownMode(servedMode: InvitationMode, { words: served, image: servedImage }: ModePart) {
  const [urlMode, setMode] = useInvitationMode(servedMode);
  const otherMode: InvitationMode = servedMode === "candidate" ? "employer" : "candidate";
  const [other, setOther] = useState<OtherPart | null>(null);
  const needed = urlMode === otherMode;
  useEffect(() => {
    if (other) return;
    let current = true;
    loadModePart(otherMode).then(
      (part) => current && setOther({ part, servedHead: readHead(part.head) }),
      () => current && needed && window.location.reload(),
    );
    return () => {
      current = false;
    };
  }, [other, otherMode, needed]);
  const words = useMemo(
    () => (other ? withModeWords(served, otherMode, other.part.words) : served),
    [other, served, otherMode],
  );
  const images = useMemo(
    () =>
      ({ [servedMode]: servedImage, ...(other && { [otherMode]: other.part.image }) }) as Record<
        InvitationMode,
        SideImage
      >,
    [other, servedMode, otherMode, servedImage],
  );
  const mode = hasModeWords(words, urlMode) ? urlMode : servedMode;
  const head = other ? (mode === servedMode ? other.servedHead : other.part.head) : undefined;
  return { urlMode, mode, setMode, words, images, head };
}

function RequestInvitationBody({
  servedMode,
  part,
  intro,
  supporter,
  answers,
  role: servedRole = null,
}: IslandData & StaticParts & { part: ModePart }) {
  const { roleWords } = part;
  const shown = useShownMode(servedMode, part);
  const { mode, images } = shown;
  useHeadFollowsMode(shown.head);
  const content = useMemo(() => asPageWords(shown.words), [shown.words]);
  const copy = content.modes[mode];
  // The mode whose form was sent; switching to the other mode shows that mode's form.
  const [submittedMode, setSubmittedMode] = useState<InvitationMode | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  // The address the reply will go to, when the site's own form sent it (HubSpot's form does not say).
  const [replyAddress, setReplyAddress] = useState<string | null>(null);

  const handleSubmitted = useCallback(
    (sentRequest?: SentRequest) => {
      setReplyAddress(sentRequest?.email.trim() || null);
      // A transition: the form stays until the confirmation's chunk is there (./load-after-send.ts), never a blank box.
      startTransition(() => {
        setSubmittedMode(mode);
        if (!prefersReducedMotion()) setCelebrating(true);
      });
      loadAfterSend().then(
        ({ trackRequestSent }) => trackRequestSent(site.analytics, mode),
        (error: unknown) => console.error("[request-invitation] The conversion event could not be sent:", error),
      );
    },
    [mode],
  );
  const endCelebration = useCallback(() => setCelebrating(false), []);
  const [chosenRole, setChosenRole] = useState(servedRole);
  // A role is a TA leader's: in the employer's mode it is neither shown nor sent.
  const role = mode === "candidate" ? chosenRole : null;
  const clearRole = useCallback(() => {
    setChosenRole(null);
    const url = new URL(window.location.href);
    url.searchParams.delete(ROLE_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  // Once sent, the page reads as sent: its heading, subtitle and side line follow (docs/product.md#the-request-page).
  const sent = submittedMode === mode;

  return (
    <RequestWords value={content}>
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
                <ModeToggle
                  mode={shown.urlMode}
                  legend={content.toggleLegend}
                  labels={shown.words.toggleLabels}
                  onChange={shown.setMode}
                />
              </Suspense>
            </div>

            <div className="mt-6 rounded-[1.25rem] border border-line bg-white p-5 shadow-lift sm:mt-8 sm:p-8">
              <Suspense>
                {sent ? (
                  <LazyConfirmationNotice
                    title={content.confirmation.title}
                    body={copy.confirmationBody}
                    nextSteps={{ heading: content.confirmation.nextStepsHeading, steps: copy.sent.nextSteps }}
                    homeLink={content.confirmation.homeLink}
                    replyTo={
                      replyAddress
                        ? { address: replyAddress, words: content.confirmation, contactEmail: site.contactEmail }
                        : null
                    }
                  />
                ) : (
                  <>
                    {role && <RoleLine role={role} words={roleWords} onClear={clearRole} />}
                    <RequestForm
                      mode={mode}
                      intro={{ heading: copy.formHeading, lead: copy.formLead }}
                      onSent={handleSubmitted}
                      role={role?.slug ?? null}
                    />
                  </>
                )}
              </Suspense>
            </div>
          </div>

          {/* Not sticky: the side column, with who qualifies and what happens next, runs beside the whole form. */}
          <div className="min-w-0">
            <Suspense>
              <SideImagePanel
                mode={mode}
                images={images}
                labels={{
                  candidate: shown.words.modes.candidate?.imageLabel ?? "",
                  employer: shown.words.modes.employer?.imageLabel ?? "",
                }}
              />
            </Suspense>
            <div className="mt-6 rounded-card border border-line bg-white/90 shadow-card">
              <p className="flex flex-col gap-0.5 border-b border-line px-5 py-4 text-sm">
                <span className="text-muted">{sent ? content.confirmation.questionsLead : content.questionsLead}</span>
                <a
                  href={`mailto:${site.contactEmail}`}
                  className="font-semibold break-words text-navy-900 underline decoration-navy-100 decoration-2 underline-offset-4 transition-colors hover:decoration-navy-600"
                >
                  {site.contactEmail}
                </a>
              </p>
              {mode === "candidate" && roleWords.rolesLink && (
                <p className="border-b border-line px-5 py-4 text-sm">
                  <ArrowLink href={ROUTES.openRoles.path}>{roleWords.rolesLink}</ArrowLink>
                </p>
              )}
              {supporter}
            </div>
            {answers}
          </div>
        </div>
        {celebrating && (
          <Suspense>
            <LazyConfetti onComplete={endCelebration} />
          </Suspense>
        )}
      </div>
    </RequestWords>
  );
}

/**
 * "About: <role>", above the form, with a way to clear it: a link to the page without the role,
 * which works without JavaScript, and which the island handles in place once it runs.
 */
function RoleLine({ role, words, onClear }: { role: ChosenRole; words: RoleWords; onClear: () => void }) {
  return (
    <p className="mb-6 flex flex-wrap items-baseline gap-x-2 gap-y-1 rounded-button border border-gold-300 bg-gold-100/60 px-4 py-3 text-sm text-ink">
      <span className="font-semibold">{words.about}</span>
      <span className="min-w-0 break-words">{role.title}</span>
      <a
        href={requestPagePath("candidate")}
        aria-label={fill(words.clearLabel, { title: role.title })}
        className="ml-auto font-medium text-navy-900 underline underline-offset-4"
        onClick={(event) => {
          event.preventDefault();
          onClear();
        }}
      >
        {words.clear}
      </a>
    </p>
  );
}

/**
 * The form for the mode (docs/product.md#nothing-lost), under its heading: HubSpot's embed when configured, with the
 * site's own form first when it cannot load and for visitors without JavaScript; the site's own form alone otherwise,
 * and for a request about a role. The own form is offered only where the site's request API runs.
 */
export function RequestForm({
  mode,
  intro,
  onSent,
  role,
}: {
  mode: InvitationMode;
  intro: { heading: string; lead: string };
  onSent: (sent?: SentRequest) => void;
  role: string | null;
}) {
  const { hubspot, requestApi, contactEmail } = site;
  const content = useRequestWords();
  const hydrated = useHydrated();
  // HubSpot's embedded form cannot carry the role: a request for one goes through the site's
  // own form, which stores it and relays it to HubSpot with the role (HUBSPOT_ROLE_FIELD).
  if (!hubspot || (role !== null && requestApi)) {
    return (
      <>
        <FormIntro {...intro} />
        <OwnForm key={mode} mode={mode} contactEmail={contactEmail} onSent={onSent} role={role} />
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
        fallback={
          requestApi ? <OwnForm mode={mode} contactEmail={contactEmail} onSent={onSent} role={role} /> : undefined
        }
      />
      {/* For visitors without JavaScript, who never get HubSpot's form: in the HTML, hidden when scripts run, gone once hydrated. */}
      {requestApi && !hydrated && (
        <div className="js:hidden">
          <p className="mb-5 text-base font-medium text-ink">{content.loader.noScriptLead}</p>
          <OwnForm mode={mode} contactEmail={contactEmail} onSent={onSent} role={role} />
        </div>
      )}
    </>
  );
}
