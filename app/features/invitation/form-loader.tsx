import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { AlertIcon } from "#app/components/ui/icons.tsx";
import type { HubSpotConfig } from "#shared/site-config.ts";
import { startEmbeddedForm } from "./embedded-form";
import { FormIntro } from "./form-intro";
import { formFor } from "./form-source";
import { useRequestWords } from "./request-words";
import type { InvitationMode } from "#shared/invitation/mode.ts";

type LoadStatus = "loading" | "ready" | "failed";

interface FormLoaderProps {
  mode: InvitationMode;
  /** The portal, forms, region and embed of the configuration. */
  hubspot: HubSpotConfig;
  /** The address and subject of the mailto fallback shown when the form cannot load. */
  contactEmail: string;
  onSubmitted: () => void;
  /** The form's heading and the line under it, above the form in every state. */
  intro: { heading: string; lead: string };
  /**
   * Shown first when the form failed or timed out, with the failure text and Try Again
   * below it: the site's own form, another way to send the request
   * (docs/product.md#beyond-the-specification).
   */
  fallback?: ReactNode;
}

/**
 * HubSpot's embedded form with its three states: loading (spinner), ready (the form) and
 * failed (the message, Try Again and a mailto fallback). The parent keys it by mode,
 * so a mode change starts from loading with a new form. Failed with a fallback, the
 * working form leads: a line says HubSpot's form could not load, then the site's own
 * form, then the failure text and Try Again, so no error stands between a visitor (on a
 * phone, the whole first screen) and a form that sends.
 */
export function FormLoader({ mode, hubspot, contactEmail, onSubmitted, intro, fallback }: FormLoaderProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<LoadStatus>("loading");
  const [attempt, setAttempt] = useState(0);
  const submitted = useEffectEvent(onSubmitted);
  const words = useRequestWords();
  const copy = words.loader;

  // The form lives outside React, in a container only this component owns; the effect
  // creates it after hydration and its cleanup removes it (StrictMode, mode change, leaving).
  // The words are read as it starts: they grow when the other mode's arrive (./mode-part.ts), but
  // this mode's never change, so that is no reason to create the form again.
  const formSource = useEffectEvent(() => formFor(mode, hubspot, words));
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    return startEmbeddedForm(
      { container, ...formSource() },
      {
        onReady: () => setStatus("ready"),
        onSubmitted: () => submitted(),
        onFailed: () => setStatus("failed"),
      },
    );
  }, [mode, hubspot, attempt]);

  const retry = () => {
    setStatus("loading");
    setAttempt((count) => count + 1);
    // The Try Again button disappears; keep focus in this region rather than losing it.
    regionRef.current?.focus();
  };

  const subject = words.modes[mode].mailSubject;
  const mailto = `mailto:${contactEmail}?subject=${encodeURIComponent(subject)}`;

  const retryButton = (
    <button
      type="button"
      onClick={retry}
      className={buttonClass(fallback ? "secondary" : "primary", fallback ? "md" : "lg")}
    >
      {copy.retry}
    </button>
  );
  const emailLine = (
    <p className={fallback ? "text-sm text-muted" : "max-w-sm text-sm text-muted"}>
      {copy.fallbackLead}{" "}
      <a href={mailto} className="font-semibold break-words text-navy-900 underline underline-offset-4">
        {contactEmail}
      </a>
    </p>
  );
  const failedWithFallback = status === "failed" && fallback !== undefined;

  return (
    <div ref={regionRef} tabIndex={-1} className="relative outline-none" data-form-status={status}>
      <FormIntro heading={intro.heading} lead={failedWithFallback ? copy.ownFormFirst : intro.lead} />
      {status === "loading" && (
        // Without JavaScript the embed never comes: the page's own form takes the spinner's place.
        <div role="status" className="flex min-h-72 flex-col items-center justify-center gap-4 text-muted no-js:hidden">
          <span
            aria-hidden="true"
            className="size-9 animate-spin rounded-full border-[3px] border-navy-100 border-t-navy-600"
          />
          <span className="text-sm font-medium">{copy.loading}</span>
        </div>
      )}
      {failedWithFallback && (
        <>
          {fallback}
          <div className="mt-8 grid gap-3 border-t border-line pt-6">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
              <p role="alert" className="flex items-start gap-2 text-sm font-medium text-ink">
                <AlertIcon className="size-5 stroke-2 text-gold-600" />
                {copy.failed}
              </p>
              {retryButton}
            </div>
            {emailLine}
          </div>
        </>
      )}
      {status === "failed" && !failedWithFallback && (
        <div className="flex min-h-72 flex-col items-center justify-center gap-5 text-center">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-gold-100 text-gold-600"
          >
            <AlertIcon className="stroke-2" />
          </span>
          <p role="alert" className="max-w-sm text-base font-medium text-ink">
            {copy.failed}
          </p>
          {retryButton}
          {emailLine}
        </div>
      )}
      {/* Laid out but invisible until ready: HubSpot sizes its form from the container's width. */}
      <div ref={containerRef} className={status === "ready" ? undefined : "invisible absolute inset-x-0 top-0"} />
    </div>
  );
}
