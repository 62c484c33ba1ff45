/**
 * What the server tests send and wait for: valid requests (one per index, unique email),
 * a client that re-sends only what never reached the server, the environment that
 * points a server's relay at the fake HubSpot API with fast timings, and polling.
 */
import { request, type Agent } from "node:http";
import { INVITATION_MODES, type InvitationMode } from "#shared/invitation/mode.ts";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { DEPLOYMENT_SITE_FACTS } from "./deployment-site-facts";
import type { FakeHubSpotApi } from "./fake-hubspot-api";

export const SITE_URL = "https://network.example";
export const PORTAL_ID = "1234567";
export const FORM_IDS: Record<InvitationMode, string> = {
  candidate: "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f",
  employer: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
};
/** Fast delivery timings (the relay's and the notifications'), so minutes of trouble fit in seconds. */
export const FAST_DELIVERY = {
  DELIVERY_RETRY_MIN_SECONDS: "0.05",
  DELIVERY_RETRY_MAX_SECONDS: "0.4",
  DELIVERY_TIMEOUT_SECONDS: "2",
  DELIVERY_LEASE_SECONDS: "5",
};
const FAST_RELAY = { ...FAST_DELIVERY, RELAY_MAX_PER_10_SECONDS: "1000" };
export const BASE_ENV = { SITE_URL, ...DEPLOYMENT_SITE_FACTS, RATE_LIMIT_MAX: "100000" };

export function hubspotEnv(hubspot: FakeHubSpotApi): Record<string, string> {
  return {
    HUBSPOT_PORTAL_ID: PORTAL_ID,
    HUBSPOT_FORM_ID_CANDIDATE: FORM_IDS.candidate,
    HUBSPOT_FORM_ID_EMPLOYER: FORM_IDS.employer,
    HUBSPOT_API_ORIGIN: hubspot.origin,
    ...FAST_RELAY,
  };
}

export function requestBody(index: number) {
  const mode = INVITATION_MODES[index % 2]!;
  const fields: Record<string, string> = {
    firstname: "Grace",
    lastname: `Hopper ${index}`,
    email: `grace${index}@example.com`,
    jobtitle: "Head of Talent",
    company: "Compilers Inc",
  };
  if (mode === "employer") fields.role_to_fill = "VP, Talent Acquisition";
  return { mode, fields };
}

/**
 * One request (a JSON `body` when given) and its whole answer, never retried. By default on
 * a connection of its own (no reused socket that a killed server may have left half-closed);
 * past `timeoutMs`, it fails with the code TIMEOUT.
 */
export function sendOnce(
  url: string,
  {
    method = "POST",
    body,
    headers = {},
    agent = false,
    timeoutMs,
  }: { method?: string; body?: string; headers?: Record<string, string>; agent?: Agent | false; timeoutMs?: number },
): Promise<{ status: number; body: string }> {
  return new Promise((resolveSend, reject) => {
    const req = request(url, {
      method,
      agent,
      timeout: timeoutMs,
      headers: {
        ...(body === undefined
          ? {}
          : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }),
        ...headers,
      },
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolveSend({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Posts request `index` to the first of `origins`. A refused connection means nothing
 * was delivered (that server is down), so it goes to the next origin, as a load
 * balancer would, until one answers; null when the connection broke after the request
 * may have been delivered (it may be stored, so it is not sent twice).
 */
export async function postRequest(
  origins: string | readonly string[],
  index: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; id?: string } | null> {
  const targets = typeof origins === "string" ? [origins] : origins;
  for (let attempt = 0; ; attempt += 1) {
    const origin = targets[attempt % targets.length]!;
    try {
      const response = await sendOnce(`${origin}${INVITATION_API_PATH}`, {
        body: JSON.stringify(requestBody(index)),
        headers,
      });
      return { status: response.status, id: (JSON.parse(response.body) as { id?: string }).id };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") {
        await new Promise((resolveWait) => setTimeout(resolveWait, 50));
        continue;
      }
      return null;
    }
  }
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}
