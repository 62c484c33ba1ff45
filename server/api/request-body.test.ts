// @vitest-environment node
import { describe, expect, it } from "vitest";
import { decodeFormComponent, parseFormBody, parseJsonBody } from "./request-body";

const fields = { firstname: "Ada", email: "ada@example.com" };

describe("parseJsonBody", () => {
  it("takes the mode, the fields, the honeypot and the fill time", () => {
    const body = JSON.stringify({ mode: "candidate", fields, website: "spam", fill_ms: 1200 });
    expect(parseJsonBody(body)).toEqual({
      ok: true,
      input: { mode: "candidate", fields, honeypot: "spam", fillMs: 1200 },
    });
  });

  it("leaves the honeypot and the fill time undefined when they are not sent", () => {
    expect(parseJsonBody(JSON.stringify({ mode: "employer", fields }))).toEqual({
      ok: true,
      input: { mode: "employer", fields, honeypot: undefined, fillMs: undefined },
    });
  });

  it.each(["", "{", '{"mode": "candidate",}', "undefined"])("refuses text that is not JSON: %j", (text) => {
    expect(parseJsonBody(text)).toEqual({ ok: false, errors: { body: { code: "notJson" } } });
  });

  it.each(["[]", '"hello"', "42", "null", "true"])("refuses JSON that is not an object: %s", (text) => {
    expect(parseJsonBody(text)).toEqual({ ok: false, errors: { body: { code: "notObject" } } });
  });

  it("refuses every unknown key by name", () => {
    const body = JSON.stringify({ mode: "candidate", fields, relay: "sent", admin: true });
    expect(parseJsonBody(body)).toEqual({
      ok: false,
      errors: { relay: { code: "unknownField" }, admin: { code: "unknownField" } },
    });
  });

  it("takes the role the request is about as a key of its own, whatever it holds (the server checks it)", () => {
    for (const role of ["svp-talent-acquisition", 42, null]) {
      const parsed = parseJsonBody(JSON.stringify({ mode: "candidate", fields, role }));
      expect(parsed).toMatchObject({ ok: true, input: { role } });
    }
  });

  it("refuses fillMs, the fill time's old name, as an unknown key", () => {
    const body = JSON.stringify({ mode: "candidate", fields, fillMs: 300 });
    expect(parseJsonBody(body)).toEqual({ ok: false, errors: { fillMs: { code: "unknownField" } } });
  });
});

describe("decodeFormComponent", () => {
  it.each([
    ["Ada+Lovelace", "Ada Lovelace"],
    ["ada%40example.com", "ada@example.com"],
    ["%2B1", "+1"],
    ["caf%C3%A9", "café"],
    ["%e2%9c%93", "✓"],
    ["Zoë", "Zoë"],
    ["", ""],
  ])("decodes %j as %j", (text, decoded) => {
    expect(decodeFormComponent(text)).toBe(decoded);
  });

  it.each(["%", "%4", "%zz", "100%", "%FF", "%C3"])("refuses %j", (text) => {
    expect(decodeFormComponent(text)).toBeNull();
  });
});

describe("parseFormBody", () => {
  it("takes the mode, the honeypot, the fill time, the consent boxes and the source out of the fields", () => {
    const body =
      "mode=employer&firstname=Ada&email=ada%40example.com&website=&fill_ms=1200&consentToProcess=yes" +
      "&utm_source=linkedin&landingPage=%2Fmission%3Futm_source%3Dlinkedin";
    expect(parseFormBody(body)).toEqual({
      ok: true,
      input: {
        mode: "employer",
        honeypot: "",
        fillMs: "1200",
        idempotencyKey: undefined,
        consentToProcess: "yes",
        communicationsConsent: undefined,
        source: expect.objectContaining({ utm_source: "linkedin", landingPage: "/mission?utm_source=linkedin" }),
        fields,
      },
    });
  });

  it("takes the role's hidden field out of the fields", () => {
    const parsed = parseFormBody("mode=candidate&firstname=Ada&email=ada%40example.com&role=svp-talent-acquisition");
    expect(parsed).toMatchObject({ ok: true, input: { role: "svp-talent-acquisition", fields } });
    expect(parsed.ok && parsed.input.fields).not.toHaveProperty("role");
  });

  it("reads + as a space and decodes percent escapes", () => {
    const parsed = parseFormBody("mode=candidate&company=Analytical+Engines%20%26+Sons&message=a%0Ab");
    expect(parsed.ok && parsed.input.fields).toEqual({ company: "Analytical Engines & Sons", message: "a\nb" });
  });

  it("reads a name without = as an empty value, and skips empty pairs", () => {
    const parsed = parseFormBody("&mode=candidate&&message&");
    expect(parsed.ok && parsed.input.fields).toEqual({ message: "" });
  });

  it("refuses a bad escape for its field, not as a replacement character", () => {
    expect(parseFormBody("mode=candidate&firstname=Ada&company=%zz&lastname=%FF")).toEqual({
      ok: false,
      errors: { company: { code: "invalidCharacters" }, lastname: { code: "invalidCharacters" } },
    });
  });

  it("makes a name sent twice a list (which the schema refuses as not text)", () => {
    const parsed = parseFormBody("mode=candidate&email=a%40example.com&email=b%40example.com&email=c");
    expect(parsed.ok && parsed.input.fields).toEqual({ email: ["a@example.com", "b@example.com", "c"] });
  });

  it("refuses the body when a name is not UTF-8", () => {
    expect(parseFormBody("mode=candidate&%FF=x&firstname=Ada")).toEqual({
      ok: false,
      errors: { body: { code: "notUtf8" } },
    });
  });

  it("keeps a field named __proto__ as a field", () => {
    const parsed = parseFormBody("mode=candidate&__proto__=x");
    expect(parsed.ok && Object.keys(parsed.input.fields as object)).toEqual(["__proto__"]);
  });
});
