/**
 * Consent as HubSpot's form has it (docs/product.md#where-requests-come-from): with
 * HUBSPOT_LEGAL_BASIS=consent the own form asks for consent to process (a required box) and,
 * with a subscription type, offers an unchecked box for updates; with legitimate-interest it
 * shows the notice only. What the visitor saw and checked is stored with the request and sent
 * to HubSpot as `legalConsentOptions`. Shared by the form and the server, so the texts the
 * server stores and relays are the ones the page showed.
 */
import type { ConsentWords, PrivacyNoticeWords } from "../content/request-invitation";
import type { LegalBasis, SiteConfig } from "../site-config";
import { privacyNotice, type NoticeSite } from "./privacy-notice";
import { fill } from "../text";

/** The form control (and JSON key) of the required box. */
export const CONSENT_TO_PROCESS_FIELD = "consentToProcess";
/** The form control (and JSON key) of the box for updates. */
export const COMMUNICATIONS_CONSENT_FIELD = "communicationsConsent";
/**
 * HubSpot's `legitimateInterest.legalBasis` for these forms: `LEAD` (a prospect who asked to
 * hear from the network), not `CUSTOMER` (HubSpot's example, an existing customer);
 * docs/deployment/hubspot.md says how to change it.
 */
export const LEGITIMATE_INTEREST_LEGAL_BASIS = "LEAD";

export type ConsentSite = NoticeSite & Pick<SiteConfig, "siteName" | "legalBasis">;

/** The boxes the own form shows, with their exact words; empty without HUBSPOT_LEGAL_BASIS=consent. */
export interface ConsentBox {
  name: typeof CONSENT_TO_PROCESS_FIELD | typeof COMMUNICATIONS_CONSENT_FIELD;
  label: string;
  required: boolean;
}

/** The words consent is given in: the boxes' and the notice's (content/request-invitation.yaml, `ownForm`). */
export interface ConsentTexts {
  consent: ConsentWords;
  privacyNotice: PrivacyNoticeWords;
}

const withSiteName = (text: string, site: Pick<SiteConfig, "siteName">) => fill(text, { siteName: site.siteName });

export function consentBoxes(copy: ConsentWords, site: ConsentSite): ConsentBox[] {
  if (site.legalBasis?.basis !== "consent") return [];
  const boxes: ConsentBox[] = [
    { name: CONSENT_TO_PROCESS_FIELD, label: withSiteName(copy.toProcess, site), required: true },
  ];
  if (site.legalBasis.subscriptionTypeId !== null) {
    boxes.push({ name: COMMUNICATIONS_CONSENT_FIELD, label: withSiteName(copy.communications, site), required: false });
  }
  return boxes;
}

/** The privacy notice as one text, word for word as the form shows it (own-form.tsx). */
export function noticeText(copy: PrivacyNoticeWords, site: NoticeSite): string {
  const notice = privacyNotice(copy, site);
  const agreement = notice.agreement.map((part) => (typeof part === "string" ? part : part.label)).join("");
  return `${notice.sentences.join(" ")} ${notice.rightsLead} ${notice.contactEmail}. ${agreement}`;
}

/** A box's value as a form post or JSON sends it: checked is `true`, or the form's `on`/`yes`. */
export function isChecked(value: unknown): boolean {
  return value === true || value === "true" || value === "on" || value === "yes";
}

/** What the visitor saw and checked, stored with the request and sent to HubSpot as legalConsentOptions. */
export type ConsentRecord =
  | {
      basis: "consent";
      /** The required box's words; checked, or the request was refused. */
      text: string;
      consentToProcess: true;
      /** The box for updates, checked or not, when one was shown. */
      communications: { value: boolean; subscriptionTypeId: number; text: string }[];
    }
  | {
      basis: "legitimate-interest";
      /** The notice the visitor was shown. */
      text: string;
      subscriptionTypeId: number;
      legalBasis: typeof LEGITIMATE_INTEREST_LEGAL_BASIS;
    };

/** The record for a request, from what was checked; null without HUBSPOT_LEGAL_BASIS (the notice only). */
export function consentRecord(
  texts: ConsentTexts,
  site: ConsentSite,
  checked: { communications: boolean },
): ConsentRecord | null {
  const copy = texts.consent;
  const basis: LegalBasis | undefined = site.legalBasis?.basis;
  const subscriptionTypeId = site.legalBasis?.subscriptionTypeId ?? null;
  if (basis === "consent") {
    return {
      basis,
      text: withSiteName(copy.toProcess, site),
      consentToProcess: true,
      communications:
        subscriptionTypeId === null
          ? []
          : [{ value: checked.communications, subscriptionTypeId, text: withSiteName(copy.communications, site) }],
    };
  }
  if (basis === "legitimate-interest" && subscriptionTypeId !== null) {
    return {
      basis,
      text: noticeText(texts.privacyNotice, site),
      subscriptionTypeId,
      legalBasis: LEGITIMATE_INTEREST_LEGAL_BASIS,
    };
  }
  return null;
}
