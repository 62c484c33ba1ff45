/**
 * The fourth test build (`build-ext`): the legacy HubSpot ids with HUBSPOT_LEGAL_BASIS=consent, a
 * subscription type, and ANALYTICS=plausible; served with HUBSPOT_SOURCE_FIELDS and the team's
 * email going to a mail sink the browser test runs (docs/product.md#where-requests-come-from).
 * With the editor too, on an origin of its own (docs/deployment/editor.md): the site at
 * 127.0.0.1, the editor at localhost, on the same server, signing in at a fake GitHub the
 * browser test runs; the site's pages load HubSpot's form and Plausible, the scripts an
 * editor's token must be out of reach of.
 */
import { HUBSPOT_TEST_ENV } from "./fake-hubspot";

const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const SOURCE_AND_CONSENT_SERVER_PORT = e2ePort + 5;
export const SOURCE_AND_CONSENT_BUILD_URL = `http://127.0.0.1:${SOURCE_AND_CONSENT_SERVER_PORT}`;
/** The same server, named as the editor's own origin. */
export const EDITOR_TEST_ORIGIN = `http://localhost:${SOURCE_AND_CONSENT_SERVER_PORT}`;
/** Where the browser test's in-process SMTP server listens; the server retries until it does. */
export const TEAM_MAIL_SINK_PORT = e2ePort + 6;
export const TEAM_ADDRESS = "team@network.example";

export const SOURCE_AND_CONSENT_TEST_ENV = {
  ...HUBSPOT_TEST_ENV,
  HUBSPOT_LEGAL_BASIS: "consent",
  HUBSPOT_SUBSCRIPTION_TYPE_ID: "7",
  ANALYTICS: "plausible",
  SITE_URL: SOURCE_AND_CONSENT_BUILD_URL,
  EDITOR_ORIGIN: EDITOR_TEST_ORIGIN,
} as const;

/** The HubSpot form's hidden fields the relay fills (a setting of the server, not the build). */
export const SOURCE_FIELDS_TEST_SETTING =
  "utm_source=utm_source,utm_medium=utm_medium,utm_campaign=utm_campaign,landingPage=landing_page";

/** Who may sign in to the editor, as the server is given it (a server setting, not the build's). */
export const EDITOR_TEST_SETTINGS = { EDITORS: "marketer@network.example" } as const;
