/**
 * Sends a request of the site's own form to the site's API with `fetch` and says what
 * happened in the terms the form shows the visitor. Only a 201 counts as sent: the
 * server answers it once the request is stored (docs/product.md#nothing-lost).
 */
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  INVITATION_API_PATH,
  type FieldErrors,
  type InvitationRequest,
} from "~/invitation/request-schema";

/** Long enough for a slow phone network, short enough that a dead connection is reported. */
export const SEND_TIMEOUT_MS = 20_000;

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
}

const DEFAULT_RETRY_AFTER_SECONDS = 60;

export async function sendInvitationRequest(input: SendInput, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(INVITATION_API_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      // The honeypot and the fill time travel under the form's own field names, as in a form post.
      body: JSON.stringify({
        mode: input.mode,
        fields: input.fields,
        [HONEYPOT_FIELD]: input.website,
        [FILL_TIME_FIELD]: input.fillMs,
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    console.error("[request-invitation] The request could not be sent:", error);
    return { kind: "failed", reason: "offline" };
  }

  const body = (await response.json().catch(() => null)) as { id?: unknown; errors?: unknown } | null;
  if (response.status === 201 && typeof body?.id === "string") return { kind: "sent", id: body.id };
  if (response.status === 400 && isFieldErrors(body?.errors)) return { kind: "invalid", errors: body.errors };
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After"));
    return {
      kind: "rate-limited",
      retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS,
    };
  }
  console.error(`[request-invitation] The server answered ${response.status} to the request:`, body);
  return { kind: "failed", reason: "server" };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).length > 0 &&
    Object.values(value).every((message) => typeof message === "string")
  );
}
