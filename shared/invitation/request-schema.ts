/**
 * What an invitation request is, for the site's own form and for the server's API
 * alike (docs/product.md#nothing-lost): the fields of each mode, named as HubSpot names its contact
 * properties, their limits, and the one validation both sides run. The form's
 * labels and the messages live in content/request-invitation.ts.
 */
import { requestInvitationContent } from "#app/content/request-invitation";
import type { LegalBasis } from "#app/config/schema";
import { CONSENT_TO_PROCESS_FIELD, isChecked } from "./consent";
import { INVITATION_MODES, type InvitationMode } from "./mode";
/**
 * Where a request came from is bounded (length, no control characters) by the schema's
 * `normaliseSource`, which the server applies; the form's own checks need none of it, and so
 * the request page's island does not carry it (budgets.json).
 */
export { normaliseSource } from "./request-source";

export type RequestFieldKind = "text" | "email" | "url" | "textarea";

export interface RequestFieldRule {
  /** HubSpot's internal property name, also the form control's name. */
  name: string;
  kind: RequestFieldKind;
  required: boolean;
  /** In UTF-16 code units, as the browser's `maxlength` counts. */
  maxLength: number;
}

const NAME_MAX = 100;

// `as const`: each name stays a literal type, which the form's copy is keyed by (RequestFieldName).
const firstname = {
  name: "firstname",
  kind: "text",
  required: true,
  maxLength: NAME_MAX,
} as const satisfies RequestFieldRule;
const lastname = {
  name: "lastname",
  kind: "text",
  required: true,
  maxLength: NAME_MAX,
} as const satisfies RequestFieldRule;
// 254: the longest address SMTP can deliver to (RFC 5321 path limit less the brackets).
const email = { name: "email", kind: "email", required: true, maxLength: 254 } as const satisfies RequestFieldRule;
const jobtitle = { name: "jobtitle", kind: "text", required: true, maxLength: 150 } as const satisfies RequestFieldRule;
const company = { name: "company", kind: "text", required: true, maxLength: 200 } as const satisfies RequestFieldRule;
const message = {
  name: "message",
  kind: "textarea",
  required: false,
  maxLength: 2000,
} as const satisfies RequestFieldRule;

/**
 * Each mode's fields, in the order the form shows them: the one list of the form's
 * fields. The copy gives each its words by name (content/request-invitation.ts), and
 * shared/invitation/own-form-fields.ts joins the two into what the form renders.
 */
export const REQUEST_FIELDS = {
  candidate: [
    firstname,
    lastname,
    email,
    jobtitle,
    company,
    { name: "linkedin_url", kind: "url", required: false, maxLength: 300 },
    message,
  ],
  employer: [
    firstname,
    lastname,
    email,
    jobtitle,
    company,
    { name: "role_to_fill", kind: "text", required: true, maxLength: 150 },
    message,
  ],
} as const satisfies Record<InvitationMode, readonly RequestFieldRule[]>;

/** The names of a mode's fields (of either mode's when none is given). */
export type RequestFieldName<M extends InvitationMode = InvitationMode> = (typeof REQUEST_FIELDS)[M][number]["name"];

/** Where the site's own form posts, with or without JavaScript (docs/product.md#nothing-lost). */
export const INVITATION_API_PATH = "/api/invitation-requests";

/** The hidden form field that selects the mode in a form post. */
export const MODE_FIELD = "mode";

/**
 * Where a mode's form posts: the employer's action carries its mode too, so a refusal
 * page answered before the body is read (429, 413) leads back to the right form even
 * from a browser that sends no Referer.
 */
export function invitationActionFor(mode: InvitationMode): string {
  return mode === "employer" ? `${INVITATION_API_PATH}?${MODE_FIELD}=employer` : INVITATION_API_PATH;
}
/**
 * A field people never see or fill (hidden from sight, focus and assistive technology)
 * and simple bots do: a request carrying a value is answered like any other and held.
 */
export const HONEYPOT_FIELD = "website";
/** Milliseconds from the page's first paint to the submission, measured where JavaScript runs. */
export const FILL_TIME_FIELD = "fill_ms";
/**
 * Requests sent faster than this after the page was first painted are answered like any
 * other and held (docs/product.md#nothing-lost): stored, neither relayed nor notified
 * until released. Far below what a person needs even with autofill (reading, clicking
 * Send); a person it catches anyway is late, never lost.
 */
