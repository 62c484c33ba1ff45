/**
 * The request API with HUBSPOT_LEGAL_BASIS=consent (docs/product.md#where-requests-come-from), on
 * the real server: a request without the consent box is refused with the box's message (JSON and
 * a form post alike), and one with it is stored with the texts the form shows and where it came
 * from. On SQLite only: the stores keep both columns alike (tests/support/store-contract.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { requestWords as requestInvitationContent } from "../support/words";
import { consentRecord } from "#shared/invitation/consent.ts";
import { INVITATION_API_PATH, MIN_FILL_MS } from "#shared/invitation/request-schema.ts";
import { freePort } from "../../scripts/lib/free-port";
import type { RequestStore } from "../../server/requests/store";
import { DEPLOYMENT_SITE_FACTS } from "../support/deployment-site-facts";
import { rawRequest } from "../support/raw-client";
import { CANDIDATE_FIELDS } from "../support/request-fixture";
import { fixtureSite, removeFixtureSite, startSiteProcess, type SiteProcess } from "../support/site-process";
import { sqliteTarget } from "../support/store-targets";

const SITE_URL = "https://network.example";
const SITE_ENV = {
  SITE_URL,
  ...DEPLOYMENT_SITE_FACTS,
  HUBSPOT_LEGAL_BASIS: "consent",
  HUBSPOT_SUBSCRIPTION_TYPE_ID: "7",
};
const candidate = CANDIDATE_FIELDS;
const consentRequired = requestInvitationContent.validation.consentRequired;

describe("the request API with explicit consent", () => {
  let server: SiteProcess;
  let store: RequestStore;
  let site: string;
  const send = (contentType: string, body: string, headers: [string, string][] = []) =>
    rawRequest(server.port, {
      method: "POST",
      target: INVITATION_API_PATH,
      headers: [["Content-Type", contentType], ["Origin", SITE_URL], ...headers],
      body,
    });

  beforeAll(async () => {
    const fresh = await sqliteTarget.fresh();
    site = fixtureSite();
    server = await startSiteProcess({ dir: site, port: await freePort(), env: { ...fresh.env, ...SITE_ENV } });
    store = await fresh.open();
  });

  afterAll(async () => {
    await store?.close();
    expect(await server?.stop()).toBe(0);
    removeFixtureSite(site);
  });

  it("refuses a request without the consent box, storing nothing: 400 with the box's message, or the page saying it", async () => {
    const json = await send("application/json", JSON.stringify({ mode: "candidate", fields: candidate }));
    expect(json.status).toBe(400);
    expect(JSON.parse(json.body)).toEqual({ errors: { consentToProcess: consentRequired } });

    const page = await send(
      "application/x-www-form-urlencoded",
      new URLSearchParams({ mode: "candidate", ...candidate }).toString(),
      [["Accept", "text/html"]],
    );
    expect(page.status).toBe(400);
    expect(page.body).toContain(consentRequired);
    expect(await store.list()).toEqual([]);
  });

  it("stores a request with the box checked, with the texts the form shows, what was checked and where it came from", async () => {
    const response = await send(
      "application/json",
      JSON.stringify({
        mode: "candidate",
        fields: candidate,
        consentToProcess: true,
        communicationsConsent: true,
        fill_ms: MIN_FILL_MS + 5000,
        source: { landingPage: "/mission?utm_source=linkedin", utm_source: "linkedin", gclid: "dropped" },
      }),
    );
    expect(response.status).toBe(201);
    const { id } = JSON.parse(response.body);
    const stored = (await store.list()).find((request) => request.id === id);
    expect(stored?.consent).toEqual(
      consentRecord(requestInvitationContent.ownForm, parseSiteConfig(SITE_ENV), { communications: true }),
    );
    expect(stored?.source).toEqual({ landingPage: "/mission?utm_source=linkedin", utm_source: "linkedin" });
  });

  it("takes a form post's utm values from the page it was posted from when the page noted none (no JavaScript)", async () => {
    const response = await send(
      "application/x-www-form-urlencoded",
      new URLSearchParams({
        mode: "candidate",
        ...candidate,
        email: "grace@example.com",
        consentToProcess: "yes",
      }).toString(),
      [
        ["Accept", "text/html"],
        ["Referer", `${SITE_URL}/request-invitation?utm_source=newsletter&utm_campaign=q1`],
      ],
    );
    expect(response.status).toBe(303);
    const stored = (await store.list()).find((request) => request.fields.email === "grace@example.com");
    expect(stored?.source).toEqual({ utm_source: "newsletter", utm_campaign: "q1" });
    expect(stored?.consent).toMatchObject({ basis: "consent", communications: [{ value: false }] });
  });
});
