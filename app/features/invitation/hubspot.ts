/**
 * HubSpot's two form embeds as this site uses them (docs/decisions/0007-hubspot-embeds.md):
 * the specification's constants, each region's forms host, the script of each embed,
 * the window events of the current embed and the types of both APIs. No runtime
 * imports, so browser tests import these values too.
 */
import type { HubSpotEmbedKind, HubSpotRegion } from "#shared/site-config.ts";
import { hubspotFormsOrigin } from "#shared/hubspot-hosts.ts";

/** Between checks for `hbspt.forms.create` once the legacy embed script has run (docs/product.md#the-request-page). */
export const FORM_READY_POLL_MS = 100;
/** A form not ready by then counts as failed: blockers often stop HubSpot silently (docs/product.md#beyond-the-specification). */
export const FORM_READY_TIMEOUT_MS = 10_000;

/** The legacy (v2) embed script, `hbspt.forms.create`. */
export function legacyEmbedSrc(region: HubSpotRegion): string {
  return `${hubspotFormsOrigin(region)}/forms/embed/v2.js`;
}

/** The current forms editor's embed script: one per portal, it renders every `div.hs-form-frame`. */
export function currentEmbedSrc(region: HubSpotRegion, portalId: string): string {
  return `${hubspotFormsOrigin(region)}/forms/embed/${encodeURIComponent(portalId)}.js`;
}

/** The script a configured embed needs. */
export function embedSrc({
  embed,
  region,
  portalId,
}: {
  embed: HubSpotEmbedKind;
  region: HubSpotRegion;
  portalId: string;
}) {
  return embed === "current" ? currentEmbedSrc(region, portalId) : legacyEmbedSrc(region);
}

/** The element the current embed renders a form into; HubSpot finds it by this class. */
export const HUBSPOT_FORM_FRAME_CLASS = "hs-form-frame";

/** The window events of the current embed that the loader listens to (HubSpot's "Global form events"). */
export const HUBSPOT_FORM_EVENTS = {
  ready: "hs-form-event:on-ready",
  submissionSucceeded: "hs-form-event:on-submission:success",
  submissionFailed: "hs-form-event:on-submission:failed",
} as const;

/** What a form event carries in `detail`, as observed on live pages (the documented way is `getFormFromEvent`). */
export interface HubSpotFormEventDetail {
  formId?: string;
  instanceId?: string;
}

/** The form instance `HubSpotFormsV4.getFormFromEvent` returns; only what this site reads. */
export interface HubSpotFormInstance {
  getFormId(): string;
}

export interface HubSpotFormsV4 {
  getFormFromEvent(event: Event): HubSpotFormInstance | null | undefined;
}

/** The options of HubSpot's v2 embed API that this site uses. */
export interface HubSpotFormOptions {
  region: string;
  portalId: string;
  formId: string;
  /** A CSS selector (HubSpot's documented form) or the element itself. */
  target: string | HTMLElement;
  /**
   * Shown in place of the form once it is sent. Passing it overrides a redirect set in
   * the form's options, so no portal setting can take the visitor off the page before
   * the site's own confirmation (HubSpot: inlineMessage "cannot be used with redirectUrl").
   */
  inlineMessage?: string;
  onFormReady?: (form: HTMLFormElement) => void;
  onFormSubmit?: (form: HTMLFormElement) => void;
  onFormSubmitted?: (form: HTMLFormElement, data: { submissionValues: Record<string, string> }) => void;
}

export interface HubSpotEmbed {
  forms: { create(options: HubSpotFormOptions): unknown };
}

declare global {
  interface Window {
    hbspt?: Partial<HubSpotEmbed> & { forms?: Partial<HubSpotEmbed["forms"]> };
    HubSpotFormsV4?: Partial<HubSpotFormsV4>;
  }
}
