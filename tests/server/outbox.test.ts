/**
 * The outbox workers against the real stores, in this process, once per store where a
 * store is involved (docs/product.md#notifications-and-privacy): erase wins over a batch in flight, a failing
 * channel is retried as a channel (not once per queued row), a webhook that refuses for
 * good stops with one alert, servers with different channels leave each other's rows
 * alone, and erased text does not linger in SQLite's file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { NotificationSettings } from "../../server/config";
import type { EmailSender } from "../../server/notifications/email";
import { NotificationWorker, type NotificationOptions } from "../../server/notifications/worker";
import { RelayWorker } from "../../server/requests/hubspot/relay";
import type { RequestStore } from "../../server/requests/store";
import { SQLITE_FILE } from "../../server/requests/stores/sqlite-store";
import { parseMail, startMailSink, type MailSink } from "../support/mail-sink";
import { FORM_IDS, PORTAL_ID, until } from "../support/requests-client";
import { sampleRequest } from "../support/store-contract";
import { postgresTarget, sqliteTarget, STORE_TARGETS, type StoreTarget } from "../support/store-targets";
import { virtualClock, type VirtualClock } from "../support/virtual-clock";
import { emails } from "../support/words";

const TIMING = { retryMinMs: 2000, retryMaxMs: 600_000, timeoutMs: 10_000, leaseMs: 60_000 };
const EMAIL = { to: ["team@network.example"], from: "site@network.example" };
const T0 = sampleRequest(0).receivedAt + 60_000;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openStore(target: StoreTarget): Promise<RequestStore & { env: Record<string, string> }> {
  const fresh = await target.fresh();
  const store = await fresh.open();
  cleanups.push(() => store.close());
  return Object.assign(store, { env: fresh.env });
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolveGate) => (open = resolveGate));
  return { opened, open };
}

/** Options that run a worker on a virtual clock (tests/support/virtual-clock.ts). */
function virtualTime(clock: VirtualClock): Pick<NotificationOptions, "now" | "sleep" | "random"> {
  return {
    now: () => clock.now,
    // The worst case of the jitter: every pause is half its backoff, the most attempts.
    random: () => 0,
    sleep: clock.sleep,
  };
}

function notifier(options: Omit<NotificationOptions, "words">): NotificationWorker {
  const worker = new NotificationWorker({ log: () => {}, words: emails, ...options });
  cleanups.push(() => worker.stop());
  worker.start();
  return worker;
}

describe.each(STORE_TARGETS)("erase wins on $name", (target) => {
  it("sends nothing for an erased address once erase has returned, while the mail server stalls a batch", async () => {
    const store = await openStore(target);
    const addresses = ["first@example.com", "erased@example.com", "last@example.com"];
    for (const [index, email] of addresses.entries()) {
      await store.save(
        sampleRequest(index + 1, { fields: { firstname: "A", lastname: "B", email }, notify: ["email"] }),
      );
    }
    const stall = gate();
    const stalled = gate();
    const mail: MailSink = await startMailSink({
      beforeAccept: async (index) => {
        if (index > 0) return;
        stalled.open();
        await stall.opened;
      },
    });
    cleanups.push(() => mail.stop());
    const settings: NotificationSettings = {
      email: { smtpUrl: mail.url, ...EMAIL },
      webhook: null,
      acknowledgements: null,
    };
    notifier({ store, settings, timing: TIMING });

    // The first message is on the wire and the batch holds the other two.
    await stalled.opened;
    expect((await store.eraseByEmail("erased@example.com", Date.now())).requests).toBe(1);
    stall.open();
    await until(
      () => store.listNotifications(),
      (rows) => rows.length === 0,
      "the outbox to empty",
    );
    const sentTo = mail.received.map((message) => /email: (\S+)/i.exec(parseMail(message.raw).text)?.[1]);
    expect(sentTo).toEqual(["first@example.com", "last@example.com"]);
  });

  it("relays nothing of an erased address once erase has returned, while HubSpot stalls a batch", async () => {
    const store = await openStore(target);
    for (const index of [1, 2, 3]) await store.save(sampleRequest(index));
    const stall = gate();
    const stalled = gate();
    const submitted: string[] = [];
    const worker = new RelayWorker({
      store,
      apiOrigin: "https://api.hsforms.example",
      hubspot: { portalId: PORTAL_ID, formIds: FORM_IDS },
      timing: TIMING,
      maxPer10Seconds: 40,
      log: () => {},
      fetch: (async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { fields: { name: string; value: string }[] };
        submitted.push(body.fields.find((field) => field.name === "email")!.value);
        if (submitted.length === 1) {
          stalled.open();
          await stall.opened;
        }
        return new Response("{}", { status: 200 });
      }) as typeof fetch,
    });
    cleanups.push(() => worker.stop());
    worker.start();

    await stalled.opened;
    expect((await store.eraseByEmail(sampleRequest(2).fields.email!, Date.now())).requests).toBe(1);
    stall.open();
    await until(
      () => store.list(),
      (rows) => rows.every((row) => row.relay === "sent"),
      "the other rows to be relayed",
    );
    expect(submitted).toEqual([sampleRequest(1).fields.email, sampleRequest(3).fields.email]);
  });
});

