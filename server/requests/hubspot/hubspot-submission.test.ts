// @vitest-environment node
import { describe, expect, it } from "vitest";
import { sampleRequest } from "../../../tests/support/store-contract";
import { describeHubSpotError, parseRetryAfter, submissionBody } from "./hubspot-submission";

describe("what is sent to HubSpot", () => {
  it("leaves hutk out when the visitor had no HubSpot cookie", () => {
    const body = submissionBody({ ...sampleRequest(2), attempts: 0 });
    expect(body.context).toEqual(sampleRequest(2).context);
    expect(body.context).not.toHaveProperty("hutk");
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
