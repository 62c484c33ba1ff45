/**
 * The server of the answer links' browser test (tests/e2e/answer-links.spec.ts): the default
 * build served by a Node server of its own, with TEAM_LINK_SECRET and the team's email going to
 * an SMTP server the test runs, so the test opens the link of a real team email. Its SITE_URL is
 * its own address, so the links the emails carry open on it.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const ANSWERS_SERVER_PORT = e2ePort + 10;
export const ANSWERS_SERVER_URL = `http://127.0.0.1:${ANSWERS_SERVER_PORT}`;
export const ANSWERS_MAIL_SINK_PORT = e2ePort + 11;
export const ANSWERS_TEAM_ADDRESS = "team@network.example";

/** The server's settings beside its request database's (playwright.config.ts). */
export const ANSWERS_SERVER_ENV = {
  SITE_URL: ANSWERS_SERVER_URL,
  SMTP_URL: `smtp://127.0.0.1:${ANSWERS_MAIL_SINK_PORT}`,
  NOTIFY_EMAIL_TO: ANSWERS_TEAM_ADDRESS,
  // A test's own key: 32 bytes, as `openssl rand -hex 32` writes them.
  TEAM_LINK_SECRET: "5f0c3b9a1e7d4c2b8a6f0e1d3c5b7a9f2e4d6c8b0a1f3e5d7c9b1a3f5e7d9c0b",
  DELIVERY_RETRY_MIN_SECONDS: "0.2",
  DELIVERY_RETRY_MAX_SECONDS: "1",
};
