// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import type { NotificationSettings } from "../config";
import { sampleRequest } from "../../tests/support/store-contract";
import { tempSqliteStores, untilTrue } from "../../tests/support/temp-sqlite-stores";
import { virtualClock } from "../../tests/support/virtual-clock";
import { emails as EMAIL_WORDS } from "../../tests/support/words";
import type { NotificationOutbox } from "../requests/store";
import type { EmailContent } from "./messages";
import { YIELD_MAX_MS } from "../requests/outbox/delivery-loop";
import { ACKNOWLEDGEMENT_DEADLINE_MS, NOTIFY_BATCH_SIZE, NotificationWorker, type NotificationOptions } from "./worker";
import { RecipientDeferredError, RecipientRefusedError } from "./email";

const SETTINGS: NotificationSettings = {
  email: { smtpUrl: "smtp://127.0.0.1:2525", to: ["team@network.example"], from: "site@network.example" },
  webhook: { url: "https://hooks.example/notify", secret: null },
  acknowledgements: null,
};
const TIMING = { retryMinMs: 2000, retryMaxMs: 60_000, timeoutMs: 10_000, leaseMs: 60_000 };
/** The team's email and the requesters' acknowledgements. */
const ACKNOWLEDGING: NotificationSettings = {
  ...SETTINGS,
  webhook: null,
  acknowledgements: { fromName: "Net", replyTo: "hello@network.example" },
};
const T0 = sampleRequest(0).receivedAt + 60_000;

const tempStore = tempSqliteStores("notify");
const workers: NotificationWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

/**
 * A worker on a virtual clock (tests/support/virtual-clock.ts). Email and webhook deliveries are recorded with the virtual
 * time; `failEmail` makes every email fail.
 */
function virtualWorker(
  store: NotificationOutbox,
  overrides: Partial<NotificationOptions> & { failEmail?: boolean } = {},
) {
  const clock = virtualClock(T0);
  const emails: { subject: string; at: number }[] = [];
  const webhooks: { at: number }[] = [];
  /** Every delivery attempt in order: "email", "email failed" or "webhook". */
  const attempts: string[] = [];
  const { failEmail = false, ...options } = overrides;
  const worker = new NotificationWorker({
    store,
    words: EMAIL_WORDS,
    settings: SETTINGS,
    timing: TIMING,
    email: {
      async send(content: EmailContent) {
        attempts.push(failEmail ? "email failed" : "email");
        if (failEmail) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        emails.push({ subject: content.subject, at: clock.now });
      },
      close() {},
    },
    fetch: (async () => {
      attempts.push("webhook");
      webhooks.push({ at: clock.now });
      return new Response(null, { status: 204 });
    }) as typeof fetch,
    now: () => clock.now,
    random: () => 1,
    log: () => {},
    sleep: clock.sleep,
    ...options,
  });
  workers.push(worker);
  return { worker, clock, emails, webhooks, attempts };
}

describe("the notification worker", () => {
  it("lets the visitors being answered go first, then tells the team", async () => {
    const store = tempStore();
    for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { notify: ["email"] }));
    const answeredUntil = T0 + 1500;
    const { worker, clock, emails } = virtualWorker(store, { busy: () => clock.now < answeredUntil });
    worker.start();
    await untilTrue(() => emails.length === 3, "three emails");
    expect(emails.every((email) => email.at >= answeredUntil)).toBe(true);
    expect(await store.listNotifications()).toEqual([]);
  });

  it("still delivers under traffic that never stops, a batch at least every few seconds", async () => {
    const store = tempStore();
    const total = NOTIFY_BATCH_SIZE + 5;
    for (let index = 1; index <= total; index += 1) await store.save(sampleRequest(index, { notify: ["email"] }));
    const { worker, emails } = virtualWorker(store, { busy: () => true });
    worker.start();
    await untilTrue(() => emails.length === total, "every email");
    const rounds = [...new Set(emails.map((email) => email.at))];
    expect(rounds).toEqual([T0 + YIELD_MAX_MS, T0 + 2 * YIELD_MAX_MS]);
  });

  it("tries a failing channel once per round and delivers the other channel meanwhile", async () => {
    const store = tempStore();
    for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { notify: ["email", "webhook"] }));
    const { worker, webhooks, attempts } = virtualWorker(store, { failEmail: true });
    worker.start();
    await untilTrue(() => webhooks.length === 3, "every webhook");
    // The batch held e1 w1 e2 w2 e3 w3: e1's failure sent e2 and e3 back untried for a later round.
    expect(attempts.slice(0, 4)).toEqual(["email failed", "webhook", "webhook", "webhook"]);
    await worker.stop();
    const left = await store.listNotifications();
    expect(left.map((row) => row.channel)).toEqual(["email", "email", "email"]);
  });

  it("keeps the team's email going while requesters' acknowledgements fail: their channel pauses on its own", async () => {
    const store = tempStore();
    for (const index of [1, 2, 3]) {
      await store.save(sampleRequest(index, { notify: ["email"], acknowledge: true }));
    }
    const teamAt: number[] = [];
    const { worker, clock } = virtualWorker(store, {
      settings: { ...SETTINGS, webhook: null, acknowledgements: { fromName: "Net", replyTo: "hello@network.example" } },
      email: {
        async send(content: EmailContent) {
          // The mail server fails each requester's message after taking the address (a 4xx to DATA).
          if (content.to) {
            throw Object.assign(new Error("Data command failed: 452 4.3.1 Insufficient system storage"), {
              code: "EENVELOPE",
              command: "DATA",
              responseCode: 452,
            });
          }
          teamAt.push(clock.now);
        },
        close() {},
      },
    });
    worker.start();
    await untilTrue(() => teamAt.length === 3, "the team's three emails");
    // Each request's email went in the first round, not after an acknowledgement's backoff.
    expect(teamAt).toEqual([T0, T0, T0]);
    await worker.stop();
    // A failure is tried again later, not given up.
    expect((await store.listNotifications()).map((row) => row.channel)).toEqual([
      "requester",
      "requester",
      "requester",
    ]);
  });
});

