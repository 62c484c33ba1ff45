import { ConfigError } from "#shared/env.ts";
import { parseConfig, type AppConfig } from "./config.ts";

/**
 * Reads the environment once for the build and the start command. A bad value
 * stops the process with a message naming the variable; an unset HubSpot id
 * prints one warning that the site's own form is in use.
 */
export function loadConfig({ warn = true } = {}): AppConfig {
  let config: AppConfig;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Vite evaluates its config once per build pass; the process-wide flag keeps the warning to one.
  if (warn && !config.site.hubspot && !process.env.STAND_IN_WARNING_SHOWN) {
    process.env.STAND_IN_WARNING_SHOWN = "1";
    console.warn(
      "\n[config] HUBSPOT_PORTAL_ID, HUBSPOT_FORM_ID_CANDIDATE and HUBSPOT_FORM_ID_EMPLOYER are unset: " +
        "the request page uses the site's own form, and requests are stored by this server.\n",
    );
  }
  return config;
}
