/**
 * Google's Indexing API (docs/deployment/search-engines.md): one publish per address, `URL_UPDATED`
 * when a role's page is new or changed, `URL_DELETED` once it answers 404 or 410, authorised by the
 * service account of GOOGLE_INDEXING_KEY_FILE through google-auth-library (its JWT client signs the
 * assertion and keeps the access token until it expires).
 *
 * The key file is read by the server only: its problems are said naming the variable and the field,
 * never quoting it, and no error of the library's, which may hold the token or the key's parts, is
 * logged but by its code.
 *
 * What an answer means: 200 is taken; 403 is the account's (not an Owner of the site in Search
 * Console, or the API not enabled in its project), as is a token endpoint that refuses the key
 * (revoked or deleted): the channel stops and the team is told; 429 waits (until the quota's next
 * day when Google says the day's quota is spent); 408 and 5xx, a network error or no answer in time
 * are tried again; any other 4xx is that address's problem (a malformed URL).
 */
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { JWT } from "google-auth-library";
import { isHttpsOrLoopback } from "../config";
import type { DeliveryOutcome } from "../requests/outbox/delivery-loop";
import { errorCode, redact, SafeError, secretTexts } from "../safe-errors";
import { asksForLater, noAnswer, tryLater } from "./engine-answers";
import { nextQuotaDayAt, type GoogleNotificationType } from "./push-outbox";

/** The Indexing API's one scope. */
export const INDEXING_SCOPE = "https://www.googleapis.com/auth/indexing";
/** Publish requests a project may make a day, unless Google granted more. */
export const GOOGLE_DAILY_QUOTA = 200;
/** The publish endpoint, under GOOGLE_INDEXING_API_ORIGIN. */
export const PUBLISH_PATH = "/v3/urlNotifications:publish";
/**
 * Where google-auth-library posts the signed assertion whatever the key says
 * (node_modules/google-auth-library/build/src/gtoken/getToken.js); the key's `token_uri` is used
 * instead. Google asks that the assertion's audience stay this URL, as the library writes it.
 */
const LIBRARY_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** Token endpoint errors that say the key itself is refused (RFC 6749 5.2): retrying cannot help. */
const KEY_REFUSED = new Set(["invalid_grant", "invalid_client", "unauthorized_client"]);

/** What the server takes from the service account's key file. */
export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  tokenUri: string;
}

/**
 * Reads GOOGLE_INDEXING_KEY_FILE: a service account's JSON key. Throws a SafeError that names the
 * variable and what to fix, and quotes nothing of the file.
 */
export function readServiceAccountKey(path: string): ServiceAccountKey {
  const problem = (what: string) =>
    new SafeError(`GOOGLE_INDEXING_KEY_FILE (${path}) ${what}: download a new JSON key of the service account`);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SafeError(`GOOGLE_INDEXING_KEY_FILE (${path}) cannot be read (${errorCode(error)})`);
  }
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw problem("is not JSON");
  }
  if (typeof key !== "object" || key === null || key.type !== "service_account") {
    throw problem('is not a service account\'s key (its "type" is not "service_account")');
  }
  const { client_email: clientEmail, private_key: privateKey, private_key_id: keyId, token_uri: tokenUri } = key;
  if (typeof clientEmail !== "string" || !/^[^@\s]+@[^@\s]+$/.test(clientEmail)) {
    throw problem('has no "client_email"');
  }
  try {
    if (typeof privateKey !== "string") throw new Error("missing");
    createPrivateKey(privateKey);
  } catch {
    throw problem('has no readable "private_key"');
  }
  if (tokenUri !== undefined && (typeof tokenUri !== "string" || !isHttpsOrLoopback(tokenUri))) {
    throw problem('has a "token_uri" that is not an https:// URL');
  }
  return {
    clientEmail,
    privateKey,
    privateKeyId: typeof keyId === "string" ? keyId : null,
    tokenUri: (tokenUri as string | undefined) ?? LIBRARY_TOKEN_URL,
  };
}