describe("a requester's address is its own row's problem", () => {
  /** A mail server that answers each requester's address as `answers` says (sent when it says nothing). */
  function addressedWorker(
    store: NotificationOutbox,
    answers: Record<string, () => Error>,
    overrides: Partial<NotificationOptions> = {},
  ) {
    const tried: { to: string; at: number }[] = [];
    const lines: string[] = [];
    const worker = virtualWorker(store, {
      settings: ACKNOWLEDGING,
      log: (line) => lines.push(line),
      email: {
        async send(content: EmailContent) {
          const to = String(content.to ?? "team");
          tried.push({ to, at: worker.clock.now });
          const answer = answers[to];
          if (answer) throw answer();
        },
        close() {},
      },
      ...overrides,
    });
    return { ...worker, tried, lines, sent: (to: string) => tried.filter((attempt) => attempt.to === to) };
  }
  const address = (index: number) => sampleRequest(index).fields.email!;

  it("drops one refused for good and tries one deferred again by itself; the requester after them is told in the same round", async () => {
    const store = tempStore();
    for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { acknowledge: true }));
    const { worker, clock, tried, lines, sent } = addressedWorker(store, {
      [address(1)]: () => new RecipientRefusedError("the mail server refused the recipient (SMTP 501)"),
      [address(2)]: () => new RecipientDeferredError("the mail server deferred the recipient (SMTP 451)"),
    });
    worker.start();
    await untilTrue(() => sent(address(2)).length >= 3, "the deferred address tried three times");
    await worker.stop();
    expect(sent(address(3))).toEqual([{ to: address(3), at: T0 }]);
    // Refused: tried once, dropped. Deferred: again after its own backoff (2 s, then 4 s), nothing else waiting on it.
    expect(sent(address(1))).toHaveLength(1);
    expect(
      sent(address(2))
        .map((attempt) => attempt.at)
        .slice(0, 3),
    ).toEqual([T0, T0 + 2000, T0 + 6000]);
    expect(tried.filter((attempt) => attempt.at === T0).map((attempt) => attempt.to)).toEqual([
      address(1),
      address(2),
      address(3),
    ]);
    expect((await store.listNotifications()).map((row) => row.requestId)).toEqual([sampleRequest(2).id]);
    expect((await store.status(clock.now)).acknowledgementsDroppedLastWeek).toEqual({ refused: 1, expired: 0 });
    // Logged by request id and SMTP code, never the address.
    expect(lines).toContain(
      `[notify] acknowledgement for ${sampleRequest(1).id} refused (the mail server refused the recipient (SMTP 501))`,
    );
    expect(lines.join("\n")).not.toContain("@example.com");
  });

  it("drops an acknowledgement that could not go within the reply time it promises, and sends one that still can", async () => {
    const store = tempStore();
    // Queued while the mail server was down: one just over the promised time ago, one just under.
    await store.save(sampleRequest(1, { acknowledge: true, receivedAt: T0 - ACKNOWLEDGEMENT_DEADLINE_MS }));
    await store.save(sampleRequest(2, { acknowledge: true, receivedAt: T0 - ACKNOWLEDGEMENT_DEADLINE_MS + 1000 }));
    const { worker, clock, tried, lines } = addressedWorker(store, {});
    worker.start();
    await untilTrue(async () => (await store.listNotifications()).length === 0, "the outbox to empty");
    await worker.stop();
    expect(tried.map((attempt) => attempt.to)).toEqual([address(2)]);
    expect((await store.status(clock.now)).acknowledgementsDroppedLastWeek).toEqual({ refused: 0, expired: 1 });
    expect(lines).toContain(
      `[notify] acknowledgement for ${sampleRequest(1).id} refused (not sent within the 48 h it promises)`,
    );
  });
});

describe("no secret in a stored error or a log line", () => {
  it("keeps a library's words without the mail server's password or the webhook's token", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1, { notify: ["email", "webhook"] }));
    const settings: NotificationSettings = {
      email: { smtpUrl: "smtps://ops:pa55-w0rd@smtp.example:465", to: ["team@network.example"], from: "a@b.example" },
      webhook: { url: "https://hooks.example/services/T000/B000/t0ken-in-path", secret: null },
      acknowledgements: null,
    };
    const lines: string[] = [];
    const { worker, attempts } = virtualWorker(store, {
      settings,
      log: (line) => lines.push(line),
      email: {
        async send() {
          attempts.push("email failed");
          throw new Error("Invalid login to smtps://ops:pa55-w0rd@smtp.example:465 (password pa55-w0rd)");
        },
        close() {},
      },
      fetch: (async () => {
        attempts.push("webhook failed");
        throw new TypeError("fetch failed: https://hooks.example/services/T000/B000/t0ken-in-path", {
          cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
        });
      }) as typeof fetch,
    });
    worker.start();
    await untilTrue(() => attempts.length >= 2, "both channels tried");
    await worker.stop();
    const errors = (await store.listNotifications()).map((row) => row.lastError ?? "");
    expect(errors).toHaveLength(2);
    expect(errors.join("\n")).toContain("Invalid login");
    expect(errors.join("\n")).toContain("ECONNREFUSED");
    for (const text of [...errors, ...lines]) {
      expect(text).not.toContain("pa55-w0rd");
      expect(text).not.toContain("t0ken-in-path");
    }
  });
});
