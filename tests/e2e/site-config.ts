import { parseConfig, type SiteConfig } from "../../app/config/schema";

/** The configuration the site under test was built with (the same environment). */
export const { site } = parseConfig(process.env);

// Content modules read the site facts from the global Vite's `define` provides in the
// app; importing this module first gives tests the same values.
(globalThis as { __SITE_CONFIG__?: SiteConfig }).__SITE_CONFIG__ = site;
