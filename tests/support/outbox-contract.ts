/**
 * What every request store must do for the team's notifications and the privacy
 * commands (docs/product.md#notifications-and-privacy): the outbox written with the request, claimed in batches
 * with one claim per row, and the requests of one address found, erased or purged with their outbox rows.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NotificationClaim, RelayRefusal, RequestStore } from "../../server/requests/store";
import { sampleRequest, claimRelay } from "./store-contract";

const LEASE_MS = 60_000;
const T0 = sampleRequest(0).receivedAt;
const REFUSAL: RelayRefusal = {
  status: 400,
  errorType: "FORM_HAS_RECAPTCHA_ENABLED",
  message: "This form has reCAPTCHA enabled.",
  correlationId: "8d4b6b1c-0000-4000-8000-000000000001",
};

/** The request a claimed notification is about, when it is about one. */
const requestOf = (claim: NotificationClaim | null | undefined) => (claim && "request" in claim ? claim.request : null);
const ascending = (seqs: readonly number[]) => [...seqs].sort((a, b) => a - b);
const seqsOf = (rows: readonly { seq: number }[]) => ascending(rows.map((row) => row.seq));

export function describeOutboxStore(name: string, open: () => Promise<RequestStore>) {
  describe(`${name} store: notifications and privacy`, () => {
    let store: RequestStore;
    /** Claims at most one notification, as a worker with a batch of one would. */
    const claimOne = async (owner: string, now: number) =>
      (await store.claimNotifications(owner, now, LEASE_MS, 1, ["email", "webhook"]))[0] ?? null;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it("queues one notification per channel with the request, and records its notice version", async () => {
      await store.save(sampleRequest(1, { notify: ["email", "webhook"], noticeVersion: "2026-11-25" }));
      await store.save(sampleRequest(2));
      expect((await store.list()).map((request) => request.noticeVersion)).toEqual(["2026-11-25", null]);
      const queued = await store.listNotifications();
      expect(queued.map(({ requestId, kind, channel }) => ({ requestId, kind, channel }))).toEqual([
        { requestId: sampleRequest(1).id, kind: "request", channel: "email" },
        { requestId: sampleRequest(1).id, kind: "request", channel: "webhook" },
      ]);
    });

    it("stores neither the request nor its notifications when the save fails", async () => {
      await store.save(sampleRequest(1, { notify: ["email"] }));
      await expect(store.save(sampleRequest(1, { notify: ["email", "webhook"] }))).rejects.toThrow();
      expect(await store.listNotifications()).toHaveLength(1);
    });

    it("hands each notification to one worker, with its request, until delivered", async () => {
      await store.save(sampleRequest(1, { notify: ["email", "webhook"] }));
      const now = T0 + 5000;
      const first = await claimOne("worker-a", now);
      const second = await claimOne("worker-b", now);
      expect(await claimOne("worker-c", now)).toBeNull();
      expect(first).toMatchObject({ kind: "request", channel: "email", attempts: 0 });
      expect(requestOf(first)).toMatchObject({ id: sampleRequest(1).id, fields: sampleRequest(1).fields });
      expect(second?.channel).toBe("webhook");
      expect(await store.markNotificationsDelivered([first!.seq], "worker-b")).toEqual([]);
      expect(await store.markNotificationsDelivered([first!.seq], "worker-a")).toEqual([first!.seq]);
      expect((await store.listNotifications()).map((row) => row.channel)).toEqual(["webhook"]);
    });

    it("claims a batch in due order in one step, leaves the rest to others, and deletes only what it holds", async () => {
      for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { notify: ["email", "webhook"] }));
      const now = T0 + 5000;
      // The first request's email waits for a retry, so it is due last.
      const early = await claimOne("worker-a", now);
      await store.scheduleNotificationRetry(early!.seq, "worker-a", now + 1000, "connect ECONNREFUSED");
      const batch = await store.claimNotifications("worker-a", now + 1000, LEASE_MS, 4, ["email", "webhook"]);
      expect(batch.map((claim) => [requestOf(claim)?.id, claim.channel])).toEqual([
        [sampleRequest(1).id, "webhook"],
        [sampleRequest(2).id, "email"],
        [sampleRequest(2).id, "webhook"],
        [sampleRequest(3).id, "email"],
      ]);
      const rest = await store.claimNotifications("worker-b", now + 1000, LEASE_MS, 10, ["email", "webhook"]);
      const lastSeq = (await store.listNotifications()).at(-1)!.seq;
      expect(seqsOf(rest)).toEqual(ascending([early!.seq, lastSeq]));
      expect(await store.claimNotifications("worker-c", now + 1000, LEASE_MS, 10, ["email", "webhook"])).toEqual([]);

      // worker-b's row is not worker-a's to delete.
      const deleted = await store.markNotificationsDelivered([...seqsOf(batch), rest[0]!.seq], "worker-a");
      expect(ascending(deleted)).toEqual(seqsOf(batch));
      expect(seqsOf(await store.listNotifications())).toEqual(seqsOf(rest));
      await store.returnNotifications(seqsOf(rest), "worker-b");
      expect(await store.claimNotifications("worker-c", now + 1000, LEASE_MS, 10, ["email", "webhook"])).toHaveLength(
        2,
      );
    });

    it("retries a failed delivery at its time, and lets a killed worker's claim run out", async () => {
      await store.save(sampleRequest(1, { notify: ["email"] }));
      const now = T0 + 5000;
      const claim = await claimOne("worker-a", now);
      expect(await store.scheduleNotificationRetry(claim!.seq, "worker-a", now + 30_000, "connect ECONNREFUSED")).toBe(
        true,
      );
      expect(await store.nextNotificationAt(["email", "webhook"])).toBe(now + 30_000);
      expect(await claimOne("worker-a", now + 29_999)).toBeNull();
      const again = await claimOne("killed", now + 30_000);
      expect(again).toMatchObject({ seq: claim!.seq, attempts: 1 });
      expect(await claimOne("survivor", now + 30_000 + LEASE_MS - 1)).toBeNull();
      const taken = await claimOne("survivor", now + 30_000 + LEASE_MS);
      expect(taken?.seq).toBe(claim!.seq);
      await store.returnNotifications([taken!.seq], "survivor");
      expect((await claimOne("next", now + 30_000 + LEASE_MS))?.seq).toBe(claim!.seq);
    });

    it("queues the team's alert in the same step that marks a relay failed", async () => {
      await store.save(sampleRequest(1));
      const claim = await claimRelay(store, "worker-a", T0 + 5000, LEASE_MS);
      const alert = { channels: ["email", "webhook"] as const, refusal: REFUSAL, now: T0 + 6000 };
      expect(await store.markFailed(claim!.id, "someone-else", "x", alert)).toBe(false);
      expect(await store.listNotifications()).toEqual([]);
      expect(await store.markFailed(claim!.id, "worker-a", "HubSpot answered 400", alert)).toBe(true);
      const notice = await claimOne("notifier", T0 + 6000);
      expect(notice).toMatchObject({ kind: "relay-refused", channel: "email", refusal: REFUSAL });
      expect(requestOf(notice)?.relay).toBe("failed");
    });

    it("finds and erases one address's requests whatever its case, with their notifications", async () => {
      await store.save(sampleRequest(1, { notify: ["email"], fields: { email: "Ada.Lovelace@Example.com" } }));
      await store.save(sampleRequest(2, { notify: ["email"], fields: { email: "grace@example.com" } }));
      await store.save(sampleRequest(3, { fields: { email: "ada.lovelace@example.com " } }));
      const found = await store.findByEmail("ADA.lovelace@example.COM");
      expect(found.map((request) => request.id)).toEqual([sampleRequest(1).id, sampleRequest(3).id]);

      expect(await store.eraseByEmail("ada.LOVELACE@example.com", T0)).toEqual({
        requests: 2,
        notifications: 1,
        inFlight: 0,
      });
      expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(2).id]);
      expect((await store.listNotifications()).map((row) => row.requestId)).toEqual([sampleRequest(2).id]);
      expect(await store.eraseByEmail("ada.lovelace@example.com", T0)).toEqual({
        requests: 0,
        notifications: 0,
        inFlight: 0,
      });
    });

    it("purges only the requests received before the cut-off, with their notifications", async () => {
      for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { notify: ["webhook"] }));
      expect(await store.purgeBefore(sampleRequest(3).receivedAt)).toEqual({ requests: 2, notifications: 2 });
      expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(3).id]);
      expect((await store.listNotifications()).map((row) => row.requestId)).toEqual([sampleRequest(3).id]);
    });

    it("skips a notification whose request was erased while it waited", async () => {
      await store.save(sampleRequest(1, { notify: ["email"] }));
      const claim = await claimOne("worker-a", T0 + 5000);
      await store.eraseByEmail(sampleRequest(1).fields.email!, T0 + 5000);
      expect(await store.markNotificationsDelivered([claim!.seq], "worker-a")).toEqual([]);
      expect(await claimOne("worker-a", T0 + 10 * LEASE_MS)).toBeNull();
    });

    it("keeps a held request from the relay and the team until it is released, then sends it on as new", async () => {
      await store.save(sampleRequest(1, { notify: ["email", "webhook"], held: "fill-time" }));
      await store.save(sampleRequest(2, { notify: ["email"] }));
      expect((await store.list()).map((request) => request.held)).toEqual(["fill-time", null]);
      const later = T0 + 10 * LEASE_MS;
      expect((await store.claimRelays("relay", later, LEASE_MS, 10)).map((claim) => claim.id)).toEqual([
        sampleRequest(2).id,
      ]);
      expect((await store.listNotifications()).map((row) => row.requestId)).toEqual([sampleRequest(2).id]);
      expect((await store.status(later)).held).toBe(1);

      expect(await store.admitHeld("no-such-id", later, ["email"])).toBe("not-found");
      expect(await store.admitHeld(sampleRequest(2).id, later, ["email"])).toBe("not-held");
      expect(await store.admitHeld(sampleRequest(1).id, later, ["email"])).toBe("admitted");
      expect(await store.admitHeld(sampleRequest(1).id, later, ["email"])).toBe("not-held");
      expect((await store.list())[0]?.held).toBeNull();
      const claims = await store.claimRelays("relay-2", later, LEASE_MS, 10);
      expect(claims.map((claim) => claim.id)).toEqual([sampleRequest(1).id]);
      const queued = await store.listNotifications();
      expect(queued.map(({ requestId, kind, channel }) => [requestId, kind, channel])).toContainEqual([
        sampleRequest(1).id,
        "request",
        "email",
      ]);
    });

    it("queues one held summary a day across servers, of the requests held since the last one", async () => {
      await store.save(sampleRequest(1, { held: "honeypot" }));
      await store.save(sampleRequest(2, { held: "fill-time" }));
      await store.save(sampleRequest(3));
      const day = 24 * 60 * 60 * 1000;
      const first = sampleRequest(3).receivedAt + 1000;
      expect(await store.queueDailySummary(first, ["email", "webhook"], { overdue: true })).toEqual({
        held: 2,
        overdue: 0,
      });
      // Another server an hour later: not due yet.
      expect(await store.queueDailySummary(first + 60 * 60 * 1000, ["email"], { overdue: true })).toBeNull();
      const [summary] = await store.claimNotifications("notifier", first, LEASE_MS, 1, ["email"]);
      expect(summary).toMatchObject({
        kind: "held-summary",
        channel: "email",
        held: { count: 2, ids: [sampleRequest(1).id, sampleRequest(2).id], since: first - day },
      });
      expect((await store.listNotifications()).map((row) => [row.kind, row.requestId])).toEqual([
        ["held-summary", null],
        ["held-summary", null],
      ]);
      // A day later, nothing new was held: the run is recorded, nothing is queued.
      expect(await store.queueDailySummary(first + day, ["email"], { overdue: true })).toEqual({ held: 0, overdue: 0 });
      expect(await store.listNotifications()).toHaveLength(2);
    });

    it("stops a channel once, queueing the team's alert with the stop, until the channels are reopened", async () => {
      const now = T0 + 5000;
      expect(await store.stopChannel("webhook", "answered 404", now, ["email"])).toBe(true);
      expect(await store.stopChannel("webhook", "answered 410", now + 1, ["email"])).toBe(false);
      expect(await store.stoppedChannels()).toEqual([{ channel: "webhook", reason: "answered 404", stoppedAt: now }]);
      const [alert] = await store.claimNotifications("notifier", now, LEASE_MS, 5, ["email", "webhook"]);
      expect(alert).toMatchObject({ kind: "channel-refused", channel: "email", refusal: { channel: "webhook" } });
      expect(alert?.deliveryId).toMatch(/^[0-9a-f-]{32,36}$/);
      expect((await store.status(now)).stoppedChannels.map((stopped) => stopped.channel)).toEqual(["webhook"]);
      expect(await store.reopenChannels()).toBe(1);
      expect(await store.stoppedChannels()).toEqual([]);
    });

    it("claims only the channels a server has, and tells a claim that its request was erased", async () => {
      await store.save(sampleRequest(1, { notify: ["email", "webhook"] }));
      const now = T0 + 5000;
      const emails = await store.claimNotifications("email-server", now, LEASE_MS, 10, ["email"]);
      expect(emails.map((claim) => claim.channel)).toEqual(["email"]);
      expect(await store.nextNotificationAt(["email"])).toBe(now + LEASE_MS);
      expect(await store.notificationStillWanted(emails[0]!.seq, "email-server")).toBe(true);
      expect(await store.notificationStillWanted(emails[0]!.seq, "another-server")).toBe(false);
      // The claimed email may be past its last check: the erase says one delivery was under way.
      expect(await store.eraseByEmail(sampleRequest(1).fields.email!, now + 1)).toEqual({
        requests: 1,
        notifications: 2,
        inFlight: 1,
      });
      expect(await store.notificationStillWanted(emails[0]!.seq, "email-server")).toBe(false);
      expect(await store.claimNotifications("webhook-server", now, LEASE_MS, 10, ["webhook"])).toEqual([]);
    });

    it("counts a relay claimed at the erase as in flight, and not once its lease has run out", async () => {
      await store.save(sampleRequest(1));
      await store.save(sampleRequest(2));
      const later = sampleRequest(2).receivedAt + 1000;
      expect(await store.claimRelays("relay", later, LEASE_MS, 10)).toHaveLength(2);
      expect((await store.eraseByEmail(sampleRequest(1).fields.email!, later + 1)).inFlight).toBe(1);
      expect((await store.eraseByEmail(sampleRequest(2).fields.email!, later + LEASE_MS)).inFlight).toBe(0);
    });

    it("queues the requester's acknowledgement with the request, at most one per mailbox a day, on its own channel", async () => {
      const ada = (index: number, email: string, receivedAt = sampleRequest(index).receivedAt) =>
        sampleRequest(index, { fields: { email }, notify: ["email"], acknowledge: true, receivedAt });
      await store.save(ada(1, "ada@example.com"));
      // The same mailbox, however it is written, the same day: no second one.
      await store.save(ada(2, " ADA+jobs@example.com"));
      await store.save(ada(3, "grace@example.com"));
      // A retried send of the first stores nothing, and queues nothing.
      await store.save({ ...ada(4, "ada@example.com"), idempotencyKey: "k" });
      await store.save({ ...ada(5, "ada@example.com"), idempotencyKey: "k" });
      // A day after the first, the address may hear back again.
      await store.save(ada(6, "ada@example.com", sampleRequest(1).receivedAt + 24 * 60 * 60 * 1000 + 1));
      const acknowledgements = (await store.listNotifications()).filter((row) => row.kind === "acknowledgement");
      expect(acknowledgements.map(({ requestId, channel }) => [requestId, channel])).toEqual(
        [1, 3, 6].map((index) => [sampleRequest(index).id, "requester"]),
      );
      expect((await store.list()).map((request) => request.acknowledgedAt !== null)).toEqual([
        true,
        false,
        true,
        false,
        true,
      ]);
      // The team's channels never hand it out; the requester's does, with its request.
      const team = await store.claimNotifications("team", T0 + 5000, LEASE_MS, 10, ["email", "webhook"]);
      expect(team.every((claim) => claim.kind === "request")).toBe(true);
      const [first] = await store.claimNotifications("requester", T0 + 5000, LEASE_MS, 1, ["requester"]);
      expect(first).toMatchObject({ kind: "acknowledgement", channel: "requester" });
      expect(requestOf(first)?.id).toBe(sampleRequest(1).id);
    });

    it("counts one Gmail mailbox once however its dots and tags are written, and only Gmail's dots", async () => {
      const spellings = ["name@gmail.com", "n.ame+1@gmail.com", "Na.Me@googlemail.com", "n.ame@example.com"];
      for (const [index, email] of spellings.entries()) {
        await store.save(sampleRequest(index + 1, { fields: { email }, acknowledge: true }));
      }
      expect((await store.list()).map((request) => request.acknowledgedAt !== null)).toEqual([
        true,
        false,
        false,
        true,
      ]);
    });

    it("drops an acknowledgement given up under its claim, and counts it by why for the week", async () => {
      for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { acknowledge: true }));
      const now = sampleRequest(3).receivedAt;
      const [refused, expired, other] = await store.claimNotifications("w", now, LEASE_MS, 3, ["requester"]);
      await store.dropAcknowledgement(refused!.seq, "w", "refused");
      await store.dropAcknowledgement(expired!.seq, "w", "expired");
      // Only under its claim: another worker's drop changes nothing.
      await store.dropAcknowledgement(other!.seq, "someone else", "refused");
      expect((await store.listNotifications()).map((row) => row.seq)).toEqual([other!.seq]);
      expect((await store.status(now)).acknowledgementsDroppedLastWeek).toEqual({ refused: 1, expired: 1 });
      expect((await store.status(now + 8 * 24 * 60 * 60 * 1000)).acknowledgementsDroppedLastWeek).toEqual({
        refused: 0,
        expired: 0,
      });
    });

    it("acknowledges a held request only when it is released, and one address once however many servers save at once", async () => {
      await store.save(
        sampleRequest(1, { fields: { email: "held@example.com" }, acknowledge: true, held: "honeypot" }),
      );
      expect(await store.listNotifications()).toEqual([]);
      expect(await store.admitHeld(sampleRequest(1).id, T0 + 5000, ["email"], true)).toBe("admitted");
      const queued = await store.listNotifications();
      expect(queued.map(({ kind, channel }) => [kind, channel])).toEqual([
        ["request", "email"],
        ["acknowledgement", "requester"],
      ]);
      expect((await store.list())[0]?.acknowledgedAt).toBe(T0 + 5000);

      // Six requests of one address stored together: one acknowledgement.
      await Promise.all(
        [2, 3, 4, 5, 6, 7].map((index) =>
          store.save(sampleRequest(index, { fields: { email: "busy@example.com" }, acknowledge: true })),
        ),
      );
      const busy = (await store.listNotifications()).filter((row) => row.kind === "acknowledgement");
      expect(busy).toHaveLength(2);
    });

    it("erases an address's acknowledgement with its requests, queued or remembered", async () => {
      const now = sampleRequest(1).receivedAt;
      await store.save(sampleRequest(1, { fields: { email: "ada@example.com" }, acknowledge: true }));
      expect(await store.eraseByEmail("ada@example.com", now)).toEqual({
        requests: 1,
        notifications: 1,
        inFlight: 0,
      });
      expect(await store.listNotifications()).toEqual([]);
      // Nothing of the address is left, not even that it heard back today.
      await store.save(sampleRequest(2, { fields: { email: "ada@example.com" }, acknowledge: true }));
      expect((await store.listNotifications()).map((row) => row.kind)).toEqual(["acknowledgement"]);
    });

    it("counts what an operator checks first", async () => {
      const now = sampleRequest(3).receivedAt + 1000;
      await store.save(sampleRequest(1, { receivedAt: now - 3 * 24 * 60 * 60 * 1000, relay: "off" }));
      await store.save(sampleRequest(2, { notify: ["email"] }));
      await store.save(sampleRequest(3, { held: "honeypot" }));
      expect(await store.status(now)).toEqual({
        requestsLastDay: 2,
        requestsLastWeek: 3,
        sourcesLastWeek: [{ source: null, requests: 3 }],
        rolesLastWeek: [{ role: null, requests: 3 }],
        relaysPending: 1,
        relaysFailed: 0,
        held: 1,
        notificationsQueued: 1,
        oldestNotificationAt: sampleRequest(2).receivedAt,
        acknowledgementsDroppedLastWeek: { refused: 0, expired: 0 },
        stoppedChannels: [],
        promise: {
          requests: 0,
          answeredInTime: 0,
          answeredLate: 0,
          unansweredPastDue: 0,
          medianAnswerMs: null,
          byAnswer: { invite: 0, decline: 0, other: 0 },
          overdue: { count: 0, requests: [] },
        },
      });
    });
  });
}
