import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { AlertIcon } from "~/components/ui/icons";
import type { HubSpotConfig } from "~/config/schema";
import { requestInvitationContent } from "~/content/request-invitation";
import { startEmbeddedForm } from "./embedded-form";
import { formFor } from "./form-source";
import type { InvitationMode } from "~/invitation/mode";

type LoadStatus = "loading" | "ready" | "failed";

interface FormLoaderProps {
  mode: InvitationMode;
  /** The portal, forms, region and embed of the configuration. */
  hubspot: HubSpotConfig;
  /** The address and subject of the mailto fallback shown when the form cannot load. */
  contactEmail: string;
  onSubmitted: () => void;
  /**
   * Shown under Try Again when the form failed or timed out: the site's own form,
   * another way to send the request (docs/product.md#beyond-the-specification).
   */
  fallback?: ReactNode;
}

const copy = requestInvitationContent.loader;

/**
 * HubSpot's embedded form with its three states: loading (spinner), ready (the form) and
 * failed (the message, Try Again and a mailto fallback). The parent keys it by mode,
 * so a mode change starts from loading with a new form.
 */
export function FormLoader({ mode, hubspot, contactEmail, onSubmitted, fallback }: FormLoaderProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<LoadStatus>("loading");
  const [attempt, setAttempt] = useState(0);
  const submitted = useEffectEvent(onSubmitted);

  // The form lives outside React, in a container only this component owns; the effect
  // creates it after hydration and its cleanup removes it (StrictMode, mode change, leaving).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    return startEmbeddedForm(
      { container, ...formFor(mode, hubspot) },
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

  const subject = requestInvitationContent.modes[mode].mailSubject;
  const mailto = `mailto:${contactEmail}?subject=${encodeURIComponent(subject)}`;

  return (
    <div ref={regionRef} tabIndex={-1} className="relative outline-none" data-form-status={status}>
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
      {status === "failed" && (
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
          <button type="button" onClick={retry} className={buttonClass("primary", "lg")}>
            {copy.retry}
          </button>
          <p className="max-w-sm text-sm text-muted">
            {copy.fallbackLead}{" "}
            <a href={mailto} className="font-semibold break-words text-navy-900 underline underline-offset-4">
              {contactEmail}
            </a>
          </p>
        </div>
      )}
      {status === "failed" && fallback && (
        <div className="mt-8 border-t border-line pt-8">
          <p className="mb-5 text-base font-medium text-ink">{copy.ownFormLead}</p>
          {fallback}
        </div>
      )}
      {/* Laid out but invisible until ready: HubSpot sizes its form from the container's width. */}
      <div ref={containerRef} className={status === "ready" ? undefined : "invisible absolute inset-x-0 top-0"} />
    </div>
  );
}
