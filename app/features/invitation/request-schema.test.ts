import { describe, expect, it } from "vitest";
import { requestInvitationContent } from "~/content/request-invitation";
import { isWebAddress, MIN_FILL_MS, validateInvitationRequest } from "./request-schema";

const messages = requestInvitationContent.validation;

const leader = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.com",
  jobtitle: "VP Talent Acquisition",
  company: "Analytical Engines",
};
const employer = { ...leader, role_to_fill: "Head of TA" };

describe("validateInvitationRequest", () => {
  it("accepts a complete request of each mode and keeps the values exactly as sent", () => {
    const result = validateInvitationRequest({ mode: "candidate", fields: { ...leader, firstname: " Ada <b>" } });
    expect(result).toEqual({
      ok: true,
      request: { mode: "candidate", fields: { ...leader, firstname: " Ada <b>" } },
      looksAutomated: false,
    });
    expect(validateInvitationRequest({ mode: "employer", fields: employer }).ok).toBe(true);
  });

  it("leaves empty optional fields out", () => {
    const result = validateInvitationRequest({
      mode: "candidate",
      fields: { ...leader, linkedin_url: "", message: " " },
    });
    expect(result.ok && result.request.fields).toEqual(leader);
  });

  it("names every missing required field", () => {
    const result = validateInvitationRequest({ mode: "employer", fields: { email: "a@b.co" } });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstname: messages.required,
        lastname: messages.required,
        jobtitle: messages.required,
        company: messages.required,
        role_to_fill: messages.required,
      },
    });
  });

  it.each([
    ["an unknown mode", { mode: "recruiter", fields: leader }, { mode: messages.mode }],
    ["no mode", { mode: undefined, fields: leader }, { mode: messages.mode }],
    ["fields that are not an object", { mode: "candidate", fields: ["Ada"] }, { fields: messages.fields }],
    [
      "a number for a name",
      { mode: "candidate", fields: { ...leader, firstname: 7 } },
      { firstname: messages.notText },
    ],
    [
      "a field of the other mode",
      { mode: "candidate", fields: { ...leader, role_to_fill: "x" } },
      { role_to_fill: messages.unknownField },
    ],
    [
      "an address that is not one",
      { mode: "candidate", fields: { ...leader, email: "ada@" } },
      { email: messages.email },
    ],
    [
      "a name over 100 characters",
      { mode: "candidate", fields: { ...leader, lastname: "x".repeat(101) } },
      { lastname: "Please use at most 100 characters." },
    ],
    [
      "a NUL byte",
      { mode: "candidate", fields: { ...leader, company: "A\u0000B" } },
      { company: messages.invalidCharacters },
    ],
    [
      "a line break in a one-line field",
      { mode: "candidate", fields: { ...leader, jobtitle: "VP\nTA" } },
      { jobtitle: messages.invalidCharacters },
    ],
    [
      "a profile that is no web address",
      { mode: "candidate", fields: { ...leader, linkedin_url: "my profile" } },
      { linkedin_url: messages.url },
    ],
  ])("refuses %s", (_case, input, errors) => {
    expect(validateInvitationRequest(input)).toEqual({ ok: false, errors });
  });

  it("refuses a field named __proto__ like any unknown field", () => {
    const fields = JSON.parse(`{"__proto__": {"polluted": "1"}, ${JSON.stringify(leader).slice(1, -1)}}`);
    const result = validateInvitationRequest({ mode: "candidate", fields });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : Object.entries(result.errors)).toEqual([["__proto__", messages.unknownField]]);
  });

  it("allows line breaks in the message", () => {
    expect(
      validateInvitationRequest({ mode: "candidate", fields: { ...leader, message: "Hello,\r\nthanks" } }).ok,
    ).toBe(true);
  });

  it("flags a filled honeypot or a too-fast fill as automated, and nothing else", () => {
    const flag = (extra: object) => {
      const result = validateInvitationRequest({ mode: "candidate", fields: leader, ...extra });
      return result.ok && result.looksAutomated;
    };
    expect(flag({ honeypot: "https://spam.example" })).toBe(true);
    expect(flag({ honeypot: 1 })).toBe(true);
    expect(flag({ fillMs: 300 })).toBe(true);
    expect(flag({ fillMs: "300" })).toBe(true);
    expect(flag({ fillMs: MIN_FILL_MS })).toBe(false);
    expect(flag({ honeypot: "" })).toBe(false);
    expect(flag({})).toBe(false);
  });

  it("judges a form post whose fill time was never measured by the honeypot alone", () => {
    // Without JavaScript the hidden fill-time field is posted empty.
    for (const fillMs of ["", " ", "soon", undefined, null]) {
      const result = validateInvitationRequest({ mode: "candidate", fields: leader, honeypot: "", fillMs });
      expect(result.ok && result.looksAutomated, JSON.stringify(fillMs)).toBe(false);
    }
  });

  it("keeps the fill-time threshold at most 3 s, as DECISIONS §4 allows", () => {
    expect(MIN_FILL_MS).toBeLessThanOrEqual(3000);
  });
});

describe("isWebAddress", () => {
  it.each(["https://www.linkedin.com/in/ada", "linkedin.com/in/ada", "http://example.org"])("accepts %s", (value) => {
    expect(isWebAddress(value)).toBe(true);
  });
  it.each(["ada", "javascript:alert(1)", "ftp://example.org", "https://exa mple.org", "mailto:a@b.co"])(
    "refuses %s",
    (value) => expect(isWebAddress(value)).toBe(false),
  );
});
