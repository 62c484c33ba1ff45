import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { readContent } from "../content/read";
import { privacyNotice, privacyNoticeVersion } from "./privacy-notice";

const words = readContent("requestInvitation").ownForm.privacyNotice;

const HUBSPOT_ENV = {
  HUBSPOT_PORTAL_ID: "1234567",
  HUBSPOT_FORM_ID_CANDIDATE: "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f",
  HUBSPOT_FORM_ID_EMPLOYER: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
};

describe("the privacy notice", () => {
  it("says what is stored, who receives it, how long it is kept and where to ask", () => {
    const notice = privacyNotice(
      words,
      parseSiteConfig({ REQUEST_RETENTION_DAYS: "90", CONTACT_EMAIL: "privacy@example.org" }),
    );
    expect(notice.sentences.join(" ")).toMatch(/store what you send.*Only our team receives it\..*after 90 days\./);
    expect(notice.contactEmail).toBe("privacy@example.org");
    expect(notice.agreement).toContainEqual({ label: "Privacy Policy", href: "https://example.com/privacy" });
  });

  it("names HubSpot only when requests go there", () => {
    expect(privacyNotice(words, parseSiteConfig(HUBSPOT_ENV)).sentences.join(" ")).toContain("HubSpot");
    expect(privacyNotice(words, parseSiteConfig({})).sentences.join(" ")).not.toContain("HubSpot");
  });

  it("has a version that changes with what the visitor is told", () => {
    const base = privacyNoticeVersion(words, parseSiteConfig({}));
    expect(base).toMatch(/^\d{4}-\d{2}-\d{2}\+[0-9a-f]{8}$/);
    expect(privacyNoticeVersion(words, parseSiteConfig({}))).toBe(base);
    expect(privacyNoticeVersion(words, parseSiteConfig({ REQUEST_RETENTION_DAYS: "30" }))).not.toBe(base);
    expect(privacyNoticeVersion(words, parseSiteConfig(HUBSPOT_ENV))).not.toBe(base);
  });
});
