import { useEffect, useId, useRef } from "react";
import { CheckIcon } from "~/components/ui/icons";
import type { NavLink } from "~/content/shared";
import { prefersReducedMotion } from "~/lib/use-reduced-motion";

interface ConfirmationNoticeProps {
  title: string;
  body: string;
  homeLink: NavLink;
}

/**
 * Shown in place of the form once it is submitted. It is a status message that takes
 * focus when it appears, so screen readers read it and keyboard users continue from it.
 */
export function ConfirmationNotice({ title, body, homeLink }: ConfirmationNoticeProps) {
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
      <a
        href={homeLink.href}
        className="mt-1 rounded-button border border-line px-5 py-2.5 font-semibold text-navy-900 transition-colors hover:border-navy-100 hover:bg-navy-50"
      >
        {homeLink.label}
      </a>
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
