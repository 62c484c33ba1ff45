import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAnswerToken, decodeLinkSecret, LINK_LIFETIME_MS, signAnswerToken } from "./answer-links";

const SECRET = randomBytes(32);
const REQUEST = "0b6f1c3e-2f4a-4d5b-8c9d-1e2f3a4b5c6d";
const OTHER_REQUEST = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const NOW = Date.UTC(2026, 10, 25, 9, 30);
const EXPIRES = NOW + LINK_LIFETIME_MS;

/** The token with one part replaced, as someone editing the link in the address bar would. */
function withPart(token: string, index: number, value: string): string {
  const parts = token.split(".");
  parts[index] = value;
  return parts.join(".");
}

describe("answer tokens", () => {
  const token = signAnswerToken(SECRET, REQUEST, "invite", EXPIRES);

  it("name their request and answer until they expire, fourteen days after they were made", () => {
    expect(checkAnswerToken(SECRET, token, NOW)).toEqual({
      kind: "valid",
      requestId: REQUEST,
      answer: "invite",
      expiresAt: EXPIRES,
    });
    expect(checkAnswerToken(SECRET, token, EXPIRES - 1000).kind).toBe("valid");
    expect(checkAnswerToken(SECRET, token, EXPIRES)).toEqual({
      kind: "expired",
      requestId: REQUEST,
      answer: "invite",
      expiresAt: EXPIRES,
    });
  });

  it("refuse another answer, another request or a later expiry written into a signed link", () => {
    expect(checkAnswerToken(SECRET, withPart(token, 1, "decline"), NOW)).toEqual({ kind: "altered" });
    expect(checkAnswerToken(SECRET, withPart(token, 0, OTHER_REQUEST), NOW)).toEqual({ kind: "altered" });
    const later = String(Math.floor((EXPIRES + LINK_LIFETIME_MS) / 1000));
    expect(checkAnswerToken(SECRET, withPart(token, 2, later), EXPIRES + 1000)).toEqual({ kind: "altered" });
  });

  it("refuse a link with one character changed, cut short, or signed with another secret", () => {
    for (let index = 0; index < token.length; index += 1) {
      const changed = token.slice(0, index) + (token[index] === "a" ? "b" : "a") + token.slice(index + 1);
      expect(checkAnswerToken(SECRET, changed, NOW).kind, `character ${index}`).not.toBe("valid");
    }
    expect(checkAnswerToken(SECRET, token.slice(0, -1), NOW)).toEqual({ kind: "altered" });
    expect(checkAnswerToken(randomBytes(32), token, NOW)).toEqual({ kind: "altered" });
    for (const junk of [undefined, "", "invite", ["a", "b"], `${token}.`]) {
      expect(checkAnswerToken(SECRET, junk, NOW)).toEqual({ kind: "altered" });
    }
  });

  it("sign only the three answers", () => {
    const made = signAnswerToken(SECRET, REQUEST, "other", EXPIRES);
    expect(checkAnswerToken(SECRET, made, NOW)).toMatchObject({ kind: "valid", answer: "other" });
    // A word the server never signs, with a signature a holder of the secret made for it, is still refused.
    const forged = signAnswerToken(SECRET, REQUEST, "accept" as "invite", EXPIRES);
    expect(checkAnswerToken(SECRET, forged, NOW)).toEqual({ kind: "altered" });
  });
});

describe("TEAM_LINK_SECRET", () => {
  const bytes = randomBytes(32);

  it("is read as hex or base64, standard or URL-safe, padded or not", () => {
    for (const written of [
      bytes.toString("hex"),
      bytes.toString("hex").toUpperCase(),
      bytes.toString("base64"),
      bytes.toString("base64url"),
      ` ${bytes.toString("base64")}\n`,
    ]) {
      expect(decodeLinkSecret(written)).toEqual({ bytes });
    }
  });

  it("refuses fewer than 32 bytes, text that is neither, and bytes that are not random", () => {
    expect(decodeLinkSecret(randomBytes(31).toString("hex"))).toEqual({
      problem: "must hold at least 32 random bytes (it holds 31): make one with `openssl rand -hex 32`",
    });
    expect(decodeLinkSecret("correct horse battery staple, a phrase")).toMatchObject({
      problem: expect.stringContaining("hex or base64") as string,
    });
    expect(decodeLinkSecret("0".repeat(64))).toMatchObject({
      problem: expect.stringContaining("not look random") as string,
    });
    expect(decodeLinkSecret("ab".repeat(40))).toMatchObject({
      problem: expect.stringContaining("not look random") as string,
    });
  });
});
