import { useEffect, useId, useRef } from "react";
import { CheckIcon } from "#app/components/ui/icons.tsx";
import type { LinkAction as NavLink } from "#shared/content/sections.ts";
import { prefersReducedMotion } from "#app/lib/use-reduced-motion.ts";

interface ConfirmationNoticeProps {
  title: string;
  body: string;
  /** Who reads the request, what the reply will be and when. */
  nextSteps: NextStepsContent;
  homeLink: NavLink;
  /** Where the reply will go, when the visitor's address is known (the site's own form), and how to correct it. */
  replyTo?: ReplyTo | null;
}

export interface ReplyTo {
  /** The address the visitor gave. */
  address: string;
  /** `replyTo` holds `{email}`; `correctionLead` is followed by the contact address, linked. */
  words: { replyTo: string; correctionLead: string; correctionSubject: string };
  contactEmail: string;
}

export interface NextStepsContent {
  heading: string;
  steps: readonly string[];
  /** One level under the confirmation's title: h3 under the page's notice, h2 on the confirmation page. */
  headingLevel?: "h2" | "h3";
}

/**
 * Shown in place of the form once it is submitted. It is a status message that takes
 * focus when it appears, so screen readers read it and keyboard users continue from it.
 */
export function ConfirmationNotice({ title, body, nextSteps, homeLink, replyTo = null }: ConfirmationNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const notice = ref.current;
    if (!notice) return;
    // The notice is much shorter than the form it replaces: bring it to the middle of
    // the screen rather than leaving it under the fixed header.
    notice.focus({ preventScroll: true });
    notice.scrollIntoView({ block: "center", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, []);

  return (
    <div
      ref={ref}
      role="status"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="flex min-h-72 flex-col items-center justify-center gap-5 py-6 text-center outline-none"
    >
      <SentMark />
      <h2 id={titleId} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <p className="max-w-md text-lead text-body">{body}</p>
      {replyTo && <ReplyAddress {...replyTo} />}
      <NextSteps {...nextSteps} />
      <a
        href={homeLink.href}
        className="mt-1 rounded-button border border-line px-5 py-2.5 font-semibold text-navy-900 transition-colors hover:border-navy-100 hover:bg-navy-50"
      >
        {homeLink.label}
      </a>
    </div>
  );
}

/** Where the reply will go: the address given, and a way to correct it before the team answers. */
export function ReplyAddress({ address, words, contactEmail }: ReplyTo) {
  const [before = "", after = ""] = words.replyTo.split("{email}");
  const correction = `mailto:${contactEmail}?subject=${encodeURIComponent(words.correctionSubject)}`;
  return (
    <div className="w-full max-w-md rounded-card bg-navy-50 px-5 py-4 text-left text-base text-body">
      <p data-reply-to>
        {before}
        <strong className="font-semibold break-words text-navy-900">{address}</strong>
        {after}
      </p>
      <p className="mt-1 text-sm">
        {words.correctionLead}{" "}
        <a href={correction} className="font-semibold break-words text-navy-900 underline underline-offset-4">
          {contactEmail}
        </a>
      </p>
    </div>
  );
}

/** The gold tick that heads a confirmation, on the page and on the no-JavaScript confirmation page. */
export function SentMark() {
  return (
    <span
      aria-hidden="true"
      className="flex size-16 items-center justify-center rounded-full bg-gold-100 text-gold-600 ring-8 ring-gold-100/40"
    >
      <CheckIcon className="size-8 stroke-[2.25]" />
    </span>
  );
}

/**
 * What happens after a request is sent, numbered, on the page and on the no-JavaScript
 * confirmation page: the specification's confirmation says when, this says who and what.
 */
export function NextSteps({ heading, steps, headingLevel: Heading = "h3" }: NextStepsContent) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="w-full max-w-md text-left">
      <Heading id={headingId} className="text-sm font-semibold tracking-wide text-gold-600 uppercase">
        {heading}
      </Heading>
      {/* The numbers are a CSS counter: an ordered list's own numbering for assistive technology, drawn as a badge. */}
      <ol className="mt-3 grid gap-3 [counter-reset:step]">
        {steps.map((step) => (
          <li
            key={step}
            className="flex gap-3 text-base text-body [counter-increment:step] before:flex before:size-7 before:shrink-0 before:items-center before:justify-center before:rounded-full before:bg-navy-50 before:text-sm before:font-semibold before:text-navy-900 before:content-[counter(step)]"
          >
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
