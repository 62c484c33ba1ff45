/**
 * HubSpot's embed API as this site uses it: the specification's constants and the
 * options type. No runtime imports, so browser tests import these values too.
 */
import type { InvitationMode } from "./mode";

/** Between checks for `hbspt.forms.create` once the embed script has run (SPEC §7). */
export const FORM_READY_POLL_MS = 100;
/** A form not ready by then counts as failed: blockers often stop HubSpot silently (DECISIONS §3). */
export const FORM_READY_TIMEOUT_MS = 10_000;
export const HUBSPOT_REGION = "na1";
export const HUBSPOT_EMBED_ORIGIN = "https://js.hsforms.net";
export const HUBSPOT_EMBED_SRC = `${HUBSPOT_EMBED_ORIGIN}/forms/embed/v2.js`;

/** The options of HubSpot's v2 embed API that this site uses; the stand-in accepts the same. */
export interface HubSpotFormOptions {
  region: string;
  portalId: string;
  formId: string;
  /** A CSS selector (HubSpot's documented form) or the element itself. */
  target: string | HTMLElement;
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
  }
}

/** The stand-in's ids: it tells the two forms apart by form id, as HubSpot does. */
export const STAND_IN_PORTAL_ID = "0";
export const STAND_IN_FORM_IDS: Record<InvitationMode, string> = {
  candidate: "stand-in-candidate",
  employer: "stand-in-employer",
};
