/**
 * POSTs the team's webhook (NOTIFY_WEBHOOK_URL) as JSON, under a time limit, without
 * following redirects (the body carries personal data: it goes where it was configured
 * to go, or nowhere). With NOTIFY_WEBHOOK_SECRET it is signed as docs/product.md#notifications-and-privacy says:
 *
 *   X-Signature-Timestamp: <unix seconds>
 *   X-Signature-256: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the secret>
 *
 * so a receiver can check it came from this server and refuse old replays.
 */
import { createHmac } from "node:crypto";
import type { NotificationSettings } from "~/config/schema";
import type { WebhookPayload } from "./messages";
import { errorCode, SafeError } from "../safe-errors";

type WebhookSettings = NonNullable<NotificationSettings["webhook"]>;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export async function postWebhook(
  settings: WebhookSettings,
  payload: WebhookPayload,
  {
    timeoutMs,
    fetch: doFetch = fetch,
    now = Date.now,
  }: { timeoutMs: number; fetch?: typeof fetch; now?: () => number },
): Promise<void> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (settings.secret) {
    const timestamp = String(Math.floor(now() / 1000));
    headers["X-Signature-Timestamp"] = timestamp;
    headers["X-Signature-256"] = webhookSignature(settings.secret, timestamp, body);
  }
  let response: Response;
  try {
    response = await doFetch(settings.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Only the status matters; the body is drained so the connection can be reused.
    await response.arrayBuffer();
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new SafeError(`no answer within ${timeoutMs / 1000} s`, { cause: error });
    // The code only: fetch's messages quote the URL, and a hook's URL holds its token.
    throw new SafeError(`could not be reached (${errorCode((error as { cause?: unknown }).cause ?? error)})`, {
      cause: error,
    });
  }
  if (response.status < 200 || response.status > 299) throw new SafeError(`answered ${response.status}`);
}
