/**
 * What every request store must do (server/requests/store.ts), as one suite that each
 * implementation's test file runs against a fresh, empty store.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewInvitationRequest, RelayClaim, RequestStore } from "../../server/requests/store";

const LEASE_MS = 60_000;
const T0 = Date.UTC(2026, 0, 5, 9, 30);

export function sampleRequest(index: number, overrides: Partial<NewInvitationRequest> = {}): NewInvitationRequest {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    receivedAt: T0 + index * 1000,
    mode: index % 2 === 0 ? "candidate" : "employer",
    fields: { firstname: "Ada", lastname: `Lovelace ${index}`, email: `ada${index}@example.com`, company: "Engines" },
    context: { pageUri: "https://network.example/request-invitation", pageName: "Request an Invitation" },
    relay: "pending",
    source: null,
    consent: null,
    ...overrides,
  };
}

/** A stored request as a relay worker claims it. */
export const relayClaimOf = (request: NewInvitationRequest): RelayClaim => ({
  ...request,
  source: request.source ?? null,
  consent: request.consent ?? null,
  role: request.role ?? null,
  attempts: 0,
});

/** Claims at most one relay row, as a worker with a batch of one would. */
export async function claimRelay(store: RequestStore, owner: string, now: number, leaseMs: number) {
  return (await store.claimRelays(owner, now, leaseMs, 1))[0] ?? null;
}

