import { defineConfig } from "@playwright/test";
import { HEADLESS_SHELL_PATH } from "./scripts/checks/ensure-chromium";
import { HUBSPOT_CURRENT_TEST_ENV, HUBSPOT_TEST_ENV } from "./tests/support/browser/fake-hubspot";
import { RECEIVED_PATH } from "./tests/support/fake-hubspot-api";
import {
  EDITOR_TEST_SETTINGS,
  SOURCE_AND_CONSENT_SERVER_PORT,
  SOURCE_AND_CONSENT_TEST_ENV,
  SOURCE_FIELDS_TEST_SETTING,
  TEAM_ADDRESS,
  TEAM_MAIL_SINK_PORT,
} from "./tests/support/browser/source-and-consent-build";
import {
  NODE_SERVER_PORT,
  NGINX_SERVER_PORT,
  HUBSPOT_SERVER_PORT,
  HUBSPOT_CURRENT_SERVER_PORT,
  FAKE_HUBSPOT_API_PORT,
  FAKE_HUBSPOT_API_ORIGIN,
  e2eDataDir,
  CHROMIUM_ARGS,
  OFFLINE_ARGS,
} from "./tests/support/e2e-env";
import { ANSWERS_SERVER_ENV, ANSWERS_SERVER_PORT } from "./tests/support/browser/answer-links-server";
import {
  ROLES_BUILD_DIR,
  ROLES_CONTENT_ROOT,
  ROLES_MAIL_SINK_PORT,
  ROLES_SERVER_PORT,
  ROLES_TEAM_ADDRESS,
} from "./tests/support/browser/roles-build";
import { buildDirOf } from "#shared/build-dir.ts";

const buildDir = buildDirOf(process.env);
const hubspotBuildDir = `${buildDir}-hs`;
const hubspotCurrentBuildDir = `${buildDir}-hs-current`;
const sourceAndConsentBuildDir = `${buildDir}-ext`;

/**
 * The request API of every test server: its own database, a rate limit no test run reaches,
 * and its own address as an origin whose pages may post (the builds' SITE_URL is another).
 */
const apiEnv = (port: number) => ({
  DATA_DIR: e2eDataDir(port),
  RATE_LIMIT_MAX: "100000",
  ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
});
const fresh = (port: number) => `rm -rf ${e2eDataDir(port)} && `;

