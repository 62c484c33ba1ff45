import type { SiteConfig } from "#shared/site-config.ts";

declare const __SITE_CONFIG__: SiteConfig;
declare const __BUILD_YEAR__: number;

/**
 * Site facts (origin, name, contact email, supporter, HubSpot ids), validated by
 * `parseSiteConfig` when the build starts and inlined into the bundle by Vite's `define`.
 */
export const site: SiteConfig = __SITE_CONFIG__;

/** The year the site was built (UTC), for the footer's copyright line: never a year out of date on the day it deploys. */
export const buildYear: number = __BUILD_YEAR__;
