// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { promiseLine } from "./main";

const SECRET = "5f0c3b9a1e7d4c2b8a6f0e1d3c5b7a9f2e4d6c8b0a1f3e5d7c9b1a3f5e7d9c0b";

describe("the server's start-up line of the promise", () => {
  it("says how the team answers and whether it is reminded, naming the settings that change it", () => {
    expect(promiseLine(parseConfig({}), false)).toBe(
      "[promise] an answer within 48 hours (REPLY_WITHIN_HOURS); no TEAM_LINK_SECRET: the team's emails give the " +
        "command that answers a request (npm run requests -- answer); no channel to remind the team on (SMTP_URL " +
        "and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL)",
    );
    expect(promiseLine(parseConfig({ TEAM_LINK_SECRET: SECRET, REPLY_WITHIN_HOURS: "24" }), true)).toBe(
      "[promise] an answer within 24 hours (REPLY_WITHIN_HOURS); the team answers each request from its email's " +
        "signed links (TEAM_LINK_SECRET); the team is reminded of each one still unanswered before it is due",
    );
    expect(promiseLine(parseConfig({ REPLY_REMINDERS: "off" }), true)).toContain(
      "; no reminders (REPLY_REMINDERS=off)",
    );
  });
});
