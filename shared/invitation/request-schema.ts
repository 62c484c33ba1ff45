/**
 * What an invitation request is, for the site's own form and for the server's API
 * alike (docs/product.md#nothing-lost): the fields of each mode, named as HubSpot names its contact
 * properties, their limits and how the form presents them, and the names of the form's other
 * controls. The validation both sides run is ./request-validation.ts; the form's labels and
 * the messages are words (content/request-invitation.yaml).
 */
import { API_ROUTES, apiPath } from "../api-paths";
import { MODE_PARAM, type InvitationMode } from "./mode";

export type RequestFieldKind = "text" | "email" | "url" | "textarea";

export interface RequestFieldRule {
  /** HubSpot's internal property name, also the form control's name. */
  name: string;
  kind: RequestFieldKind;
  required: boolean;
  /** In UTF-16 code units, as the browser's `maxlength` counts. */
  maxLength: number;
  /** What the browser may fill in (the HTML `autocomplete` token). */
  autoComplete: string;
  /** Half width: two such fields sit side by side from the small breakpoint up. */
  half?: boolean;
}

const NAME_MAX = 100;

// `as const`: each name stays a literal type, which the form's copy is keyed by (RequestFieldName).
const firstname = {
  name: "firstname",
  kind: "text",
  required: true,
  maxLength: NAME_MAX,
  autoComplete: "given-name",
  half: true,
} as const satisfies RequestFieldRule;
const lastname = {
  name: "lastname",
  kind: "text",
  required: true,
  maxLength: NAME_MAX,
  autoComplete: "family-name",
  half: true,
} as const satisfies RequestFieldRule;
// 254: the longest address SMTP can deliver to (RFC 5321 path limit less the brackets).
const email = {
  name: "email",
  kind: "email",
  required: true,
  maxLength: 254,
  autoComplete: "email",
} as const satisfies RequestFieldRule;
const jobtitle = {
  name: "jobtitle",
  kind: "text",
  required: true,
  maxLength: 150,
  autoComplete: "organization-title",
  half: true,
} as const satisfies RequestFieldRule;
const company = {
  name: "company",
  kind: "text",
  required: true,
  maxLength: 200,
  autoComplete: "organization",
  half: true,
} as const satisfies RequestFieldRule;
const message = {
  name: "message",
  kind: "textarea",
  required: false,
  maxLength: 2000,
  autoComplete: "off",
} as const satisfies RequestFieldRule;

/**
 * Each mode's fields, in the order the form shows them: the one list of the form's
 * fields. The words give each its label by name (content/request-invitation.yaml), and
 * shared/invitation/own-form-fields.ts joins the two into what the form renders.
 */
export const REQUEST_FIELDS = {
  candidate: [
    firstname,
    lastname,
    email,
    jobtitle,
    company,
    { name: "linkedin_url", kind: "url", required: false, maxLength: 300, autoComplete: "url" },
    message,
  ],
  employer: [
    firstname,
    lastname,
    email,
    jobtitle,
    company,
    { name: "role_to_fill", kind: "text", required: true, maxLength: 150, autoComplete: "off" },
    message,
  ],
} as const satisfies Record<InvitationMode, readonly RequestFieldRule[]>;

/** The names of a mode's fields (of either mode's when none is given). */
export type RequestFieldName<M extends InvitationMode = InvitationMode> = (typeof REQUEST_FIELDS)[M][number]["name"];

/** Where the site's own form posts, with or without JavaScript (docs/product.md#nothing-lost). */
export const INVITATION_API_PATH = apiPath(API_ROUTES.invitationRequests);

/** The hidden form field that selects the mode in a form post. */
export const MODE_FIELD = "mode";

/**
 * Where a mode's form posts: the employer's action carries its mode too, so a refusal
 * page answered before the body is read (429, 413) leads back to the right form even
 * from a browser that sends no Referer.
 */
export function invitationActionFor(mode: InvitationMode): string {
  return mode === "employer" ? `${INVITATION_API_PATH}?${MODE_PARAM}=employer` : INVITATION_API_PATH;
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
 * until admitted. Far below what a person needs even with autofill (reading, clicking
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
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Why a valid request is held as likely automated: kept, neither relayed nor notified until admitted. */
export type HeldReason = "honeypot" | "fill-time";

export interface InvitationRequest {
  mode: InvitationMode;
  /** Only the mode's known fields, each as sent (an email trimmed); empty optional fields are left out. */
  fields: Record<string, string>;
}
