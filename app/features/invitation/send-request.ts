/**
 * Sends a request of the site's own form to the site's API with `fetch` and says what
 * happened in the terms the form shows the visitor. Only a 201 counts as sent: the
 * server answers it once the request is stored (docs/product.md#nothing-lost).
 *
 * A send that got no answer, or a 502, 503 or 504 (the database or the server away for a
 * moment), is tried again by itself after RETRY_DELAYS_MS, with the same idempotency key,
 * before the visitor is told: the server stores one request per key, so a save that
 * committed after its 503 is answered as stored, never stored twice.
 */
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  INVITATION_API_PATH,
  type InvitationRequest,
} from "#shared/invitation/request-schema.ts";

/** The server's messages for the fields it refused, keyed by field name (a 400's `errors`). */
type FieldErrors = Record<string, string>;
import { COMMUNICATIONS_CONSENT_FIELD, CONSENT_TO_PROCESS_FIELD } from "#shared/invitation/consent.ts";
import { ROLE_PARAM } from "#shared/roles/page.ts";
import type { RequestSource } from "#shared/invitation/request-source.ts";

/** Long enough for a slow phone network, short enough that a dead connection is reported. */
export const SEND_TIMEOUT_MS = 20_000;
/** The pauses before each try again: five tries within about 15 s, then the error is shown. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
/** Answers that say "not now" rather than "no": a proxy without its server, or the store away. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

export type SendOutcome =
  | { kind: "sent"; id: string }
  | { kind: "invalid"; errors: FieldErrors }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** `offline`: the request never got an answer; `server`: it got one that was not a success. */
  | { kind: "failed"; reason: "offline" | "server" };

export interface SendInput extends InvitationRequest {
  /** The honeypot's value, sent as it is so the server can tell. */
  website: string;
  /** Milliseconds from the form being shown to this send. */
  fillMs: number;
  /** Made when the visitor first pressed Send, the same for every try of this request. */
  idempotencyKey: string;
  /** What the visit's first page noted (shared/invitation/request-source.ts), or null. */
  source?: RequestSource | null;
  /** The consent boxes as checked, when the form shows them (shared/invitation/consent.ts). */
  consentToProcess?: boolean;
  communicationsConsent?: boolean;
  /** The open role the request is about (its slug, shared/roles/page.ts), when one was chosen. */
  role?: string | null;
}

export interface SendOptions {
  fetchImpl?: typeof fetch;
  /** Waits between tries (a timer; tests pass their own). */
  wait?: (ms: number) => Promise<void>;
  /** Aborted when the visitor leaves the form: no more tries. */
  signal?: AbortSignal;
}

const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** 16 random bytes as 32 hex digits: a key no other page view makes. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const pause = (ms: number) => new Promise<void>((resolvePause) => setTimeout(resolvePause, ms));

export async function sendInvitationRequest(
  input: SendInput,
  { fetchImpl = fetch, wait = pause, signal }: SendOptions = {},
): Promise<SendOutcome> {
  for (let tried = 0; ; tried += 1) {
    const { outcome, transient, problem } = await sendOnce(input, fetchImpl);
    const last = tried >= RETRY_DELAYS_MS.length || signal?.aborted === true;
    if (!transient || last) {
      if (problem !== undefined) console.error("[request-invitation] The request could not be sent:", problem);
      return outcome;
    }
    await wait(RETRY_DELAYS_MS[tried]!);
  }
}

/** One try: what it gave, whether trying again may give more, and what went wrong (for the console). */
async function sendOnce(
  input: SendInput,
  fetchImpl: typeof fetch,
): Promise<{ outcome: SendOutcome; transient: boolean; problem?: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(INVITATION_API_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      // The honeypot, the fill time and the key travel under the form's own field names, as in a form post.
      body: JSON.stringify({
        mode: input.mode,
        fields: input.fields,
        [HONEYPOT_FIELD]: input.website,
        [FILL_TIME_FIELD]: input.fillMs,
        [IDEMPOTENCY_KEY_FIELD]: input.idempotencyKey,
        ...(input.source ? { source: input.source } : {}),
        ...(input.consentToProcess ? { [CONSENT_TO_PROCESS_FIELD]: true } : {}),
        ...(input.communicationsConsent ? { [COMMUNICATIONS_CONSENT_FIELD]: true } : {}),
        ...(input.role ? { [ROLE_PARAM]: input.role } : {}),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: { kind: "failed", reason: "offline" }, transient: true, problem: error };
  }

  const body = (await response.json().catch(() => null)) as { id?: unknown; errors?: unknown } | null;
  if (response.status === 201 && typeof body?.id === "string") {
    return { outcome: { kind: "sent", id: body.id }, transient: false };
  }
  if (response.status === 400 && isFieldErrors(body?.errors)) {
    return { outcome: { kind: "invalid", errors: body.errors }, transient: false };
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After"));
    const retryAfterSeconds = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS;
    return { outcome: { kind: "rate-limited", retryAfterSeconds }, transient: false };
  }
  return {
    outcome: { kind: "failed", reason: "server" },
    transient: TRANSIENT_STATUSES.has(response.status),
    problem: `the server answered ${response.status}`,
  };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).length > 0 &&
    Object.values(value).every((message) => typeof message === "string")
  );
}
