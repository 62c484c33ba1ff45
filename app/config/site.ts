import type { SiteConfig } from "./schema";

declare const __SITE_CONFIG__: SiteConfig;

/**
 * Site facts (origin, name, contact email, supporter, HubSpot ids), validated by
 * `parseConfig` when the build starts and inlined into the bundle by Vite's `define`.
 */
export const site: SiteConfig = __SITE_CONFIG__;
