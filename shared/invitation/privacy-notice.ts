/**
 * The privacy notice beside the own form's submit button (docs/product.md#notifications-and-privacy): its sentences
 * for this deployment (who receives a request depends on HubSpot, how long it is kept
 * on REQUEST_RETENTION_DAYS), and the version each stored request records. Shared by
 * the form and the server, so the version the server stores names the words the
 * visitor was shown.
 */
import type { PrivacyNoticeWords } from "../content/request-invitation";
import { ROUTES } from "../routes";
import type { SiteConfig } from "../site-config";
import { fill } from "../text";

export type NoticeSite = Pick<SiteConfig, "hubspot" | "requestRetentionDays" | "contactEmail" | "privacyPolicyUrl">;

export interface NoticeLink {
  label: string;
  href: string;
}

export interface PrivacyNotice {
  /** What is stored and why, who receives it, how long it is kept. */
  sentences: string[];
  rightsLead: string;
  contactEmail: string;
  /** What sending agrees to: text, and the Terms of Engagement and the privacy policy as links. */
  agreement: (string | NoticeLink)[];
}

/** The notice for this deployment, from its words (content/request-invitation.yaml, `ownForm.privacyNotice`). */
export function privacyNotice(copy: PrivacyNoticeWords, site: NoticeSite): PrivacyNotice {
  const links: Record<string, NoticeLink> = {
    terms: { label: copy.termsLink, href: ROUTES.terms.path },
    privacyPolicy: { label: copy.policyLink, href: site.privacyPolicyUrl },
  };
  return {
    sentences: [
      copy.stored,
      site.hubspot ? copy.recipients.withHubSpot : copy.recipients.withoutHubSpot,
      fill(copy.retention, { days: site.requestRetentionDays }),
    ],
    rightsLead: copy.rightsLead,
    contactEmail: site.contactEmail,
    // "a {terms} b" -> ["a ", "terms", " b"]: every odd part is a link's name.
    agreement: copy.agreement
      .split(/\{(\w+)\}/)
      .map((part, index) => (index % 2 === 1 ? links[part]! : part))
      .filter((part) => part !== ""),
  };
}

/** 32-bit FNV-1a, as 8 hex digits: enough to tell two wordings apart, and no Node API. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * `<dated version>+<hash of the words shown>`, e.g. `2026-11-25+1a2b3c4d`: the date is
 * the copy's, the hash changes with any word, the retention or the recipients.
 */
export function privacyNoticeVersion(copy: PrivacyNoticeWords, site: NoticeSite): string {
  return `${copy.version}+${fnv1a(JSON.stringify(privacyNotice(copy, site)))}`;
}
