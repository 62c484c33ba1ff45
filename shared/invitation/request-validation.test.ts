import { describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "./request-schema";
import { normaliseSource, UTM_VALUE_MAX_LENGTH } from "./request-source";
import { readContent } from "../content/read";
import { isWebAddress, problemText, validateInvitationRequest } from "./request-validation";
import { EMPLOYER_FIELDS, CANDIDATE_FIELDS } from "../../tests/support/request-fixture";

const leader = CANDIDATE_FIELDS;
const employer = EMPLOYER_FIELDS;

describe("validateInvitationRequest", () => {
  it("accepts a complete request of each mode and keeps the values exactly as sent", () => {
    const result = validateInvitationRequest({ mode: "candidate", fields: { ...leader, firstname: " Ada <b>" } });
    expect(result).toEqual({
      ok: true,
      request: { mode: "candidate", fields: { ...leader, firstname: " Ada <b>" } },
      held: null,
      idempotencyKey: null,
      communicationsConsent: false,
    });
    expect(validateInvitationRequest({ mode: "employer", fields: employer }).ok).toBe(true);
  });

  it("refuses a request without the consent box checked when the legal basis is consent, and only then", () => {
    const request = { mode: "candidate", fields: leader };
    expect(validateInvitationRequest(request, "consent")).toEqual({
      ok: false,
      errors: { consentToProcess: { code: "consentRequired" } },
    });
    expect(validateInvitationRequest({ ...request, consentToProcess: "yes" }, "consent").ok).toBe(true);
    expect(validateInvitationRequest({ ...request, consentToProcess: true }, "consent").ok).toBe(true);
    expect(validateInvitationRequest(request, "legitimate-interest").ok).toBe(true);
    expect(validateInvitationRequest(request).ok).toBe(true);
  });

  it("keeps a source's known values, bounded and without control characters, and never refuses for one", () => {
    const source = normaliseSource({
      utm_source: "linked\u0000in\u202e",
      utm_campaign: "x".repeat(500),
      landingPage: 7,
      other: "no",
    });
    expect(source).toEqual({ utm_source: "linkedin", utm_campaign: "x".repeat(UTM_VALUE_MAX_LENGTH) });
    expect(normaliseSource("linkedin")).toBeNull();
    expect(normaliseSource({ utm_source: " " })).toBeNull();
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
        firstname: { code: "required" },
        lastname: { code: "required" },
        jobtitle: { code: "required" },
        company: { code: "required" },
        role_to_fill: { code: "required" },
      },
    });
  });

  it.each([
    ["an unknown mode", { mode: "recruiter", fields: leader }, { mode: { code: "mode" } }],
    ["no mode", { mode: undefined, fields: leader }, { mode: { code: "mode" } }],
    ["fields that are not an object", { mode: "candidate", fields: ["Ada"] }, { fields: { code: "fields" } }],
    [
      "a number for a name",
      { mode: "candidate", fields: { ...leader, firstname: 7 } },
      { firstname: { code: "notText" } },
    ],
    [
      "a field of the other mode",
      { mode: "candidate", fields: { ...leader, role_to_fill: "x" } },
      { role_to_fill: { code: "unknownField" } },
    ],
    [
      "an address that is not one",
      { mode: "candidate", fields: { ...leader, email: "ada@" } },
      { email: { code: "email" } },
    ],
    [
      "a name over 100 characters",
      { mode: "candidate", fields: { ...leader, lastname: "x".repeat(101) } },
      { lastname: { code: "tooLong", max: 100 } },
    ],
    [
      "a NUL byte",
      { mode: "candidate", fields: { ...leader, company: "A\u0000B" } },
      { company: { code: "invalidCharacters" } },
    ],
    [
      "a line break in a one-line field",
      { mode: "candidate", fields: { ...leader, jobtitle: "VP\nTA" } },
      { jobtitle: { code: "invalidCharacters" } },
    ],
    [
      "a profile that is no web address",
      { mode: "candidate", fields: { ...leader, linkedin_url: "my profile" } },
      { linkedin_url: { code: "url" } },
    ],
  ])("refuses %s", (_case, input, errors) => {
    expect(validateInvitationRequest(input)).toEqual({ ok: false, errors });
  });

  it.each([
    ["a first name of only a zero-width space", { firstname: "\u200b" }, { firstname: { code: "required" } }],
    [
      "a last name of invisible format characters",
      { lastname: "\ufeff\u2060\u00ad" },
      { lastname: { code: "required" } },
    ],
    ["a job title of only a Hangul filler", { jobtitle: "\u3164" }, { jobtitle: { code: "required" } }],
    ["a company of only U+0085 (a C1 control)", { company: "\u0085" }, { company: { code: "invalidCharacters" } }],
    ["a C1 control inside a name", { lastname: "Love\u009blace" }, { lastname: { code: "invalidCharacters" } }],
    ["a right-to-left override", { company: "Engines\u202egpj.exe" }, { company: { code: "invalidCharacters" } }],
    ["a bidi isolate", { firstname: "\u2067Ada\u2069" }, { firstname: { code: "invalidCharacters" } }],
    ["a lone high surrogate", { firstname: "A\ud800a" }, { firstname: { code: "invalidCharacters" } }],
    ["a lone low surrogate", { jobtitle: "VP\udc00" }, { jobtitle: { code: "invalidCharacters" } }],
    ["a surrogate pair reversed", { company: "\ude00\ud83d" }, { company: { code: "invalidCharacters" } }],
    ["a tab in a one-line field", { company: "Analytical\tEngines" }, { company: { code: "invalidCharacters" } }],
    [
      "a line separator (U+2028) in a one-line field",
      { firstname: "Ada\u2028Bcc: x@example.com" },
      { firstname: { code: "invalidCharacters" } },
    ],
    [
      "a paragraph separator (U+2029) in a one-line field",
      { lastname: "Love\u2029lace" },
      { lastname: { code: "invalidCharacters" } },
    ],
    ["a lone surrogate in the message", { message: "Hello \ud83d" }, { message: { code: "invalidCharacters" } }],
    ["a C1 control in the message", { message: "Hello\u0085there" }, { message: { code: "invalidCharacters" } }],
    // A mail reader decodes these in the team email's Subject and Reply-To: here into U+202E and a line break.
    [
      "a name sent as a MIME encoded word (base64)",
      { firstname: "=?utf-8?b?4oCuQWRhDQpCY2M6IHhAZXhhbXBsZS5jb20=?=" },
      { firstname: { code: "invalidCharacters" } },
    ],
    [
      "an encoded word inside a name (quoted-printable)",
      { lastname: "Love =?UTF-8?Q?=E2=80=AElace?= " },
      { lastname: { code: "invalidCharacters" } },
    ],
    ["an email at a domain with no dot", { email: "dana@gmail" }, { email: { code: "emailDomain" } }],
    ["an email at localhost", { email: "root@localhost" }, { email: { code: "emailDomain" } }],
    ["an email at an IP address", { email: "root@127.0.0.1" }, { email: { code: "emailDomain" } }],
  ])("refuses %s", (_case, fields, errors) => {
    expect(validateInvitationRequest({ mode: "candidate", fields: { ...leader, ...fields } })).toEqual({
      ok: false,
      errors,
    });
  });

  describe.each([
    ["U+200E (left-to-right mark)", "\u200e"],
    ["U+200F (right-to-left mark)", "\u200f"],
    ["U+061C (Arabic letter mark)", "\u061c"],
  ])("%s", (_mark, mark) => {
    it.each(["firstname", "lastname", "company", "jobtitle"])("is refused in the one-line field %s", (name) => {
      const fields = { ...leader, [name]: `Ada${mark} Lovelace` };
      expect(validateInvitationRequest({ mode: "candidate", fields })).toEqual({
        ok: false,
        errors: { [name]: { code: "invalidCharacters" } },
      });
    });
    it("is accepted in the message, where right-to-left text needs it", () => {
      const fields = { ...leader, message: `\u05e9\u05dc\u05d5\u05dd${mark} (ACME)${mark}` };
      const result = validateInvitationRequest({ mode: "candidate", fields });
      expect(result.ok && result.request.fields).toEqual(fields);
    });
  });

  it("accepts names in any script, emoji pairs, and visible text beside invisible marks", () => {
    const fields = {
      ...leader,
      firstname: "Zoë\u200d",
      lastname: "\u674e",
      company: "\u05d0\u05d1\u05d2 Ltd 🙂",
      jobtitle: "\u0627\u0644\u0645\u062f\u064a\u0631",
      message: "Line one\r\n\tindented 👩🏽‍💼",
    };
    const result = validateInvitationRequest({ mode: "candidate", fields });
    expect(result.ok && result.request.fields).toEqual(fields);
  });

  it("takes text that only looks like an encoded word's parts, and an encoded word in the message", () => {
    const fields = { ...leader, company: "Q&A =? Analytics", jobtitle: "VP (what?=yes)", message: "=?utf-8?b?QQ==?=" };
    expect(validateInvitationRequest({ mode: "candidate", fields }).ok).toBe(true);
  });

  it.each(["dana@gmail.com", "a@b.co", "ada@mail.example.co.uk", "x@xn--bcher-kva.example"])(
    "takes the address %s",
    (email) => {
      expect(validateInvitationRequest({ mode: "candidate", fields: { ...leader, email } }).ok).toBe(true);
    },
  );

  it("stores and relays an email without the spaces around it", () => {
    const result = validateInvitationRequest({
      mode: "candidate",
      fields: { ...leader, email: "  ada@example.com \u00a0" },
    });
    expect(result.ok && result.request.fields.email).toBe("ada@example.com");
  });

  it("refuses a field named __proto__ like any unknown field", () => {
    const fields = JSON.parse(`{"__proto__": {"polluted": "1"}, ${JSON.stringify(leader).slice(1, -1)}}`);
    const result = validateInvitationRequest({ mode: "candidate", fields });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : Object.entries(result.errors)).toEqual([["__proto__", { code: "unknownField" }]]);
  });

  it("allows line breaks in the message, U+2028 and U+2029 among them (the team's email quotes each line)", () => {
    for (const message of ["Hello,\r\nthanks", "Hello,\u2028thanks\u2029bye"]) {
      expect(validateInvitationRequest({ mode: "candidate", fields: { ...leader, message } }).ok).toBe(true);
    }
  });

  it("holds a filled honeypot or a too-fast fill, saying which, and nothing else", () => {
    const held = (extra: object) => {
      const result = validateInvitationRequest({ mode: "candidate", fields: leader, ...extra });
      return result.ok ? result.held : "invalid";
    };
    expect(held({ honeypot: "https://spam.example" })).toBe("honeypot");
    expect(held({ honeypot: 1 })).toBe("honeypot");
    expect(held({ honeypot: "x", fillMs: 300 })).toBe("honeypot");
    expect(held({ fillMs: 300 })).toBe("fill-time");
    expect(held({ fillMs: "300" })).toBe("fill-time");
    expect(held({ fillMs: MIN_FILL_MS })).toBeNull();
    expect(held({ honeypot: "" })).toBeNull();
    expect(held({})).toBeNull();
  });

  it("judges a form post whose fill time was never measured by the honeypot alone", () => {
    // Without JavaScript the hidden fill-time field is posted empty.
    for (const fillMs of ["", " ", "soon", undefined, null]) {
      const result = validateInvitationRequest({ mode: "candidate", fields: leader, honeypot: "", fillMs });
      expect(result.ok && result.held, JSON.stringify(fillMs)).toBeNull();
    }
  });

  it("judges a fill time that is not a number (a list, an object) like a missing one", () => {
    // A form post naming fill_ms twice parses as a list; JSON can send anything.
    for (const fillMs of [["120"], [120], ["120", "130"], { ms: 120 }, true]) {
      const result = validateInvitationRequest({ mode: "candidate", fields: leader, honeypot: "", fillMs });
      expect(result.ok && result.held, JSON.stringify(fillMs)).toBeNull();
    }
  });

  it("takes an idempotency key of 16 to 128 letters, digits, - or _, and treats anything else as no key", () => {
    const key = (idempotencyKey: unknown) => {
      const result = validateInvitationRequest({ mode: "candidate", fields: leader, idempotencyKey });
      return result.ok ? result.idempotencyKey : "invalid";
    };
    expect(key("0f5c8e1a9b7d4c2e8f6a1b3c5d7e9f10")).toBe("0f5c8e1a9b7d4c2e8f6a1b3c5d7e9f10");
    expect(key("a-b_c".repeat(4))).toBe("a-b_c".repeat(4));
    for (const notAKey of [
      "",
      "short",
      "x".repeat(129),
      "0f5c8e1a 9b7d4c2e8f6a",
      "../../0f5c8e1a9b7d",
      42,
      ["a".repeat(32)],
      null,
    ]) {
      expect(key(notAKey), JSON.stringify(notAKey)).toBeNull();
    }
  });

  it("keeps the fill-time threshold at most 3 s, as docs/product.md#nothing-lost allows", () => {
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

describe("problemText", () => {
  const words = readContent("requestInvitation").validation;
  it("words each problem from the content, a limit filled in", () => {
    expect(problemText(words, { code: "required" })).toBe(words.required);
    expect(problemText(words, { code: "tooLong", max: 150 })).toBe(words.tooLong.replace("{max}", "150"));
    expect(problemText(words, { code: "tooLong", max: 150 })).toContain("150");
  });
});
