/**
 * What the search engines' answers have in common for a push (./google-indexing.ts,
 * ./indexnow.ts): a call that did not get through, and an answer that says "later" (408, 429,
 * 5xx, or a redirect, which a push never follows), are tried again, after the engine's
 * Retry-After when it gives one. What else an answer means is each engine's own.
 */
import type { DeliveryOutcome } from "../requests/outbox/delivery-loop";
import { parseRetryAfter } from "../requests/hubspot/hubspot-submission";
import { errorCode } from "../safe-errors";

/** Why a call got no answer: the time limit, or the network error's code (never its message). */
export function noAnswer(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  return deadline.aborted
    ? `no answer within ${timeoutMs / 1000} s`
    : `could not be reached (${errorCode((error as { cause?: unknown } | null)?.cause ?? error)})`;
}

/** An answer an engine gives when it cannot take the push now. */
export const asksForLater = (status: number) => status === 408 || status === 429 || status >= 500 || status < 400;

/** Tried again, after the answer's Retry-After when it has one. */
export function tryLater(response: Response, reason: string, summary: string, now: number): DeliveryOutcome {
  return { kind: "retry", reason, summary, retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), now) };
}