export interface GoogleIndexingOptions {
  key: ServiceAccountKey;
  apiOrigin: string;
  timeoutMs: number;
  now?: () => number;
  fetch?: typeof fetch;
}

/** A publish's outcome; `quotaSpent` when Google said the day's quota is used up. */
export type PublishOutcome = DeliveryOutcome & { quotaSpent?: boolean };

export interface GoogleIndexing {
  publish(url: string, type: GoogleNotificationType, signal: AbortSignal): Promise<PublishOutcome>;
}

/** Whether a 429's body says the day's quota is spent, not the minute's ("...per day..."). */
const dailyQuotaSpent = (body: string) => /per day/i.test(body);

export function googleIndexing({
  key,
  apiOrigin,
  timeoutMs,
  now = Date.now,
  fetch: doFetch = fetch,
}: GoogleIndexingOptions): GoogleIndexing {
  const client = new JWT({
    email: key.clientEmail,
    key: key.privateKey,
    keyId: key.privateKeyId ?? undefined,
    scopes: [INDEXING_SCOPE],
  });
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (String(options.url) === LIBRARY_TOKEN_URL) options.url = new URL(key.tokenUri);
      options.timeout = timeoutMs;
      return options;
    },
  });
  // The token and the key's parts may appear in a library's message: kept out of a stored reason.
  const secrets = secretTexts([key.privateKey]);
  const failed = (reason: string, retryAfterMs: number | null = null): PublishOutcome => ({
    kind: "retry",
    reason,
    summary: reason,
    retryAfterMs,
  });

  async function authorization(): Promise<string | PublishOutcome> {
    try {
      const headers = await client.getRequestHeaders();
      const value = headers.get("authorization");
      if (!value) return failed("no access token from the token endpoint");
      return value;
    } catch (error) {
      const { response } = error as { response?: { status?: number; data?: { error?: unknown } } };
      const code = typeof response?.data?.error === "string" ? response.data.error : null;
      if (code && KEY_REFUSED.has(code)) {
        const reason = `the token endpoint refused the service account's key (${code})`;
        return { kind: "refused", reason, summary: reason, scope: "channel" };
      }
      const status = response?.status ? `answered ${response.status}` : errorCode(error);
      return failed(`no access token (the token endpoint ${status})`);
    }
  }

  return {
    async publish(url, type, signal) {
      const token = await authorization();
      if (typeof token !== "string") return token;
      const deadline = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let body: string;
      try {
        response = await doFetch(`${apiOrigin}${PUBLISH_PATH}`, {
          method: "POST",
          headers: { Authorization: token, "Content-Type": "application/json" },
          body: JSON.stringify({ url, type }),
          redirect: "manual",
          signal: AbortSignal.any([signal, deadline]),
        });
        body = await response.text();
      } catch (error) {
        return failed(noAnswer(error, deadline, timeoutMs));
      }
      const status = `answered ${response.status}`;
      if (response.status === 200) return { kind: "sent" };
      // Google's message names the problem (ownership, the API disabled); it quotes no secret.
      const reason = `${status}: ${redact(googleMessage(body), secrets)}`;
      if (response.status === 401) {
        // A token Google no longer takes: the next attempt asks for a new one.
        client.credentials = {};
        return failed(reason);
      }
      if (response.status === 403) return { kind: "refused", reason, summary: status, scope: "channel" };
      if (response.status === 429 && dailyQuotaSpent(body)) {
        return {
          kind: "retry",
          reason,
          summary: status,
          retryAfterMs: nextQuotaDayAt(now()) - now(),
          quotaSpent: true,
        };
      }
      if (asksForLater(response.status)) return tryLater(response, reason, status, now());
      return { kind: "refused", reason, summary: status, scope: "row" };
    },
  };
}

/** Google's error message (`{"error": {"message": ...}}`), or the start of the body. */
function googleMessage(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === "string") return message.slice(0, 300);
  } catch {
    // Not JSON: a proxy's page.
  }
  return body.trim().slice(0, 200) || "(no message)";
}
