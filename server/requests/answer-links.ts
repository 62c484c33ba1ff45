/**
 * The answer links of the team's emails (docs/product.md#the-48-hour-promise): capabilities, not a
 * login. Each names one request, one answer and when it expires, signed with TEAM_LINK_SECRET
 * (HMAC-SHA256), so whoever holds the email can answer that request that way until then, and
 * nobody can make a link for another request, another answer or a later time. The pages they
 * open (server/api/answer-links.ts) change nothing on GET; the POST they confirm with records
 * the answer once (./answer.ts).
 *
 * A token is `<request id>.<answer>.<expiry, unix seconds>.<signature, base64url>`: readable
 * (the team can see which answer a link gives) and short enough for a mail client to keep whole.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { ANSWER_TOKEN_PARAM, API_ROUTES, apiPath } from "#shared/api-paths.ts";

/** What the team answers a request with: invite (a leader) or accept the brief (an employer), decline, or "answered another way". */
export const ANSWERS = ["invite", "decline", "other"] as const;
export type Answer = (typeof ANSWERS)[number];

export const isAnswer = (value: unknown): value is Answer => ANSWERS.includes(value as Answer);

/** How long an answer link works after its email was written. */
export const LINK_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** The least TEAM_LINK_SECRET may hold: 256 bits, as much as the HMAC's own output. */
export const LINK_SECRET_MIN_BYTES = 32;

/** What the signature covers, apart from any other use of the secret. */
const SIGNED_PREFIX = "team-answer-link/v1";
const TOKEN = /^([0-9a-f-]{36})\.([a-z]+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The signature as the token writes it: the one spelling of those bytes in base64url, so no second spelling passes. */
function signature(secret: Uint8Array, requestId: string, answer: string, expiresAtSeconds: string): string {
  return createHmac("sha256", secret)
    .update(`${SIGNED_PREFIX}\n${requestId}\n${answer}\n${expiresAtSeconds}`)
    .digest("base64url");
}

/** A signed token for answering `requestId` with `answer`, working until `expiresAt` (ms, cut to the second). */
export function signAnswerToken(secret: Uint8Array, requestId: string, answer: Answer, expiresAt: number): string {
  const seconds = String(Math.floor(expiresAt / 1000));
  return `${requestId}.${answer}.${seconds}.${signature(secret, requestId, answer, seconds)}`;
}

export type TokenCheck =
  | { kind: "valid"; requestId: string; answer: Answer; expiresAt: number }
  /** Signed by this secret, but past its time: what it named is told, nothing is done. */
  | { kind: "expired"; requestId: string; answer: Answer; expiresAt: number }
  /** Not one this server signed: changed, cut short, made up, or signed with another secret. */
  | { kind: "altered" };

/**
 * The three answer links of a request, on the site's public origin, each working until
 * LINK_LIFETIME_MS after `now`: what the team's emails about it carry.
 */
export function answerLinks(
  secret: Uint8Array,
  siteUrl: string,
  requestId: string,
  now: number,
): Record<Answer, string> {
  const link = (answer: Answer) => {
    const url = new URL(apiPath(API_ROUTES.answer), siteUrl);
    url.searchParams.set(ANSWER_TOKEN_PARAM, signAnswerToken(secret, requestId, answer, now + LINK_LIFETIME_MS));
    return url.href;
  };
  return { invite: link("invite"), decline: link("decline"), other: link("other") };
}

/** Whether `token` is one this secret signed, and whether it still works at `now` (ms). */
export function checkAnswerToken(secret: Uint8Array, token: unknown, now: number): TokenCheck {
  const match = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!match) return { kind: "altered" };
  const [, requestId = "", answer = "", seconds = "", given = ""] = match;
  const expected = Buffer.from(signature(secret, requestId, answer, seconds));
  const sent = Buffer.from(given);
  // Compared in constant time: how long a refusal takes says nothing of how close a guess came.
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected) || !isAnswer(answer)) {
    return { kind: "altered" };
  }
  const expiresAt = Number(seconds) * 1000;
  return { kind: now < expiresAt ? "valid" : "expired", requestId, answer, expiresAt };
}

/**
 * TEAM_LINK_SECRET's bytes, written as hex or base64 (standard or URL-safe, padded or not), or
 * why it cannot be used. Never quotes the value: a configuration error names the variable only.
 */
export function decodeLinkSecret(value: string): { bytes: Buffer } | { problem: string } {
  const written = value.trim();
  let bytes: Buffer;
  if (/^[0-9a-f]+$/i.test(written) && written.length % 2 === 0) {
    bytes = Buffer.from(written, "hex");
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(written)) {
    bytes = Buffer.from(written, "base64");
    // Node skips what is not base64; written back, the bytes must give the text as it was written.
    const canonical = (text: string) => text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
    if (canonical(bytes.toString("base64")) !== canonical(written)) return { problem: NOT_WRITTEN };
  } else {
    return { problem: NOT_WRITTEN };
  }
  if (bytes.length < LINK_SECRET_MIN_BYTES) {
    return {
      problem: `must hold at least ${LINK_SECRET_MIN_BYTES} random bytes (it holds ${bytes.length}): ${MAKE_ONE}`,
    };
  }
  // 32 random bytes show about 30 different values; a typed phrase or a repeated pattern shows few.
  if (new Set(bytes).size < LINK_SECRET_MIN_BYTES / 2) return { problem: `does not look random: ${MAKE_ONE}` };
  return { bytes };
}

const MAKE_ONE = "make one with `openssl rand -hex 32`";
const NOT_WRITTEN = `must be random bytes written as hex or base64: ${MAKE_ONE}`;