describe.each(STORE_TARGETS)("paced retries on $name", (target) => {
  it("tries a mail server that refuses every connection once per round, not once per queued email", async () => {
    const store = await openStore(target);
    for (let index = 1; index <= 40; index += 1) {
      await store.save(sampleRequest(index, { receivedAt: T0 - 1000, notify: ["email"] }));
    }
    const clock = virtualClock(T0);
    const attempts: number[] = [];
    const refusing: EmailSender = {
      async send() {
        attempts.push(clock.now - T0);
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNREFUSED" });
      },
      close() {},
    };
    const settings: NotificationSettings = {
      email: { smtpUrl: "smtp://127.0.0.1:25", ...EMAIL },
      webhook: null,
      acknowledgements: null,
    };
    const worker = notifier({ store, settings, timing: TIMING, email: refusing, ...virtualTime(clock) });
    await until(
      async () => clock.now,
      (now) => now - T0 > 30_000,
      "30 s of virtual time",
    );
    // Stopped, so no attempt is between its send and its record when they are compared below.
    await worker.stop();
    // Pauses of at least 1, 2, 4, 8 and 16 s (half of 2 s doubling): attempts at 0, 1, 3, 7 and 15 s.
    expect(attempts.filter((at) => at < 30_000)).toEqual([0, 1000, 3000, 7000, 15_000]);
    // Every email still waits, and the store counted exactly the attempts made.
    const queued = await store.listNotifications();
    expect(queued).toHaveLength(40);
    expect(queued.reduce((sum, row) => sum + row.attempts, 0)).toBe(attempts.length);
  });

  it("stops a webhook that answers 404 after one try, tells the team once by email, and keeps its rows", async () => {
    const store = await openStore(target);
    for (const index of [1, 2, 3]) await store.save(sampleRequest(index, { notify: ["email", "webhook"] }));
    const clock = virtualClock(T0);
    const subjects: string[] = [];
    let webhookAnswer = 404;
    const hooks: number[] = [];
    const settings: NotificationSettings = {
      email: { smtpUrl: "smtp://127.0.0.1:25", ...EMAIL },
      webhook: { url: "https://hooks.example/services/T0/B0/gone", secret: null },
      acknowledgements: null,
    };
    notifier({
      store,
      settings,
      timing: TIMING,
      email: {
        async send(content) {
          subjects.push(content.subject);
        },
        close() {},
      },
      fetch: (async () => {
        hooks.push(webhookAnswer);
        return new Response("no_service", { status: webhookAnswer });
      }) as typeof fetch,
      ...virtualTime(clock),
    });
    await until(
      async () => clock.now,
      (now) => now - T0 > 60 * 60 * 1000,
      "an hour of virtual time",
      60_000,
    );
    expect(hooks).toEqual([404]);
    const alerts = subjects.filter((subject) => subject.includes("webhook refused"));
    expect(alerts).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith("New invitation request"))).toHaveLength(3);
    expect((await store.stoppedChannels()).map((stopped) => [stopped.channel, stopped.reason])).toEqual([
      ["webhook", "answered 404"],
    ]);
    // Nothing is lost: the webhooks wait for the channel to open again (`requests -- retry`).
    expect((await store.listNotifications()).map((row) => row.channel)).toEqual(["webhook", "webhook", "webhook"]);
    webhookAnswer = 200;
    expect(await store.reopenChannels()).toBe(1);
    await until(
      () => store.listNotifications(),
      (rows) => rows.length === 0,
      "the webhooks, once reopened",
    );
    expect(hooks).toEqual([404, 200, 200, 200]);
  });
});

