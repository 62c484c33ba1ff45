import type { SiteConfig } from "../site-config";
import { fill } from "../text";

/** The deployment's facts a text may name as `{token}`; each is filled in by the page that shows it. */
export const SITE_FACT_TOKENS = ["siteName", "contactEmail", "supporterName", "supporterUrl"] as const;
export type SiteFactToken = (typeof SITE_FACT_TOKENS)[number];

/** The site facts' values; they differ per deployment (docs/product.md#configuration). */
export function siteFacts(site: SiteConfig) {
  return {
    siteName: site.siteName,
    contactEmail: site.contactEmail,
    supporterName: site.supporter.name,
    supporterUrl: site.supporter.url,
  } satisfies Record<SiteFactToken, string>;
}

/**
 * Content with its site-fact tokens (SITE_FACT_TOKENS) replaced by this deployment's values,
 * in every string however deep. Content stays plain data; the page that renders it applies the facts.
 */
export function withSiteFacts<T>(content: T, site: SiteConfig): T {
  const facts = siteFacts(site);
  const withFacts = (value: unknown): unknown => {
    if (typeof value === "string") return fill(value, facts);
    if (Array.isArray(value)) return value.map(withFacts);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withFacts(entry)]));
    }
    return value;
  };
  return withFacts(content) as T;
}