export const MIN_FILL_MS = 1500;

/**
 * The key a visitor's page makes for one request and sends again with every retry of it
 * (docs/product.md#nothing-lost): the server stores one request per key and answers a
 * repeat as it answered the first. The own form's island makes it when Send is first
 * pressed; without the island, the request page's inline script fills the hidden field of
 * this name at first paint, once per page view.
 */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";
/**
 * What a key is: 16 to 128 letters, digits, `-` or `_` (the pages make 32 hex digits from
 * 16 random bytes). Anything else is no key, and its request is stored as it comes.
 */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Why a valid request is held as likely automated: kept, neither relayed nor notified until released. */
export type HeldReason = "honeypot" | "fill-time";

export interface InvitationRequest {
  mode: InvitationMode;
  /** Only the mode's known fields, each as sent (an email trimmed); empty optional fields are left out. */
  fields: Record<string, string>;
}

export type FieldErrors = Record<string, string>;

export type ValidationResult =
  | {
      ok: true;
      request: InvitationRequest;
      held: HeldReason | null;
      idempotencyKey: string | null;
      /** Whether the box for updates was checked (it counts only where one was shown). */
      communicationsConsent: boolean;
    }
  | { ok: false; errors: FieldErrors };

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
  /** The consent boxes (shared/invitation/consent.ts), as checked. */
  consentToProcess?: unknown;
  communicationsConsent?: unknown;
}

// The WHATWG definition of a valid email address, which `<input type="email">` applies,
// so the server never refuses what the browser let through, and the other way round.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** One email address as the form takes it (WHATWG's valid email address): no space, comma or line break. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
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
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAKS = /[\r\n\t\u2028\u2029]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/;
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
    LONE_SURROGATE.test(value)
  );
}

const messages = requestInvitationContent.validation;

/** The message for one field's value, or null when it is fine: what the server says, and the own form as it is typed. */
export function fieldError(rule: RequestFieldRule, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return rule.required ? messages.required : null;
  if (value.length > rule.maxLength) return messages.tooLong.replace("{max}", String(rule.maxLength));
  if (hasForbiddenCharacters(value, rule.kind === "textarea")) return messages.invalidCharacters;
  if (rule.required && !hasVisibleText(value)) return messages.required;
  if (rule.kind === "email" && !isEmailAddress(trimmed)) return messages.email;
  if (rule.kind === "url" && !isWebAddress(trimmed)) return messages.url;
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
 * a message keyed by the field's name (`mode` for the mode). A valid request that a
 * bot most likely sent (honeypot filled, or sent faster than MIN_FILL_MS) is still
 * `ok`, with `held` saying why, so the caller answers it like any other and holds it.
 */
export function validateInvitationRequest(
  input: UnvalidatedRequest,
  legalBasis: LegalBasis | null = null,
): ValidationResult {
  // No prototype: a field named `__proto__` is then an unknown field like any other,
  // not a write to the object's prototype that would drop its error.
  const errors: FieldErrors = Object.create(null);
  if (!isMode(input.mode)) {
    errors[MODE_FIELD] = messages.mode;
    return { ok: false, errors };
  }
  const rules: readonly RequestFieldRule[] = REQUEST_FIELDS[input.mode];
  const sent = input.fields;
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) {
    return { ok: false, errors: { fields: messages.fields } };
  }

  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    if (!rules.some((rule) => rule.name === name)) errors[name] = messages.unknownField;
    else if (typeof value !== "string") errors[name] = messages.notText;
  }
  for (const rule of rules) {
    const value: unknown = (sent as Record<string, unknown>)[rule.name];
    if (errors[rule.name]) continue;
    const text = typeof value === "string" ? value : "";
    const error = fieldError(rule, text);
    if (error) errors[rule.name] = error;
    else if (text.trim() !== "") fields[rule.name] = storedValue(rule, text);
  }
  // With explicit consent, a request is taken only with the required box checked (docs/product.md#where-requests-come-from).
  if (legalBasis === "consent" && !isChecked(input.consentToProcess)) {
    errors[CONSENT_TO_PROCESS_FIELD] = messages.consentRequired;
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