describe("two servers with different channels on one PostgreSQL", () => {
  it("leaves each server's rows to the server that has the channel: nothing is deleted that the other should send", async () => {
    const store = await openStore(postgresTarget);
    for (let index = 1; index <= 10; index += 1) {
      await store.save(sampleRequest(index, { receivedAt: Date.now() - 1000, notify: ["email", "webhook"] }));
    }
    const emailed: string[] = [];
    const hooked: string[] = [];
    const emailOnly = new NotificationWorker({
      store,
      words: emails,
      settings: { email: { smtpUrl: "smtp://127.0.0.1:25", ...EMAIL }, webhook: null, acknowledgements: null },
      timing: TIMING,
      email: {
        async send(content) {
          emailed.push(/Request id: (\S+)/.exec(content.text)![1]!);
        },
        close() {},
      },
      log: () => {},
    });
    const webhookOnly = new NotificationWorker({
      store,
      words: emails,
      settings: { email: null, webhook: { url: "https://hooks.example/team", secret: null }, acknowledgements: null },
      timing: TIMING,
      fetch: (async (_url: string, init: RequestInit) => {
        hooked.push((JSON.parse(String(init.body)) as { request: { id: string } }).request.id);
        return new Response(null, { status: 204 });
      }) as typeof fetch,
      log: () => {},
    });
    for (const worker of [emailOnly, webhookOnly]) {
      cleanups.push(() => worker.stop());
      worker.start();
    }
    await until(
      () => store.listNotifications(),
      (rows) => rows.length === 0,
      "both channels to be delivered",
    );
    const ids = Array.from({ length: 10 }, (_, index) => sampleRequest(index + 1).id).sort();
    expect([...emailed].sort()).toEqual(ids);
    expect([...hooked].sort()).toEqual(ids);
  });
});

describe("secure delete on SQLite", () => {
  it("leaves no byte of an erased address in the database file or its log", async () => {
    const store = await openStore(sqliteTarget);
    const erased = "ada.erased.marker@example.com";
    const kept = "grace.kept.marker@example.com";
    await store.save(
      sampleRequest(1, { fields: { firstname: "Ada", lastname: "L", email: erased }, notify: ["email"] }),
    );
    await store.save(sampleRequest(2, { fields: { firstname: "Grace", lastname: "H", email: kept } }));
    const dir = store.env.DATA_DIR!;
    const bytes = () =>
      ["", "-wal"].map((suffix) => {
        try {
          return readFileSync(join(dir, `${SQLITE_FILE}${suffix}`)).toString("latin1");
        } catch {
          return "";
        }
      });
    expect(bytes().join("")).toContain(erased);
    expect((await store.eraseByEmail(erased, Date.now())).requests).toBe(1);
    const [file, log] = bytes();
    expect(file).not.toContain(erased);
    expect(log).not.toContain(erased);
    expect(file).toContain(kept);
  });
});
