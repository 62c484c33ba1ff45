/**
 * What the server tests send and wait for: valid requests (one per index, unique email),
 * a client that re-sends only what never reached the server, the environment that
 * points a server's relay at the fake HubSpot API with fast timings, and polling.
 */
import { INVITATION_MODES, type InvitationMode } from "~/features/invitation/mode";
import { INVITATION_REQUESTS_PATH } from "../../server/api/invitation-requests";
import type { FakeHubSpotApi } from "./fake-hubspot-api";

export const SITE_URL = "https://network.example";
export const PORTAL_ID = "1234567";
export const FORM_IDS: Record<InvitationMode, string> = {
  candidate: "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f",
  employer: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
};
/** Fast relay timings, so minutes of HubSpot trouble fit in seconds. */
const FAST_RELAY = {
  RELAY_RETRY_MIN_SECONDS: "0.05",
  RELAY_RETRY_MAX_SECONDS: "0.4",
  RELAY_TIMEOUT_SECONDS: "2",
  RELAY_LEASE_SECONDS: "5",
  RELAY_MAX_PER_10_SECONDS: "1000",
};
export const BASE_ENV = { SITE_URL, RATE_LIMIT_MAX: "100000" };

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

/** Posts one request; null when the connection failed after it may have been delivered. */
export async function postRequest(
  origin: string,
  index: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; id?: string } | null> {
  for (;;) {
    try {
      const response = await fetch(`${origin}${INVITATION_REQUESTS_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(requestBody(index)),
      });
      const body = (await response.json()) as { id?: string };
      return { status: response.status, id: body.id };
    } catch (error) {
      // Refused means never delivered (the server is down): safe to send again. Anything
      // else (a reset mid-request) may have been stored, so it is not sent twice.
      if ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") {
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
