// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { consentRecord, noticeText } from "#shared/invitation/consent.ts";
import { relayClaimOf as claimOf, sampleRequest } from "../../../tests/support/store-contract";
import { DAY_MS } from "../stores/store-core";
import { describeHubSpotError, parseRetryAfter, submissionBody, SUBMITTED_AT_MAX_AGE_MS } from "./hubspot-submission";
import { readContent } from "#shared/content/read.ts";

const WORDS = readContent("requestInvitation");

const SITE = parseSiteConfig({});
const T0 = sampleRequest(0).receivedAt + 60_000;

describe("what is sent to HubSpot", () => {
  it("leaves hutk out when the visitor had no HubSpot cookie", () => {
    const body = submissionBody({ ...claimOf(sampleRequest(2)) }, { now: T0 });
    expect(body.context).toEqual(sampleRequest(2).context);
    expect(body.context).not.toHaveProperty("hutk");
  });

  it("sends the request's time while HubSpot accepts it, and no time for a request 28 days old or older", () => {
    const claim = claimOf(sampleRequest(2));
    const at = (days: number) => submissionBody(claim, { now: claim.receivedAt + days * DAY_MS });
    expect(at(27.9).submittedAt).toBe(String(claim.receivedAt));
    expect(at(SUBMITTED_AT_MAX_AGE_MS / DAY_MS)).not.toHaveProperty("submittedAt");
  });

  it("adds the source values as the hidden fields the team named, and only those", () => {
    const claim = claimOf(
      sampleRequest(2, {
        source: { landingPage: "/mission?utm_source=linkedin", utm_source: "linkedin", utm_medium: "social" },
      }),
    );
    const body = submissionBody(claim, {
      now: T0,
      sourceFields: { utm_source: "utm_source", landingPage: "landing_page" },
    });
    expect(body.fields.slice(-2)).toEqual([
      { name: "landing_page", value: "/mission?utm_source=linkedin" },
      { name: "utm_source", value: "linkedin" },
    ]);
    expect(submissionBody(claim, { now: T0 }).fields).toHaveLength(Object.keys(claim.fields).length);
  });

  it("adds the title of the role a request is about as the hidden field the team named (HUBSPOT_ROLE_FIELD)", () => {
    const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
    const withRole = claimOf(sampleRequest(2, { role }));
    expect(submissionBody(withRole, { now: T0, roleField: "role_of_interest" }).fields.at(-1)).toEqual({
      name: "role_of_interest",
      value: "SVP, Talent Acquisition",
    });
    // Unset, or a request about no role: no such field.
    for (const [claim, roleField] of [
      [withRole, null],
      [claimOf(sampleRequest(2)), "role_of_interest"],
    ] as const) {
      const names = submissionBody(claim, { now: T0, roleField }).fields.map((field) => field.name);
      expect(names).not.toContain("role_of_interest");
    }
  });

  it("sends explicit consent as legalConsentOptions.consent with the texts the visitor saw", () => {
    const site = { ...SITE, legalBasis: { basis: "consent" as const, subscriptionTypeId: 42 } };
    const consent = consentRecord(WORDS.ownForm, site, { communications: true });
    const body = submissionBody(claimOf(sampleRequest(2, { consent })), { now: T0 });
    expect(body.legalConsentOptions).toEqual({
      consent: {
        consentToProcess: true,
        text: "I agree to allow the TA Leadership Network to store and process my personal data.",
        communications: [
          { value: true, subscriptionTypeId: 42, text: "I agree to receive updates from the TA Leadership Network." },
        ],
      },
    });
  });

  it("sends legitimate interest with the notice's text, and no legalConsentOptions without a legal basis", () => {
    const site = { ...SITE, legalBasis: { basis: "legitimate-interest" as const, subscriptionTypeId: 42 } };
    const consent = consentRecord(WORDS.ownForm, site, { communications: false });
    const body = submissionBody(claimOf(sampleRequest(2, { consent })), { now: T0 });
    expect(body.legalConsentOptions).toEqual({
      legitimateInterest: {
        value: true,
        subscriptionTypeId: 42,
        legalBasis: "LEAD",
        text: noticeText(WORDS.ownForm.privacyNotice, site),
      },
    });
    expect(consentRecord(WORDS.ownForm, { ...SITE, legalBasis: null }, { communications: true })).toBeNull();
    expect(submissionBody(claimOf(sampleRequest(2)), { now: T0 })).not.toHaveProperty("legalConsentOptions");
  });
});

describe("HubSpot's answers", () => {
  it("reads Retry-After as seconds or as a date, within an hour", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(parseRetryAfter("86400", now)).toBe(3_600_000);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("keeps HubSpot's own message and its field errors as the reason", () => {
    const body = JSON.stringify({
      status: "error",
      message: "The request is not valid",
      correlationId: "4f4b",
      errors: [{ message: "Error in 'fields.email'. Invalid email address", errorType: "INVALID_EMAIL" }],
    });
    expect(describeHubSpotError(400, body)).toBe(
      "HubSpot answered 400 (INVALID_EMAIL): The request is not valid Error in 'fields.email'. Invalid email address (correlationId 4f4b)",
    );
    expect(describeHubSpotError(502, "<html>Bad gateway</html>")).toBe(
      "HubSpot answered 502: <html>Bad gateway</html>",
    );
  });
});
