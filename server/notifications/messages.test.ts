// @vitest-environment node
import { describe, expect, it } from "vitest";
import { sampleRequest } from "../../tests/support/store-contract";
import type { NotificationClaim, StoredInvitationRequest } from "../requests/store";
import { composeEmail, composeWebhook, escapeHtml, oneLine } from "./messages";
import { webhookSignature } from "./webhook";

function claimFor(fields: Record<string, string>, overrides: Partial<NotificationClaim> = {}): NotificationClaim {
  const { id, receivedAt, mode, context, relay } = sampleRequest(2);
  const stored: StoredInvitationRequest = {
    id,
    receivedAt,
    mode,
    fields,
    context,
    relay,
    relayAttempts: 0,
    relayError: null,
    sentAt: null,
    noticeVersion: "2026-11-25+00000000",
  };
  return { seq: 1, kind: "request", channel: "email", attempts: 0, refusal: null, request: stored, ...overrides };
}

describe("the team's email", () => {
  it("has a one-line subject naming the person and the audience, whatever the names hold", () => {
    const names = { firstname: "Ada\r\nBcc: x@example.com", lastname: "Love\u2028lace\tThe\u0000Third" };
    const { subject } = composeEmail(claimFor(names));
    expect(subject).toBe("New invitation request: Ada Bcc: x@example.com Love lace The Third (TA leader)");
    expect(subject).not.toMatch(/[\p{Cc}\u2028]/u);
    expect(composeEmail(claimFor({ firstname: "A".repeat(500), lastname: "B" })).subject.length).toBeLessThanOrEqual(
      200,
    );
  });

  it("lists every field with its label, the id, the time, the relay state and the export command", () => {
    const { text, html } = composeEmail(claimFor({ firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" }));
    for (const part of [text, html]) {
      expect(part).toContain("First name");
      expect(part).toContain("ada@example.com");
      expect(part).toContain(sampleRequest(2).id);
      expect(part).toContain(new Date(sampleRequest(2).receivedAt).toISOString());
      expect(part).toContain("pending");
      expect(part).toContain("npm run --silent requests -- export --format csv");
    }
  });

  it("escapes every value in the HTML part and makes no link", () => {
    const { html } = composeEmail(claimFor({ firstname: `"><script>x</script>`, message: "<a href='//e'>e</a>" }));
    expect(html).toContain(escapeHtml(`"><script>x</script>`));
    expect(html).not.toMatch(/<script|<a[\s>]/);
  });

  it("names HubSpot's refusal, its type, message and correlation id, and the retry command in an alert", () => {
    const refusal = { status: 400, errorType: "INVALID_EMAIL", message: "Invalid email", correlationId: "c-1" };
    const claim = claimFor({ firstname: "Ada" }, { kind: "relay-refused", refusal });
    const { subject, text } = composeEmail(claim);
    expect(subject).toBe(`HubSpot refused invitation request ${sampleRequest(2).id}: INVALID_EMAIL`);
    for (const expected of ["INVALID_EMAIL", "Invalid email", "c-1", "npm run requests -- retry"]) {
      expect(text).toContain(expected);
    }
    expect(composeWebhook(claim)).toMatchObject({ event: "relay-refused", refusal: { ...refusal } });
  });
});

describe("the team's webhook", () => {
  it("carries text for Slack or Teams and the request, with Slack's control characters escaped", () => {
    const payload = composeWebhook(claimFor({ firstname: "<https://evil.example|click>", lastname: "A & B" }));
    expect(payload.request).toEqual({
      id: sampleRequest(2).id,
      receivedAt: new Date(sampleRequest(2).receivedAt).toISOString(),
      mode: "candidate",
      fields: { firstname: "<https://evil.example|click>", lastname: "A & B" },
    });
    expect(payload.text).toContain("&lt;https://evil.example|click&gt; A &amp; B");
    expect(payload.text).not.toContain("<https:");
  });

  it("is signed as HMAC-SHA256 of the timestamp, a dot and the raw body", () => {
    // The vector from `printf '1700000000.{}' | openssl dgst -sha256 -hmac key`.
    expect(webhookSignature("key", "1700000000", "{}")).toBe(
      "sha256=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae",
    );
    expect(webhookSignature("key", "1700000000", "{}")).not.toBe(webhookSignature("key", "1700000001", "{}"));
    expect(oneLine(" a\r\n b ")).toBe("a b");
  });
});
