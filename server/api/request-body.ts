/**
 * What POST /api/invitation-requests (./invitation-requests.ts) reads from a request
 * besides its headers' refusals: the body, as JSON or as a form post, turned into what
 * the schema validates. Pure: text in, values or field errors out; reading, refusing and
 * answering stay with the handler.
 */
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  MODE_FIELD,
} from "#shared/invitation/request-schema.ts";
import type { FieldProblem, UnvalidatedRequest } from "#shared/invitation/request-validation.ts";
import { COMMUNICATIONS_CONSENT_FIELD, CONSENT_TO_PROCESS_FIELD } from "#shared/invitation/consent.ts";
import { SOURCE_KEYS } from "#shared/invitation/request-source.ts";
import { ROLE_PARAM } from "#shared/roles/page.ts";

/** Why a body is not one the schema can check: the API's own words for these (./api-messages.ts). */
export type BodyProblemCode = "notJson" | "notObject" | "notUtf8";

/** A problem of the body as a whole (`body`), or of one of its fields (the validation's codes). */
export type ParseProblem = FieldProblem | { code: BodyProblemCode };

const BODY_PROBLEMS: ReadonlySet<string> = new Set<BodyProblemCode>(["notJson", "notObject", "notUtf8"]);

export function isBodyProblem(problem: ParseProblem): problem is { code: BodyProblemCode } {
  return BODY_PROBLEMS.has(problem.code);
}

/** A body the schema can check, or why it is not one (a 400's errors, keyed by field, `body` for the whole). */
export type Parsed = { ok: true; input: UnvalidatedRequest } | { ok: false; errors: Record<string, ParseProblem> };

/**
 * The JSON body's keys besides the schema's fields carry the form's own names: `website` is
 * the honeypot, `fill_ms` the fill time, `idempotencyKey` the key of a retried send, `source`
 * where the visit began, `role` the role the request is about, and the consent boxes. Any other
 * key is refused, so a misspelt one is not silently ignored.
 */
const SOURCE_KEY = "source";
const JSON_KEYS: ReadonlySet<string> = new Set([
  MODE_FIELD,
  "fields",
  HONEYPOT_FIELD,
  FILL_TIME_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  SOURCE_KEY,
  ROLE_PARAM,
  CONSENT_TO_PROCESS_FIELD,
  COMMUNICATIONS_CONSENT_FIELD,
]);

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A JSON body: an object of the keys above, each unknown key refused by name. */
export function parseJsonBody(text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, errors: { body: { code: "notJson" } } };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, errors: { body: { code: "notObject" } } };
  }
  const record = body as Record<string, unknown>;
  const unknownKeys = Object.keys(record).filter((key) => !JSON_KEYS.has(key));
  if (unknownKeys.length > 0) {
    return { ok: false, errors: Object.fromEntries(unknownKeys.map((key) => [key, { code: "unknownField" }])) };
  }
  return {
    ok: true,
    input: {
      mode: record[MODE_FIELD],
      fields: record.fields,
      honeypot: record[HONEYPOT_FIELD],
      fillMs: record[FILL_TIME_FIELD],
      idempotencyKey: record[IDEMPOTENCY_KEY_FIELD],
      source: record[SOURCE_KEY],
      role: record[ROLE_PARAM],
      consentToProcess: record[CONSENT_TO_PROCESS_FIELD],
      communicationsConsent: record[COMMUNICATIONS_CONSENT_FIELD],
    },
  };
}

/** Percent-decodes one name or value of a form body (`+` is a space); null for a bad escape or bytes that are not UTF-8. */
export function decodeFormComponent(text: string): string | null {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === "%") {
      const hex = text.slice(index + 1, index + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else if (character === "+") {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(character, "utf8"));
    }
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/**
 * A form post: a name sent twice becomes a list, which the schema refuses as not text.
 * A bad percent-escape or an escape that is not UTF-8 is refused for its field (or the
 * body, when the name itself is unreadable), never turned into U+FFFD.
 */
export function parseFormBody(text: string): Parsed {
  const values = new Map<string, string | string[]>();
  const errors: Record<string, ParseProblem> = Object.create(null);
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const split = pair.indexOf("=");
    const name = decodeFormComponent(split === -1 ? pair : pair.slice(0, split));
    const value = decodeFormComponent(split === -1 ? "" : pair.slice(split + 1));
    if (name === null) {
      errors.body = { code: "notUtf8" };
      continue;
    }
    if (value === null) {
      errors[name] = { code: "invalidCharacters" };
      continue;
    }
    const previous = values.get(name);
    values.set(name, previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const take = (name: string) => {
    const value = values.get(name);
    values.delete(name);
    return value;
  };
  const mode = take(MODE_FIELD);
  const honeypot = take(HONEYPOT_FIELD);
  const fillMs = take(FILL_TIME_FIELD);
  const idempotencyKey = take(IDEMPOTENCY_KEY_FIELD);
  const consentToProcess = take(CONSENT_TO_PROCESS_FIELD);
  const communicationsConsent = take(COMMUNICATIONS_CONSENT_FIELD);
  // The hidden field of the role the page was opened for (`?role=<slug>`).
  const role = take(ROLE_PARAM);
  // The hidden fields the page's inline script filled from what the visit's first page noted.
  const source = Object.fromEntries(SOURCE_KEYS.map((key) => [key, take(key)]));
  return {
    ok: true,
    input: {
      mode,
      honeypot,
      fillMs,
      idempotencyKey,
      source,
      role,
      consentToProcess,
      communicationsConsent,
      fields: Object.fromEntries(values),
    },
  };
}
