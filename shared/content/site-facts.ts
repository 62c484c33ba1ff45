import type { SiteConfig } from "../site-config";

/** The site facts content may name as `{token}`; they differ per deployment (docs/product.md#configuration). */
export function siteFacts(site: SiteConfig) {
  return {
    siteName: site.siteName,
    contactEmail: site.contactEmail,
    supporterName: site.supporter.name,
    supporterUrl: site.supporter.url,
  } satisfies Record<string, string>;
}

export type SiteFactToken = keyof ReturnType<typeof siteFacts>;

const TOKEN = /\{(siteName|contactEmail|supporterName|supporterUrl)\}/g;

/**
 * Content with its `{siteName}`, `{contactEmail}`, `{supporterName}` and `{supporterUrl}`
 * tokens replaced by this deployment's values, in every string however deep. Content
 * stays plain data; the page that renders it applies the facts.
 */
export function withSiteFacts<T>(content: T, site: SiteConfig): T {
  const facts = siteFacts(site);
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") return value.replace(TOKEN, (_, token: SiteFactToken) => facts[token]);
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
    }
    return value;
  };
  return fill(content) as T;
}
