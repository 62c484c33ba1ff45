/**
 * The one validation of an invitation request, run by the site's own form before it sends and
 * by the server before it stores (docs/product.md#nothing-lost). It answers in codes, never in
 * words: each side looks the words up in content/request-invitation.yaml (`problemText`), so
 * the server and the page say the same thing and the marketing team words it.
 */
import type { ValidationWords } from "../content/request-invitation";
import type { LegalBasis } from "../site-config";
import { fill } from "../text";
import { CONSENT_TO_PROCESS_FIELD, isChecked } from "./consent";
import { INVITATION_MODES, type InvitationMode } from "./mode";
import {
  IDEMPOTENCY_KEY_PATTERN,
  MIN_FILL_MS,
  MODE_FIELD,
  REQUEST_FIELDS,
  type HeldReason,
  type InvitationRequest,
  type RequestFieldRule,
} from "./request-schema";

/** Why a field was refused: the key of its message in the words' `validation`. */
export type ProblemCode = keyof ValidationWords;

/** A field's problem: its code, and the field's limit for `tooLong`. */
export interface FieldProblem {
  code: ProblemCode;
  max?: number;
}

/** The problems of a refused request, keyed by field name (`mode` and `fields` for the request itself). */
export type FieldProblems = Record<string, FieldProblem>;

/** The words for a problem, with its limit filled in. */
export function problemText(words: ValidationWords, problem: FieldProblem): string {
  return fill(words[problem.code], { max: problem.max ?? "" });
}

/** Every problem as its words, keyed by field: the API's 400 body and the pages' lists. */
export function problemTexts(words: ValidationWords, problems: FieldProblems): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemText(words, problem)]));
}

export type ValidationResult =
  | {
      ok: true;
      request: InvitationRequest;
      held: HeldReason | null;
      idempotencyKey: string | null;
      /** Whether the box for updates was checked (it counts only where one was shown). */
      communicationsConsent: boolean;
    }
  | { ok: false; errors: FieldProblems };

/** What a request carries before validation, from JSON or a form post alike. */
export interface UnvalidatedRequest {
  mode: unknown;
  fields: unknown;
  honeypot?: unknown;
  /** Absent when nothing measured it (a post without JavaScript, an API client). */
  fillMs?: unknown;
  /** Absent, or empty, when the page made none (a post without JavaScript, an API client). */
  idempotencyKey?: unknown;
  /** What the visit's first page noted: never a reason to refuse, bounded by `normaliseSource` where it is stored. */
  source?: unknown;
  /** The slug of the role the request is about (`?role=<slug>`): never a reason to refuse, dropped by the server unless it names an open role. */
  role?: unknown;
  /** The consent boxes (shared/invitation/consent.ts), as checked. */
  consentToProcess?: unknown;
  communicationsConsent?: unknown;
}

// The WHATWG definition of a valid email address, which `<input type="email">` applies,
// so the server never refuses what the browser let through, and the other way round.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * What is wrong with an email address, or null: `email` when it is not one at all (WHATWG's valid
 * email address: no space, comma or line break), `emailDomain` when what follows the @ is no
 * domain mail can reach: a single name (`dana@gmail`, `root@localhost`) or a number (an IP
 * address), which `<input type="email">` lets through but no reply could ever arrive at.
 */
export function emailProblem(value: string): "email" | "emailDomain" | null {
  if (!EMAIL_PATTERN.test(value)) return "email";
  const labels = value.slice(value.lastIndexOf("@") + 1).split(".");
  return labels.length > 1 && /[a-z]/i.test(labels.at(-1)!) ? null : "emailDomain";
}

/** One email address as the form takes it, at a domain mail can reach (`emailProblem`). */
export function isEmailAddress(value: string): boolean {
  return emailProblem(value) === null;
}

/** A web address with or without its scheme (`linkedin.com/in/name` is what people paste). */
export function isWebAddress(value: string): boolean {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !/\s/.test(value);
  } catch {
    return false;
  }
}

// Text rules (docs/product.md): nothing invisible or misleading reaches the team or HubSpot.
// - C0 and C1 controls: NUL cannot be stored in PostgreSQL text, and no other belongs in a
//   form field; the message keeps its line breaks and tabs (pasted text), one-line fields do not,
//   nor the Unicode line and paragraph separators (U+2028, U+2029), which mail readers break lines on.
// - Bidi embeddings, overrides and isolates can make a stored value read differently from
//   what it is (a name that displays reversed).
// - The direction marks (U+200E, U+200F, U+061C) can reorder a one-line value too, and
//   names go into the team's email subject; the message keeps them, as right-to-left
//   text legitimately uses them there.
// - A lone surrogate is not text: PostgreSQL's json functions fail on the row that holds it.
// - A MIME encoded word (RFC 2047, `=?utf-8?b?4oCu?=`) in a one-line field: names go into the team
//   email's Subject and Reply-To, where mail readers decode it into whatever it hides (a
//   right-to-left override, a line break) past every rule above. No one types one.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAKS = /[\r\n\t\u2028\u2029]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/;
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * A character a reader can see: not white space, not a format or control character
 * (U+200B, U+FEFF, U+00AD...), not an unassigned code point or a private-use one, not a
 * combining mark with nothing to combine with, nor the Hangul fillers that render as blanks.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\p{M}\u115f\u1160\u3164\uffa0\u2800]/u;

