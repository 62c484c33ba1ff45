import type { SiteConfig } from "../site-config";
import { fill } from "../text";

/**
 * The deployment's facts a text may name as `{token}`; each is filled in by the page that shows it.
 * `{hours}` is the answer the site promises (REPLY_WITHIN_HOURS, docs/product.md#the-48-hour-promise).
 */
export const SITE_FACT_TOKENS = ["siteName", "contactEmail", "supporterName", "supporterUrl", "hours"] as const;
export type SiteFactToken = (typeof SITE_FACT_TOKENS)[number];

/** The site facts' values; they differ per deployment (docs/product.md#configuration). */
export function siteFacts(site: SiteConfig) {
  return {
    siteName: site.siteName,
    contactEmail: site.contactEmail,
    supporterName: site.supporter.name,
    supporterUrl: site.supporter.url,
    hours: String(site.replyWithinHours),
  } satisfies Record<SiteFactToken, string>;
}

/**
 * Content with its site-fact tokens (SITE_FACT_TOKENS) replaced by this deployment's values,
 * in every string however deep. Content stays plain data; the page that renders it applies the facts.
 */
export function withSiteFacts<T>(content: T, site: SiteConfig): T {
  return withFacts(content, siteFacts(site));
}

/** Content with the given facts' tokens filled in, however deep, and every other token left as written. */
export function withFacts<T>(content: T, facts: Partial<Record<SiteFactToken, string>>): T {
  const withValues = (value: unknown): unknown => {
    if (typeof value === "string") return fill(value, facts);
    if (Array.isArray(value)) return value.map(withValues);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withValues(entry)]));
    }
    return value;
  };
  return withValues(content) as T;
}