/** A build made with test HubSpot ids, served with its API relaying to the fake submission API. */
function hubspotBuildServer(
  port: number,
  dir: string,
  hubspotEnv: Record<string, string>,
  serverEnv: Record<string, string> = {},
) {
  return {
    // Rebuilt only when its sources or configuration changed since the last run (build-if-stale.ts).
    command: `tsx scripts/build/build-if-stale.ts && ${fresh(port)}tsx server/serve.ts --port ${port} --dir ${dir}/client`,
    env: {
      ...process.env,
      ...hubspotEnv,
      ...serverEnv,
      ...apiEnv(port),
      BUILD_DIR: dir,
      HUBSPOT_API_ORIGIN: FAKE_HUBSPOT_API_ORIGIN,
    } as Record<string, string>,
    url: `http://127.0.0.1:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  // Three on two cores: a browser test spends much of its time waiting on its servers (a send,
  // a delivery, a poll), so a third keeps the cores busy (the stage 215 s with two, 179 s with
  // three, 176 s with four, on a clean clone here, 2026-11-28).
  workers: 3,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${NODE_SERVER_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS] },
    trace: "off",
  },
  // The site's servers get SIGTERM at the end, the signal their graceful shutdown answers.
  // Browser specs load pages from both the Node server and nginx (server-csp.spec.ts, the
  // request page's first paint). Their HTTP contract is checked by the server tests
  // (tests/server/http-contract.test.ts, sitemap-robots.test.ts), which start their own.
  webServer: [
    {
      command: `tsx tests/support/fake-hubspot-api-server.ts --port ${FAKE_HUBSPOT_API_PORT}`,
      url: `${FAKE_HUBSPOT_API_ORIGIN}${RECEIVED_PATH}`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `${fresh(NODE_SERVER_PORT)}tsx server/serve.ts --port ${NODE_SERVER_PORT} --dir ${buildDir}/client`,
      env: { ...process.env, ...apiEnv(NODE_SERVER_PORT) } as Record<string, string>,
      url: `http://127.0.0.1:${NODE_SERVER_PORT}/`,
      reuseExistingServer: false,
      stdout: "ignore",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      // The Node server above answers what nginx hands it (the API, the roles, the sitemap).
      command: `tsx scripts/lib/serve-nginx.ts --port ${NGINX_SERVER_PORT} --build ${buildDir} --upstream 127.0.0.1:${NODE_SERVER_PORT}`,
      url: `http://127.0.0.1:${NGINX_SERVER_PORT}/`,
      reuseExistingServer: false,
      stdout: "ignore",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    // Built here when stale, so a plain `playwright test` always tests the HubSpot paths of
    // the current code; one after the other (Playwright starts web servers one by one).
    hubspotBuildServer(HUBSPOT_SERVER_PORT, hubspotBuildDir, HUBSPOT_TEST_ENV),
    hubspotBuildServer(HUBSPOT_CURRENT_SERVER_PORT, hubspotCurrentBuildDir, HUBSPOT_CURRENT_TEST_ENV),
    // Consent, the source's hidden fields, Plausible, the team's email to the test's own mail sink,
    // and the editor on its own origin.
    hubspotBuildServer(SOURCE_AND_CONSENT_SERVER_PORT, sourceAndConsentBuildDir, SOURCE_AND_CONSENT_TEST_ENV, {
      ...EDITOR_TEST_SETTINGS,
      HUBSPOT_SOURCE_FIELDS: SOURCE_FIELDS_TEST_SETTING,
      SMTP_URL: `smtp://127.0.0.1:${TEAM_MAIL_SINK_PORT}`,
      NOTIFY_EMAIL_TO: TEAM_ADDRESS,
      DELIVERY_RETRY_MIN_SECONDS: "0.2",
      DELIVERY_RETRY_MAX_SECONDS: "1",
    }),
    // The roles (tests/support/browser/roles-build.ts): the fixtures, dated from today, then the build when stale.
    {
      command:
        `tsx tests/support/write-role-fixtures.ts ${ROLES_CONTENT_ROOT} && tsx scripts/build/build-if-stale.ts && ` +
        `${fresh(ROLES_SERVER_PORT)}tsx server/serve.ts --port ${ROLES_SERVER_PORT} --dir ${ROLES_BUILD_DIR}/client`,
      env: {
        ...process.env,
        ...apiEnv(ROLES_SERVER_PORT),
        BUILD_DIR: ROLES_BUILD_DIR,
        CONTENT_ROOT: ROLES_CONTENT_ROOT,
        SMTP_URL: `smtp://127.0.0.1:${ROLES_MAIL_SINK_PORT}`,
        NOTIFY_EMAIL_TO: ROLES_TEAM_ADDRESS,
        DELIVERY_RETRY_MIN_SECONDS: "0.2",
        DELIVERY_RETRY_MAX_SECONDS: "1",
      } as Record<string, string>,
      url: `http://127.0.0.1:${ROLES_SERVER_PORT}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore" as const,
      gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    },
    // The team's answer links (tests/support/browser/answer-links-server.ts): the default build, its own API.
    {
      command: `${fresh(ANSWERS_SERVER_PORT)}tsx server/serve.ts --port ${ANSWERS_SERVER_PORT} --dir ${buildDir}/client`,
      env: { ...process.env, ...apiEnv(ANSWERS_SERVER_PORT), ...ANSWERS_SERVER_ENV } as Record<string, string>,
      url: `http://127.0.0.1:${ANSWERS_SERVER_PORT}/`,
      reuseExistingServer: false,
      stdout: "ignore",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
  ],
});
