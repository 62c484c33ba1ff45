import { parseSiteConfig } from "../../../app/config/schema";

/** The configuration the site under test was built with (the same environment). */
export const site = parseSiteConfig(process.env);
