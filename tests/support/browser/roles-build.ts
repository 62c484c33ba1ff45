/**
 * The roles' test build (`build-roles`): the site's words plus the four role fixtures
 * (tests/support/role-fixtures.ts: open and named, confidential, closed yesterday, named with pay
 * on site), dated from the day the tests run; the site's own form, served by the Node server.
 */
import { buildDirOf } from "#shared/build-dir.ts";

const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const ROLES_SERVER_PORT = e2ePort + 7;
export const ROLES_BUILD_URL = `http://127.0.0.1:${ROLES_SERVER_PORT}`;
/** Where the requester's acknowledgement goes in these tests: an in-process SMTP server the test runs. */
export const ROLES_MAIL_SINK_PORT = e2ePort + 8;
export const ROLES_TEAM_ADDRESS = "team@network.example";

const buildDir = buildDirOf(process.env);
export const ROLES_BUILD_DIR = `${buildDir}-roles`;
/** The folder holding the fixtures' content/ (CONTENT_ROOT of the build), beside the build. */
export const ROLES_CONTENT_ROOT = `${buildDir}-roles-content`;
