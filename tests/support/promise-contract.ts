/**
 * What every request store must do to keep the 48-hour promise (docs/product.md#the-48-hour-promise),
 * as one suite each implementation's test file runs against a fresh, empty store: reply-by times,
 * answers recorded once, the reminders queued once, the overdue list and the promise's figures.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RequestStore } from "../../server/requests/store";
import { sampleRequest } from "./store-contract";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PROMISE = 48 * HOUR;
const LEAD = 12 * HOUR;
const LEASE_MS = 60_000;
/** Request `index` as the intake stores it: due PROMISE after it arrived, unless held. */
const promised = (index: number, overrides: Parameters<typeof sampleRequest>[1] = {}) => {
  const request = sampleRequest(index, overrides);
  return { ...request, replyBy: request.receivedAt + PROMISE, ...overrides };
};

export function describePromiseStore(name: string, open: () => Promise<RequestStore>) {
  describe(`${name} store: the 48-hour promise`, () => {
    let store: RequestStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });
    const row = async (index: number) => (await store.findRequest(sampleRequest(index).id))!;
    const queued = async () =>
      (await store.listNotifications()).map(({ requestId, kind, channel }) => [requestId, kind, channel]);

    it("dates each request's answer by its reply-by time; a held one's clock starts when it is released", async () => {
      await store.save(promised(1));
      await store.save(promised(2, { held: "honeypot" }));
      expect((await row(1)).replyBy).toBe(sampleRequest(1).receivedAt + PROMISE);
      expect((await row(2)).replyBy).toBeNull();
      const release = sampleRequest(2).receivedAt + 3 * DAY;
      expect(await store.admitHeld(sampleRequest(2).id, release, [], false, release + PROMISE)).toBe("admitted");
      expect(await row(2)).toMatchObject({ held: null, replyBy: release + PROMISE, answer: null, answeredAt: null });
      expect(await store.findRequest("no-such-id")).toBeNull();
    });

    it("records the team's answer once, queues the requester's email of an invitation or a decline, and drops the reminder", async () => {
      for (const index of [1, 2]) await store.save(promised(index, { notify: ["email"] }));
      await store.save(promised(3, { held: "fill-time" }));
      const remindedAt = sampleRequest(2).receivedAt + PROMISE - LEAD;
      expect(await store.queueReminders(remindedAt, LEAD, ["email"])).toBe(2);
      const answeredAt = remindedAt + HOUR;

      const recorded = await store.recordAnswer(sampleRequest(1).id, "invite", answeredAt, { tellRequester: true });
      expect(recorded).toMatchObject({ outcome: "recorded", request: { answer: "invite", answeredAt } });
      // A second answer, by any way, finds the first: it stands, and nothing more is queued.
      const again = await store.recordAnswer(sampleRequest(1).id, "decline", answeredAt + 1, { tellRequester: true });
      expect(again).toMatchObject({ outcome: "already-answered", request: { answer: "invite", answeredAt } });
      expect(await store.recordAnswer(sampleRequest(2).id, "other", answeredAt, { tellRequester: true })).toMatchObject(
        { outcome: "recorded" },
      );
      expect(
        await store.recordAnswer(sampleRequest(3).id, "decline", answeredAt, { tellRequester: true }),
      ).toMatchObject({ outcome: "held", request: { answer: null } });
      expect(await store.recordAnswer("no-such-id", "invite", answeredAt, { tellRequester: true })).toEqual({
        outcome: "not-found",
      });
      // The team's own emails stay; their reminders go; "other" tells the requester nothing.
      expect(await queued()).toEqual([
        [sampleRequest(1).id, "request", "email"],
        [sampleRequest(2).id, "request", "email"],
        [sampleRequest(1).id, "outcome", "requester-outcome"],
      ]);
      const [outcome] = await store.claimNotifications("w", answeredAt, LEASE_MS, 5, ["requester-outcome"]);
      expect(outcome).toMatchObject({ kind: "outcome", answer: "invite", request: { id: sampleRequest(1).id } });
      // Where the site does not email requesters, an answer is recorded and tells no one.
      await store.save(promised(4));
      await store.recordAnswer(sampleRequest(4).id, "decline", answeredAt, { tellRequester: false });
      expect((await queued()).filter(([id]) => id === sampleRequest(4).id)).toEqual([]);
    });

    it("keeps two answers given at once from both counting: one is recorded, the other finds it", async () => {
      await store.save(promised(1));
      const answers = await Promise.all(
        (["invite", "decline"] as const).map((answer) =>
          store.recordAnswer(sampleRequest(1).id, answer, sampleRequest(1).receivedAt + HOUR, { tellRequester: true }),
        ),
      );
      expect(answers.map((answer) => answer.outcome).sort()).toEqual(["already-answered", "recorded"]);
      expect((await store.listNotifications()).filter((row) => row.kind === "outcome")).toHaveLength(1);
    });

    it("queues one reminder per request within 12 hours of its reply-by time, once whoever looks, never for one answered or held", async () => {
      await store.save(promised(1));
      await store.save(promised(2));
      await store.save(promised(3, { held: "honeypot" }));
      // Stored before the promise was kept: no reply-by time, never reminded of.
      await store.save(sampleRequest(4));
      await store.recordAnswer(sampleRequest(2).id, "invite", sampleRequest(2).receivedAt + HOUR, {
        tellRequester: false,
      });
      const due = sampleRequest(1).receivedAt + PROMISE - LEAD;
      expect(await store.queueReminders(due - 1, LEAD, ["email", "webhook"])).toBe(0);
      expect(await store.queueReminders(due, LEAD, ["email", "webhook"])).toBe(1);
      expect(await store.queueReminders(due + HOUR, LEAD, ["email", "webhook"])).toBe(0);
      expect((await queued()).filter(([, kind]) => kind === "reminder")).toEqual([
        [sampleRequest(1).id, "reminder", "email"],
        [sampleRequest(1).id, "reminder", "webhook"],
      ]);
      expect((await row(1)).remindedAt).toBe(due);
      const [reminder] = await store.claimNotifications("w", due, LEASE_MS, 1, ["webhook"]);
      expect(reminder).toMatchObject({ kind: "reminder", request: { id: sampleRequest(1).id, replyBy: due + LEAD } });

      // Several servers looking at once queue each reminder once.
      await store.save(promised(5));
      const fifth = sampleRequest(5).receivedAt + PROMISE - LEAD;
      const counts = await Promise.all([1, 2, 3].map(() => store.queueReminders(fifth, LEAD, ["email"])));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
      // One whose reply-by time has passed (a server that was down) is left to the daily overdue list.
      await store.save(promised(6));
      expect(await store.queueReminders(sampleRequest(6).receivedAt + PROMISE, LEAD, ["email"])).toBe(0);
      // Nowhere to send it: the request stays unmarked until a channel is configured.
      await store.save(promised(7));
      expect(await store.queueReminders(sampleRequest(7).receivedAt + PROMISE - LEAD, LEAD, [])).toBe(0);
      expect((await row(7)).remindedAt).toBeNull();
    });

    it("lists the requests past their reply-by time and unanswered in the daily summary, the longest overdue first", async () => {
      await store.save(promised(2, { receivedAt: sampleRequest(2).receivedAt - DAY }));
      await store.save(promised(1));
      await store.save(promised(3));
      await store.save(promised(4));
      await store.recordAnswer(sampleRequest(3).id, "decline", sampleRequest(3).receivedAt + HOUR, {
        tellRequester: false,
      });
      const now = sampleRequest(4).receivedAt + PROMISE - 1;
      expect(await store.queueDailySummary(now, ["email"], { overdue: true })).toEqual({ held: 0, overdue: 2 });
      const [list] = await store.claimNotifications("w", now, LEASE_MS, 5, ["email"]);
      expect(list).toMatchObject({
        kind: "overdue",
        overdue: {
          count: 2,
          requests: [
            { id: sampleRequest(2).id, replyBy: sampleRequest(2).receivedAt - DAY + PROMISE },
            { id: sampleRequest(1).id, replyBy: sampleRequest(1).receivedAt + PROMISE },
          ],
        },
      });
      // With the reminders off (a team answering in HubSpot), the next day's summary lists none.
      expect(await store.queueDailySummary(now + DAY, ["email"], { overdue: false })).toEqual({ held: 0, overdue: 0 });
      expect((await store.listNotifications()).filter((row) => row.kind === "overdue")).toHaveLength(1);
    });

    it("measures the promise over the last 30 days: answered in time, late, past due, and the median time to an answer", async () => {
      const now = sampleRequest(9).receivedAt + 40 * DAY;
      const arrived = (daysAgo: number) => now - daysAgo * DAY;
      const answers: [
        index: number,
        daysAgo: number,
        answer: "invite" | "decline" | "other" | null,
        afterHours?: number,
      ][] = [
        [1, 20, "invite", 2],
        [2, 10, "decline", 30],
        [3, 9, "other", 47],
        [4, 8, "invite", 60],
        [5, 5, null],
        // Received today: not yet due.
        [6, 0.5, null],
        // Before the window: neither counted nor measured.
        [7, 31, "invite", 100],
      ];
      for (const [index, daysAgo, answer, afterHours] of answers) {
        const request = promised(index, { receivedAt: arrived(daysAgo) });
        await store.save({ ...request, replyBy: request.receivedAt + PROMISE });
        if (answer) {
          await store.recordAnswer(request.id, answer, request.receivedAt + afterHours! * HOUR, {
            tellRequester: false,
          });
        }
      }
      // Held, never released: no clock, not counted.
      await store.save(promised(8, { receivedAt: arrived(3), held: "honeypot" }));
      // Overdue from before the window: not in its figures, but overdue now.
      await store.save(promised(9, { receivedAt: arrived(35) }));
      const { promise } = await store.status(now);
      expect(promise).toEqual({
        requests: 6,
        answeredInTime: 3,
        answeredLate: 1,
        unansweredPastDue: 1,
        // 2, 30, 47 and 60 hours: the middle two's mean.
        medianAnswerMs: 38.5 * HOUR,
        byAnswer: { invite: 2, decline: 1, other: 1 },
        overdue: {
          count: 2,
          requests: [
            { id: sampleRequest(9).id, replyBy: arrived(35) + PROMISE },
            { id: sampleRequest(5).id, replyBy: arrived(5) + PROMISE },
          ],
        },
      });
    });

    it("shows the answer with the rest of an address's requests, and erases it with them", async () => {
      const email = "ada@example.com";
      await store.save(promised(1, { fields: { firstname: "Ada", email } }));
      const answeredAt = sampleRequest(1).receivedAt + HOUR;
      await store.recordAnswer(sampleRequest(1).id, "decline", answeredAt, { tellRequester: true });
      expect(await store.findByEmail(email)).toEqual([
        expect.objectContaining({ answer: "decline", answeredAt, replyBy: sampleRequest(1).receivedAt + PROMISE }),
      ]);
      expect(await store.eraseByEmail(email, answeredAt)).toMatchObject({ requests: 1, notifications: 1 });
      expect(await store.findRequest(sampleRequest(1).id)).toBeNull();
      expect(await store.listNotifications()).toEqual([]);
      expect(await store.recordAnswer(sampleRequest(1).id, "invite", answeredAt, { tellRequester: true })).toEqual({
        outcome: "not-found",
      });
    });
  });
}
