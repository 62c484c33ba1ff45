import { parseSiteConfig } from "#shared/site-config.ts";

/** The configuration the site under test was built with (the same environment). */
export const site = parseSiteConfig(process.env);