/** Whether a value holds something a reader can see (what a required field needs). */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

/** Whether a value has a character that cannot be sent (see the text rules above). */
export function hasForbiddenCharacters(value: string, multiline: boolean): boolean {
  return (
    CONTROL_CHARACTERS.test(value) ||
    (!multiline && LINE_BREAKS.test(value)) ||
    BIDI_CONTROLS.test(value) ||
    (!multiline && DIRECTION_MARKS.test(value)) ||
    (!multiline && ENCODED_WORD.test(value)) ||
    LONE_SURROGATE.test(value)
  );
}

/** The problem of one field's value, or null when it is fine: what the server says, and the own form as it is typed. */
export function fieldProblem(rule: RequestFieldRule, value: string): FieldProblem | null {
  const trimmed = value.trim();
  if (trimmed === "") return rule.required ? { code: "required" } : null;
  if (value.length > rule.maxLength) return { code: "tooLong", max: rule.maxLength };
  if (hasForbiddenCharacters(value, rule.kind === "textarea")) return { code: "invalidCharacters" };
  if (rule.required && !hasVisibleText(value)) return { code: "required" };
  if (rule.kind === "email") {
    const code = emailProblem(trimmed);
    if (code) return { code };
  }
  if (rule.kind === "url" && !isWebAddress(trimmed)) return { code: "url" };
  return null;
}

/** What is stored and relayed for a valid value: an email without the spaces around it, anything else as sent. */
function storedValue(rule: RequestFieldRule, value: string): string {
  return rule.kind === "email" ? value.trim() : value;
}

const isMode = (value: unknown): value is InvitationMode =>
  typeof value === "string" && (INVITATION_MODES as readonly string[]).includes(value);

/**
 * Checks a request against its mode's fields: an unknown mode, a field of the wrong
 * type, an unknown field, a missing required one or a value over its limit each give
 * a problem keyed by the field's name (`mode` for the mode). A valid request that a
 * bot most likely sent (honeypot filled, or sent faster than MIN_FILL_MS) is still
 * `ok`, with `held` saying why, so the caller answers it like any other and holds it.
 */
export function validateInvitationRequest(
  input: UnvalidatedRequest,
  legalBasis: LegalBasis | null = null,
): ValidationResult {
  // No prototype: a field named `__proto__` is then an unknown field like any other,
  // not a write to the object's prototype that would drop its error.
  const errors: FieldProblems = Object.create(null);
  if (!isMode(input.mode)) {
    errors[MODE_FIELD] = { code: "mode" };
    return { ok: false, errors };
  }
  const rules: readonly RequestFieldRule[] = REQUEST_FIELDS[input.mode];
  const sent = input.fields;
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) {
    return { ok: false, errors: { fields: { code: "fields" } } };
  }

  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    if (!rules.some((rule) => rule.name === name)) errors[name] = { code: "unknownField" };
    else if (typeof value !== "string") errors[name] = { code: "notText" };
  }
  for (const rule of rules) {
    const value: unknown = (sent as Record<string, unknown>)[rule.name];
    if (errors[rule.name]) continue;
    const text = typeof value === "string" ? value : "";
    const problem = fieldProblem(rule, text);
    if (problem) errors[rule.name] = problem;
    else if (text.trim() !== "") fields[rule.name] = storedValue(rule, text);
  }
  // With explicit consent, a request is taken only with the required box checked (docs/product.md#where-requests-come-from).
  if (legalBasis === "consent" && !isChecked(input.consentToProcess)) {
    errors[CONSENT_TO_PROCESS_FIELD] = { code: "consentRequired" };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const honeypotFilled = input.honeypot !== undefined && input.honeypot !== null && input.honeypot !== "";
  // A form post without JavaScript sends the hidden fill-time field empty: that is no
  // measurement (Number("") would be 0 ms), so only digits count.
  const fillMs =
    typeof input.fillMs === "string"
      ? /^\d+$/.test(input.fillMs.trim())
        ? Number(input.fillMs)
        : undefined
      : input.fillMs;
  const tooFast = typeof fillMs === "number" && Number.isFinite(fillMs) && fillMs < MIN_FILL_MS;
  const held = honeypotFilled ? "honeypot" : tooFast ? "fill-time" : null;
  // Like an unmeasured fill time: what is not a key is no key, never a reason to refuse a request.
  const key = input.idempotencyKey;
  const idempotencyKey = typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null;
  return {
    ok: true,
    request: { mode: input.mode, fields },
    held,
    idempotencyKey,
    communicationsConsent: isChecked(input.communicationsConsent),
  };
}
