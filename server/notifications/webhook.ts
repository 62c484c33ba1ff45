/**
 * POSTs the team's webhook (NOTIFY_WEBHOOK_URL) as JSON, under a time limit, without
 * following redirects (the body carries personal data: it goes where it was configured
 * to go, or nowhere). Every POST carries `X-Delivery-Id`, the same on every retry of one
 * notification, so a receiver can drop duplicates. With NOTIFY_WEBHOOK_SECRET it is
 * signed as docs/product.md#notifications-and-privacy says:
 *
 *   X-Signature-Timestamp: <unix seconds>
 *   X-Signature-256: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the secret>
 *
 * so a receiver can check it came from this server and refuse old replays.
 *
 * What an answer means (docs/product.md#notifications-and-privacy, paced retries): a 2xx is delivered; 408, 429,
 * 5xx, a redirect, no answer in time or a network error fail for now (SafeError, retried);
 * any other 4xx is a webhook that refuses for good, such as a deleted Slack or Teams hook
 * (ChannelRefusedError: the channel stops until a restart or `requests -- retry`).
 */
import { createHmac } from "node:crypto";
import type { NotificationSettings } from "../config";
import type { WebhookPayload } from "./messages";
import { errorCode, SafeError } from "../safe-errors";

type WebhookSettings = NonNullable<NotificationSettings["webhook"]>;

/** The webhook refused for good (a 4xx other than 408 and 429): retrying would get the same answer. */
export class ChannelRefusedError extends SafeError {
  override name = "ChannelRefusedError";
}

export interface PostWebhookOptions {
  /** The notification's delivery id, sent as X-Delivery-Id: the same on each of its retries. */
  deliveryId: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** The caller's own end to the attempt (its overall deadline, a stop), besides `timeoutMs`. */
  signal?: AbortSignal;
}

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** 408 and 429 are "not now": every other 4xx says this hook will not take notifications. */
function refusesForGood(status: number): boolean {
  return status >= 400 && status <= 499 && status !== 408 && status !== 429;
}

export async function postWebhook(
  settings: WebhookSettings,
  /** A notification's, or another alert's of the same shape (releases/alert.ts). */
  payload: WebhookPayload | { text: string; event: string },
  { deliveryId, timeoutMs, fetch: doFetch = fetch, now = Date.now, signal }: PostWebhookOptions,
): Promise<void> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Delivery-Id": deliveryId };
  if (settings.secret) {
    const timestamp = String(Math.floor(now() / 1000));
    headers["X-Signature-Timestamp"] = timestamp;
    headers["X-Signature-256"] = webhookSignature(settings.secret, timestamp, body);
  }
  const deadline = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await doFetch(settings.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    });
    // Only the status matters; the body is drained so the connection can be reused.
    await response.arrayBuffer();
  } catch (error) {
    if (deadline.aborted) throw new SafeError(`no answer within ${timeoutMs / 1000} s`, { cause: error });
    if (signal?.aborted) throw new SafeError("cut off before it answered", { cause: error });
    // The code only: fetch's messages quote the URL, and a hook's URL holds its token.
    throw new SafeError(`could not be reached (${errorCode((error as { cause?: unknown } | null)?.cause ?? error)})`, {
      cause: error,
    });
  }
  if (response.status >= 200 && response.status <= 299) return;
  if (refusesForGood(response.status)) throw new ChannelRefusedError(`answered ${response.status}`);
  throw new SafeError(`answered ${response.status}`);
}
