/**
 * IndexNow (docs/deployment/search-engines.md): one POST of the addresses that changed, added,
 * changed or gone alike, to INDEXNOW_ENDPOINT, which shares it with Bing, Yandex, Naver, Seznam and
 * Yep. The engine checks the key against `/<key>.txt` on SITE_URL (the Node server and nginx answer
 * it, keyFile below).
 *
 * What an answer means (IndexNow's protocol): 200 and 202 are taken; 403 (the key file does not
 * match) and 422 (an address is not SITE_URL's host, or the key does not match) are the
 * configuration's: the channel stops and the team is told; 429 waits; 408 and 5xx, a network error
 * or no answer in time are tried again; 400 and any other 4xx is these addresses' problem.
 */
import type { DeliveryOutcome } from "../requests/outbox/delivery-loop";
import { indexNowKeyPath } from "../http/static-policy";
import { asksForLater, noAnswer, tryLater } from "./engine-answers";

/** The most addresses one POST carries (IndexNow takes 10,000). */
export const INDEXNOW_BATCH_SIZE = 500;

export interface IndexNowOptions {
  key: string;
  endpoint: string;
  /** SITE_URL: its host is the addresses', and the key file is under it. */
  siteUrl: string;
  timeoutMs: number;
  now?: () => number;
  fetch?: typeof fetch;
}

export async function submitToIndexNow(
  { key, endpoint, siteUrl, timeoutMs, now = Date.now, fetch: doFetch = fetch }: IndexNowOptions,
  urls: readonly string[],
  signal: AbortSignal,
): Promise<DeliveryOutcome> {
  const site = new URL(siteUrl);
  const body = {
    host: site.host,
    key,
    keyLocation: new URL(indexNowKeyPath(key), site).href,
    urlList: urls,
  };
  const deadline = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await doFetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.any([signal, deadline]),
    });
    await response.arrayBuffer();
  } catch (error) {
    const reason = noAnswer(error, deadline, timeoutMs);
    return { kind: "retry", reason, summary: reason, retryAfterMs: null };
  }
  const reason = `answered ${response.status}`;
  if (response.status === 200 || response.status === 202) return { kind: "sent" };
  if (response.status === 403 || response.status === 422) {
    return { kind: "refused", reason, summary: reason, scope: "channel" };
  }
  if (asksForLater(response.status)) return tryLater(response, reason, reason, now());
  return { kind: "refused", reason, summary: reason, scope: "row" };
}