export function describeRequestStore(name: string, open: () => Promise<RequestStore>) {
  describe(`${name} store`, () => {
    let store: RequestStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it("keeps each request exactly as sent, oldest first", async () => {
      const fields = {
        firstname: "Zoë",
        lastname: 'O\'Brien "Q" <b>',
        email: "zoe@example.com",
        message: "Line one\nLine two, with 🙂 and =SUM(A1)",
      };
      await store.save(sampleRequest(2));
      await store.save(
        sampleRequest(1, {
          fields,
          relay: "off",
          context: { pageUri: "https://x.example/p?type=employer", pageName: "P", hutk: "abc123" },
        }),
      );
      const listed = await store.list();
      expect(listed.map((request) => request.id)).toEqual([sampleRequest(2).id, sampleRequest(1).id]);
      expect(listed[1]).toEqual({
        id: sampleRequest(1).id,
        receivedAt: sampleRequest(1).receivedAt,
        mode: "employer",
        fields,
        context: { pageUri: "https://x.example/p?type=employer", pageName: "P", hutk: "abc123" },
        relay: "off",
        relayAttempts: 0,
        relayError: null,
        sentAt: null,
        noticeVersion: null,
        held: null,
        source: null,
        consent: null,
        role: null,
        acknowledgedAt: null,
        replyBy: null,
        answer: null,
        answeredAt: null,
        remindedAt: null,
      });
    });

    it("keeps the role a request is about, and counts the last week's requests by its title", async () => {
      const svp = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
      await store.save(sampleRequest(1, { role: svp }));
      await store.save(sampleRequest(2, { role: svp }));
      await store.save(sampleRequest(3, { role: { slug: "head-of-global-talent", title: "Head of Global Talent" } }));
      await store.save(sampleRequest(4));
      expect((await store.list()).map((request) => request.role?.slug ?? null)).toEqual([
        svp.slug,
        svp.slug,
        "head-of-global-talent",
        null,
      ]);
      expect((await claimRelay(store, "worker", sampleRequest(4).receivedAt, LEASE_MS))?.role).toEqual(svp);
      const { rolesLastWeek } = await store.status(sampleRequest(4).receivedAt);
      expect(rolesLastWeek).toEqual([
        { role: svp.title, requests: 2 },
        { role: "Head of Global Talent", requests: 1 },
        { role: null, requests: 1 },
      ]);
    });

    it("keeps where a request came from and the consent it carries, and counts the last week's requests by source", async () => {
      const source = { landingPage: "/mission?utm_source=linkedin", utm_source: "linkedin", utm_campaign: "q1" };
      const consent = {
        basis: "consent" as const,
        text: "I agree.",
        consentToProcess: true as const,
        communications: [{ value: false, subscriptionTypeId: 42, text: "Updates?" }],
      };
      await store.save(sampleRequest(1, { source, consent }));
      await store.save(sampleRequest(2, { source: { referrer: "https://news.example/" } }));
      await store.save(sampleRequest(3, { source: { utm_source: "linkedin" } }));
      await store.save(sampleRequest(4));
      const [first] = await store.list();
      expect(first).toMatchObject({ source, consent });
      const claimed = await claimRelay(store, "worker", sampleRequest(4).receivedAt, 60_000);
      expect(claimed).toMatchObject({ source, consent });
      const { sourcesLastWeek } = await store.status(sampleRequest(4).receivedAt);
      expect(sourcesLastWeek).toEqual([
        { source: "linkedin", requests: 2 },
        { source: "https://news.example/", requests: 1 },
        { source: null, requests: 1 },
      ]);
    });

    it("refuses a second request with the same id", async () => {
      await store.save(sampleRequest(1));
      await expect(store.save(sampleRequest(1))).rejects.toThrow();
      expect(await store.list()).toHaveLength(1);
    });

    it("stores one request per idempotency key, giving the first back for a repeat, and any number without one", async () => {
      const key = "0f5c8e1a9b7d4c2e8f6a1b3c5d7e9f10";
      expect(await store.save(sampleRequest(1, { idempotencyKey: key, notify: ["email"] }))).toEqual({
        stored: "new",
      });
      const repeat = await store.save(sampleRequest(2, { idempotencyKey: key, notify: ["email"] }));
      expect(repeat).toEqual({ stored: "repeat", first: expect.objectContaining({ id: sampleRequest(1).id }) });
      expect(repeat.stored === "repeat" && repeat.first.fields).toEqual(sampleRequest(1).fields);
      for (const index of [3, 4])
        expect(await store.save(sampleRequest(index, { idempotencyKey: null }))).toEqual({ stored: "new" });
      expect((await store.list()).map((request) => request.id)).toEqual(
        [1, 3, 4].map((index) => sampleRequest(index).id),
      );
      // The repeat queued no notification of its own.
      expect((await store.listNotifications()).map((notification) => notification.requestId)).toEqual([
        sampleRequest(1).id,
      ]);
    });

    it("never hands out rows that are stored only (relay off)", async () => {
      await store.save(sampleRequest(1, { relay: "off" }));
      expect(await claimRelay(store, "worker-a", T0 + 10_000, LEASE_MS)).toBeNull();
      expect(await store.nextRelayAt()).toBeNull();
    });

    it("claims the oldest due row, one claim at a time", async () => {
      for (const index of [1, 2, 3]) await store.save(sampleRequest(index));
      const now = T0 + 10_000;
      const first = await claimRelay(store, "worker-a", now, LEASE_MS);
      const second = await claimRelay(store, "worker-b", now, LEASE_MS);
      expect(first?.id).toBe(sampleRequest(1).id);
      expect(second?.id).toBe(sampleRequest(2).id);
      expect(first).toMatchObject({ mode: "employer", fields: sampleRequest(1).fields, attempts: 0 });
      expect(first?.context).toEqual(sampleRequest(1).context);
    });

    it("does not claim a row before it was received or while its retry time is ahead", async () => {
      await store.save(sampleRequest(1));
      expect(await claimRelay(store, "worker-a", sampleRequest(1).receivedAt - 1, LEASE_MS)).toBeNull();
      const claim = await claimRelay(store, "worker-a", T0 + 5000, LEASE_MS);
      expect(await store.scheduleRetry(claim!.id, "worker-a", T0 + 30_000, "HubSpot answered 503")).toBe(true);
      expect(await store.nextRelayAt()).toBe(T0 + 30_000);
      expect(await claimRelay(store, "worker-a", T0 + 29_999, LEASE_MS)).toBeNull();
      const again = await claimRelay(store, "worker-b", T0 + 30_000, LEASE_MS);
      expect(again).toMatchObject({ id: claim!.id, attempts: 1 });
      const [row] = await store.list();
      expect(row).toMatchObject({ relay: "pending", relayAttempts: 1, relayError: "HubSpot answered 503" });
    });

    it("lets a killed worker's claim run out, then another worker takes the row", async () => {
      await store.save(sampleRequest(1));
      const now = T0 + 10_000;
      expect(await claimRelay(store, "killed", now, LEASE_MS)).not.toBeNull();
      expect(await claimRelay(store, "survivor", now + LEASE_MS - 1, LEASE_MS)).toBeNull();
      expect(await store.nextRelayAt()).toBe(now + LEASE_MS);
      const taken = await claimRelay(store, "survivor", now + LEASE_MS, LEASE_MS);
      expect(taken?.id).toBe(sampleRequest(1).id);
      // The killed worker's late answer no longer counts: its claim is gone.
      expect(await store.markSent(taken!.id, "killed", now + LEASE_MS + 1)).toBe(false);
      expect(await store.markSent(taken!.id, "survivor", now + LEASE_MS + 2)).toBe(true);
    });

    it("never hands out a sent row again", async () => {
      await store.save(sampleRequest(1));
      const claim = await claimRelay(store, "worker-a", T0 + 5000, LEASE_MS);
      expect(await store.markSent(claim!.id, "worker-a", T0 + 6000)).toBe(true);
      expect(await claimRelay(store, "worker-b", T0 + 10 * LEASE_MS, LEASE_MS)).toBeNull();
      expect(await store.markSent(claim!.id, "worker-a", T0 + 7000)).toBe(false);
      expect(await store.requeueFailed(T0 + 8000)).toBe(0);
      const [row] = await store.list();
      expect(row).toMatchObject({ relay: "sent", sentAt: T0 + 6000, relayAttempts: 1, relayError: null });
      expect(await store.nextRelayAt()).toBeNull();
    });

    it("keeps a refused row failed with its reason until it is queued again", async () => {
      await store.save(sampleRequest(1));
      await store.save(sampleRequest(2, { relay: "off" }));
      const claim = await claimRelay(store, "worker-a", T0 + 5000, LEASE_MS);
      expect(await store.markFailed(claim!.id, "worker-a", "HubSpot answered 400: Invalid email")).toBe(true);
      expect(await claimRelay(store, "worker-a", T0 + 10 * LEASE_MS, LEASE_MS)).toBeNull();
      expect((await store.list())[0]).toMatchObject({
        relay: "failed",
        relayError: "HubSpot answered 400: Invalid email",
      });

      expect(await store.requeueFailed(T0 + 20_000)).toBe(1);
      const [requeued, storedOnly] = await store.list();
      expect(requeued).toMatchObject({ relay: "pending", relayAttempts: 0 });
      expect(storedOnly).toMatchObject({ relay: "off" });
      const again = await claimRelay(store, "worker-b", T0 + 20_000, LEASE_MS);
      expect(again?.id).toBe(claim!.id);
    });

    it("gives a released claim back at once", async () => {
      await store.save(sampleRequest(1));
      const claim = await claimRelay(store, "stopping", T0 + 5000, LEASE_MS);
      await store.returnRelays([claim!.id], "stopping");
      expect((await claimRelay(store, "next", T0 + 5001, LEASE_MS))?.id).toBe(claim!.id);
    });

    it("records an outcome only under the claim that is held", async () => {
      await store.save(sampleRequest(1));
      const claim = await claimRelay(store, "worker-a", T0 + 5000, LEASE_MS);
      expect(await store.markFailed(claim!.id, "someone-else", "x")).toBe(false);
      expect(await store.scheduleRetry(claim!.id, "someone-else", T0, "x")).toBe(false);
      expect((await store.list())[0]).toMatchObject({ relay: "pending", relayError: null });
    });
  });
}
