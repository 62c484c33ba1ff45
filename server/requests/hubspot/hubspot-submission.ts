/**
 * One submission to HubSpot's Forms Submission API, the unauthenticated v3 endpoint
 * (no token to keep; HubSpot allows it 50 requests per 10 seconds):
 *
 *   POST {HUBSPOT_API_ORIGIN}/submissions/v3/integration/submit/<portalId>/<formId>
 *   {"submittedAt": "<ms>", "fields": [{"name", "value"}], "context": {"pageUri", "pageName", "hutk"},
 *    "legalConsentOptions": {"consent": {...}} or {"legitimateInterest": {...}}}
 *
 * The request's source and the title of the role it is about go as the form's hidden fields the
 * team named (HUBSPOT_SOURCE_FIELDS, HUBSPOT_ROLE_FIELD), never as fields the form does not have:
 * HubSpot refuses those (FIELD_NOT_IN_FORM_DEFINITION), and then the submission is sent again
 * without them (docs/deployment/hubspot.md).
 *
 * HubSpot answers 200 with an inline message or a redirect URI when it accepts the data,
 * and errors as JSON (`{"status": "error", "message", "errors": [{"message", "errorType"}]}`,
 * every part optional). The secure endpoint (.../integration/secure/submit/...) would
 * need a private app token and is only for sensitive data, which these forms do not ask.
 */
import type { HubSpotConfig } from "#shared/site-config.ts";
import type { ConsentRecord } from "#shared/invitation/consent.ts";
import { SOURCE_KEYS, type SourceKey } from "#shared/invitation/request-source.ts";
import { DAY_MS } from "../stores/store-core";
import type { RelayClaim, RelayRefusal } from "../store";

/**
 * The oldest request whose time is sent as `submittedAt`: HubSpot refuses a time more than a
 * month old, so a request admitted after that is sent without it (HubSpot then takes the time
 * it receives it); 28 days stays inside the shortest month.
 */
export const SUBMITTED_AT_MAX_AGE_MS = 28 * DAY_MS;
/** HubSpot's error type for a field its form does not have. */
export const FIELD_NOT_IN_FORM = "FIELD_NOT_IN_FORM_DEFINITION";

/** Which of the form's hidden fields takes each source value (HUBSPOT_SOURCE_FIELDS); a value not named is not sent. */
export type SourceFieldNames = Partial<Record<SourceKey, string>>;

/** Longest reason kept on a row: HubSpot's message plus its first field errors. */
const REASON_MAX_LENGTH = 1000;
/** The most a Retry-After header is honoured for, so a wild value cannot park the queue. */
export const RETRY_AFTER_MAX_MS = 60 * 60 * 1000;
/**
 * The least wait after HubSpot says it is rate limited (429, or its `error code: 1015`
 * page): HubSpot blocks an address that keeps asking for a further minute (docs/deployment/notifications.md).
 */
export const RATE_LIMITED_MIN_WAIT_MS = 60 * 1000;

/**
 * `reason` is kept on the row (the export shows it) and may quote what the visitor typed,
 * as HubSpot's messages do; `summary` is what a log line may say: a status or a network
 * error's code, never HubSpot's words.
 */
export type SubmissionOutcome =
  | { kind: "sent" }
  /** HubSpot refused the data itself (4xx other than 408 and 429): sending it again cannot help. */
  | { kind: "refused"; reason: string; summary: string; refusal: RelayRefusal }
  /**
   * HubSpot failed or asked us to slow down (5xx, 408, 429), answered with a redirect
   * (a moved endpoint or a proxy: the data did not arrive), or did not answer: try again later.
   */
  | { kind: "retry"; reason: string; summary: string; retryAfterMs: number | null };

export interface SubmissionTarget {
  apiOrigin: string;
  hubspot: Pick<HubSpotConfig, "portalId" | "formIds">;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Aborts the submission (the delivery loop's overall deadline). */
  signal?: AbortSignal;
  /** The hidden fields the source values go to; none by default. */
  sourceFields?: SourceFieldNames;
  /** The hidden field the role's title goes to; none by default. */
  roleField?: string | null;
}

export function submissionUrl(target: SubmissionTarget, claim: Pick<RelayClaim, "mode">): string {
  const { portalId, formIds } = target.hubspot;
  return `${target.apiOrigin}/submissions/v3/integration/submit/${encodeURIComponent(portalId)}/${encodeURIComponent(formIds[claim.mode])}`;
}

/** The source values and the role's title as the form's hidden fields the team named. */
export function hiddenFieldValues(
  claim: Pick<RelayClaim, "source" | "role">,
  { sourceFields = {}, roleField = null }: Pick<SubmissionTarget, "sourceFields" | "roleField">,
) {
  const source = SOURCE_KEYS.flatMap((key) => {
    const name = sourceFields[key];
    const value = claim.source?.[key];
    return name && value !== undefined ? [{ name, value }] : [];
  });
  return roleField && claim.role ? [...source, { name: roleField, value: claim.role.title }] : source;
}

/** What HubSpot's Forms API takes as legalConsentOptions for the consent a request carries. */
export function legalConsentOptions(consent: ConsentRecord) {
  if (consent.basis === "consent") {
    const { consentToProcess, text, communications } = consent;
    return { consent: { consentToProcess, text, communications } };
  }
  const { subscriptionTypeId, legalBasis, text } = consent;
  return { legitimateInterest: { value: true, subscriptionTypeId, legalBasis, text } };
}

export interface BodyOptions extends Pick<SubmissionTarget, "sourceFields" | "roleField"> {
  /** When this attempt is made: a request older than SUBMITTED_AT_MAX_AGE_MS goes without its time. */
  now: number;
}

export function submissionBody(claim: RelayClaim, { now, ...hidden }: BodyOptions) {
  const { pageUri, pageName, hutk } = claim.context;
  return {
    // The time the visitor sent it, not the time of this (possibly delayed) attempt, while HubSpot accepts it.
    ...(now - claim.receivedAt < SUBMITTED_AT_MAX_AGE_MS ? { submittedAt: String(claim.receivedAt) } : {}),
    fields: [
      ...Object.entries(claim.fields).map(([name, value]) => ({ name, value })),
      ...hiddenFieldValues(claim, hidden),
    ],
    context: { pageUri, pageName, ...(hutk ? { hutk } : {}) },
    ...(claim.consent ? { legalConsentOptions: legalConsentOptions(claim.consent) } : {}),
  };
}

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), RETRY_AFTER_MAX_MS);
}

/** HubSpot's own words for an error answer: its message, those of the field errors, its error type and correlation id. */
export function parseHubSpotError(status: number, body: string): RelayRefusal {
  let message = body.trim().slice(0, 200);
  let errorType: string | null = null;
  let correlationId: string | null = null;
  try {
    const parsed = JSON.parse(body) as {
      message?: unknown;
      correlationId?: unknown;
      errors?: { message?: unknown; errorType?: unknown }[];
    };
    const errors = Array.isArray(parsed.errors) ? parsed.errors : [];
    const messages = [parsed.message, ...errors.map((error) => error?.message)].filter(
      (text): text is string => typeof text === "string" && text.trim() !== "",
    );
    if (messages.length > 0) message = [...new Set(messages)].join(" ");
    const types = errors.map((error) => error?.errorType).filter((type): type is string => typeof type === "string");
    errorType = types.length > 0 ? [...new Set(types)].join(", ") : null;
    if (typeof parsed.correlationId === "string") correlationId = parsed.correlationId;
  } catch {
    // Not JSON (a proxy's HTML error page, say): keep the start of the text.
  }
  return { status, errorType, message: message.slice(0, REASON_MAX_LENGTH), correlationId };
}

/** One line for the row's relayError: status, error type, message and correlation id (to quote to HubSpot's support). */
export function describeHubSpotError(status: number, body: string): string {
  const { errorType, message, correlationId } = parseHubSpotError(status, body);
  const type = errorType ? ` (${errorType})` : "";
  const correlation = correlationId ? ` (correlationId ${correlationId})` : "";
  return `HubSpot answered ${status}${type}${message ? `: ${message}` : ""}${correlation}`.slice(0, REASON_MAX_LENGTH);
}

/** HubSpot's rate limit: a 429, or its edge's plain-text `error code: 1015` page under any status. */
function isRateLimited(response: Response, body: string): boolean {
  return response.status === 429 || /^error code: 1015\b/.test(body.trim());
}

/**
 * Submits a request; when HubSpot refuses it for a field its form does not have and hidden
 * fields were sent, sends it once more without them (neither a source nor a role ever makes a
 * relay fail), and says so with `hiddenFieldsRefused`.
 */
export async function submitToHubSpot(
  target: SubmissionTarget,
  claim: RelayClaim,
): Promise<SubmissionOutcome & { hiddenFieldsRefused?: true }> {
  const outcome = await submitOnce(target, claim);
  const sentHiddenFields = hiddenFieldValues(claim, target).length > 0;
  if (outcome.kind !== "refused" || !sentHiddenFields || !outcome.refusal.errorType?.includes(FIELD_NOT_IN_FORM)) {
    return outcome;
  }
  return { ...(await submitOnce({ ...target, sourceFields: {}, roleField: null }, claim)), hiddenFieldsRefused: true };
}

async function submitOnce(target: SubmissionTarget, claim: RelayClaim): Promise<SubmissionOutcome> {
  const doFetch = target.fetch ?? fetch;
  const now = target.now ?? Date.now;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(submissionUrl(target, claim), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(
        submissionBody(claim, { now: now(), sourceFields: target.sourceFields, roleField: target.roleField }),
      ),
      // A redirect is never followed: fetch would turn the POST into a GET whose 200
      // says nothing about the submission, and the row would be marked sent unsent.
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(target.timeoutMs), ...(target.signal ? [target.signal] : [])]),
    });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    const reason =
      name === "TimeoutError" || name === "AbortError"
        ? `HubSpot did not answer within ${target.timeoutMs / 1000} s`
        : `HubSpot could not be reached: ${describeNetworkError(error)}`;
    return { kind: "retry", reason, summary: reason, retryAfterMs: null };
  }
  const summary = `HubSpot answered ${response.status}`;
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location");
    const reason = `${summary} (a redirect${location ? ` to ${location.slice(0, 200)}` : ""}): not delivered`;
    return { kind: "retry", reason, summary, retryAfterMs: null };
  }
  if (response.ok) return { kind: "sent" };
  const reason = describeHubSpotError(response.status, text);
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), now());
  if (isRateLimited(response, text)) {
    return { kind: "retry", reason, summary, retryAfterMs: Math.max(retryAfterMs ?? 0, RATE_LIMITED_MIN_WAIT_MS) };
  }
  if (response.status === 408 || response.status >= 500) return { kind: "retry", reason, summary, retryAfterMs };
  return { kind: "refused", reason, summary, refusal: parseHubSpotError(response.status, text) };
}

/** A network error's code (ECONNREFUSED...), or its kind: never a message that could quote the request. */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } }).cause;
  return cause?.code ?? cause?.name ?? (error as Error).name;
}
