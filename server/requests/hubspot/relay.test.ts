// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import type { DeliverySettings } from "../../config";
import { relayClaimOf as claimOf, sampleRequest, claimRelay } from "../../../tests/support/store-contract";
import { startFakeHubSpotApi } from "../../../tests/support/fake-hubspot-api";
import { tempSqliteStores, untilTrue } from "../../../tests/support/temp-sqlite-stores";
import { virtualClock } from "../../../tests/support/virtual-clock";
import { submissionBody } from "./hubspot-submission";
import { RelayWorker, type RelayOptions } from "./relay";
import { IDLE_POLL_MS } from "../outbox/delivery-loop";
import type { RelayOutbox, RequestStore } from "../store";
import { DAY_MS } from "../stores/store-core";

const HUBSPOT = {
  portalId: "1234567",
  formIds: { candidate: "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f", employer: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d" },
};
const SETTINGS: DeliverySettings = {
  retryMinMs: 2000,
  retryMaxMs: 600_000,
  timeoutMs: 10_000,
  leaseMs: 60_000,
};
const MAX_PER_10_SECONDS = 40;
const T0 = sampleRequest(0).receivedAt + 60_000;

interface Answer {
  status: number;
  body?: unknown;
  /** A body sent as it is (not JSON). */
  text?: string;
  headers?: Record<string, string>;
}

/** A scripted HubSpot: answers in order (the last one repeats), recording each call and the virtual time. */
function scriptedFetch(clock: { now: number }, answers: (Answer | Error)[]) {
  const calls: { url: string; body: ReturnType<typeof submissionBody>; at: number }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)), at: clock.now });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    const body = answer.text ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
    return new Response(body, {
      status: answer.status,
      headers: answer.headers,
    });
  }) as typeof globalThis.fetch;
  const emails = () => calls.map((call) => call.body.fields.find((field) => field.name === "email")?.value);
  return { fetch, calls, emails };
}

const tempStore = tempSqliteStores("relay");
const workers: RelayWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

/** What every worker of these tests is given: the store, HubSpot's origin and form, and the timing. */
const relayBasics = (store: RelayOutbox) => ({
  store,
  apiOrigin: "https://api.hsforms.example",
  hubspot: HUBSPOT,
  timing: SETTINGS,
  maxPer10Seconds: MAX_PER_10_SECONDS,
});

/** A worker on a virtual clock (tests/support/virtual-clock.ts), answered by a scripted HubSpot. */
function virtualWorker(store: RelayOutbox, answers: (Answer | Error)[], overrides: Partial<RelayOptions> = {}) {
  const clock = virtualClock(T0);
  const hubspot = scriptedFetch(clock, answers);
  const log: string[] = [];
  const worker = new RelayWorker({
    ...relayBasics(store),
    fetch: hubspot.fetch,
    now: () => clock.now,
    random: () => 1,
    log: (line) => log.push(line),
    sleep: clock.sleep,
    ...overrides,
  });
  workers.push(worker);
  return { worker, clock, sleeps: clock.sleeps, log, hubspot };
}

const relayStates = async (store: RequestStore) => (await store.list()).map((request) => request.relay);

/** A worker on the real clock, answered by `fetch`; the test starts and stops it. */
const realClockWorker = (store: RelayOutbox, fetch: typeof globalThis.fetch) =>
  new RelayWorker({
    ...relayBasics(store),
    log: () => {},
    fetch,
  });

describe("what is sent to HubSpot", () => {
  it("posts the fields as name/value pairs with the page, the visitor cookie and the time it was received", async () => {
    const store = tempStore();
    const request = sampleRequest(1, {
      context: { pageUri: "https://network.example/request-invitation?type=employer", pageName: "Brief", hutk: "f00d" },
    });
    await store.save(request);
    const { worker, hubspot } = virtualWorker(store, [{ status: 200, body: { inlineMessage: "Thanks" } }]);
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent");
    expect(hubspot.calls).toHaveLength(1);
    expect(hubspot.calls[0]!.url).toBe(
      `https://api.hsforms.example/submissions/v3/integration/submit/1234567/${HUBSPOT.formIds.employer}`,
    );
    expect(hubspot.calls[0]!.body).toEqual({
      submittedAt: String(request.receivedAt),
      fields: Object.entries(request.fields).map(([name, value]) => ({ name, value })),
      context: { pageUri: "https://network.example/request-invitation?type=employer", pageName: "Brief", hutk: "f00d" },
    });
  });
});

describe("a request held for a month", () => {
  it("admitted after 31 days is relayed without its time and accepted; with its time HubSpot refuses it", async () => {
    const hubspot = await startFakeHubSpotApi();
    try {
      const store = tempStore();
      const now = Date.now();
      // Stored held 31 days ago (the API's clock then), admitted now.
      const request = sampleRequest(1, { receivedAt: now - 31 * DAY_MS, held: "fill-time" });
      await store.save(request);
      expect(await store.admitHeld(request.id, now, [])).toBe("admitted");
      const worker = new RelayWorker({
        store,
        apiOrigin: hubspot.origin,
        hubspot: HUBSPOT,
        timing: SETTINGS,
        maxPer10Seconds: MAX_PER_10_SECONDS,
        log: () => {},
      });
      workers.push(worker);
      worker.start();
      await untilTrue(async () => (await relayStates(store))[0] === "sent", "the admitted request to be sent");
      expect(hubspot.accepted).toHaveLength(1);
      expect(hubspot.accepted[0]!.submittedAt).toBeUndefined();

      // The fake refuses what HubSpot refuses: the same request sent with the time it arrived.
      const withItsTime = { ...submissionBody(claimOf(request), { now }), submittedAt: String(request.receivedAt) };
      const answer = await fetch(
        `${hubspot.origin}/submissions/v3/integration/submit/${HUBSPOT.portalId}/${HUBSPOT.formIds.employer}`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(withItsTime),
        },
      );
      expect(answer.status).toBe(400);
    } finally {
      await hubspot.close();
    }
  });
});

describe("hidden fields HubSpot's form does not have (the source's, the role's)", () => {
  it("sends the request again without them, and tells the team once", async () => {
    const store = tempStore();
    const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
    await store.save(sampleRequest(1, { source: { utm_source: "linkedin" }, role }));
    await store.save(sampleRequest(3, { source: { utm_source: "newsletter" }, role }));
    const notInForm = {
      status: 400,
      body: { status: "error", errors: [{ errorType: "FIELD_NOT_IN_FORM_DEFINITION", message: "utm_source" }] },
    };
    const { worker, hubspot, log } = virtualWorker(store, [notInForm, { status: 200 }], {
      sourceFields: { utm_source: "utm_source" },
      roleField: "role_of_interest",
    });
    worker.start();
    await untilTrue(async () => (await relayStates(store)).every((state) => state === "sent"), "both to be sent");
    const hiddenSent = hubspot.calls.map((call) =>
      ["utm_source", "role_of_interest"].map((name) => call.body.fields.some((field) => field.name === name)),
    );
    expect(hiddenSent).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(log.filter((line) => line.includes("FIELD_NOT_IN_FORM_DEFINITION"))).toHaveLength(1);
  });
});

describe("the relay worker", () => {
  it("retries while HubSpot fails, doubling its pause up to the cap, then sends once", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const failures = Array.from({ length: 6 }, () => ({ status: 503, body: { message: "Service Unavailable" } }));
    const { worker, hubspot } = virtualWorker(store, [...failures, { status: 200 }], {
      timing: { ...SETTINGS, retryMaxMs: 20_000 },
    });
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent");
    expect(hubspot.calls).toHaveLength(7);
    const gaps = hubspot.calls.slice(1).map((call, index) => call.at - hubspot.calls[index]!.at);
    expect(gaps).toEqual([2000, 4000, 8000, 16_000, 20_000, 20_000]);
    const [row] = await store.list();
    expect(row).toMatchObject({ relay: "sent", relayAttempts: 7, relayError: null });
  });

  it("spreads its pauses at random between half and all of the backoff", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const { worker, sleeps } = virtualWorker(store, [{ status: 500 }, { status: 500 }, { status: 200 }], {
      random: () => 0,
    });
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent");
    expect(sleeps.slice(0, 2)).toEqual([1000, 2000]);
  });

  it("treats no answer within the timeout as a failure to retry", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const timeout = Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    const { worker, log, hubspot } = virtualWorker(store, [timeout, new TypeError("fetch failed"), { status: 200 }]);
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent");
    expect(hubspot.calls).toHaveLength(3);
    expect(log.join("\n")).toContain("HubSpot did not answer within 10 s");
    expect(log.join("\n")).toContain("HubSpot could not be reached");
  });

  it("waits at least as long as a 429's Retry-After", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const { worker, hubspot } = virtualWorker(store, [
      { status: 429, headers: { "Retry-After": "90" } },
      { status: 200 },
    ]);
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent");
    expect(hubspot.calls).toHaveLength(2);
    expect(hubspot.calls[1]!.at - hubspot.calls[0]!.at).toBeGreaterThanOrEqual(90_000);
    const [row] = await store.list();
    expect(row?.relayAttempts).toBe(2);
  });

  it.each([
    ["a 429 with a shorter Retry-After", { status: 429, headers: { "Retry-After": "1" } }],
    ["a 429 with none", { status: 429 }],
    [
      "HubSpot's text/plain `error code: 1015`",
      { status: 429, text: "error code: 1015", headers: { "Content-Type": "text/plain" } },
    ],
    ["`error code: 1015` under another status", { status: 403, text: "error code: 1015" }],
  ])("waits at least 60 s after %s", async (_case, answer) => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const { worker, hubspot } = virtualWorker(store, [answer, { status: 200 }]);
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent");
    expect(hubspot.calls).toHaveLength(2);
    expect(hubspot.calls[1]!.at - hubspot.calls[0]!.at).toBeGreaterThanOrEqual(60_000);
  });

  it("stops on HubSpot's 400, keeps its message, and sends the row once it is queued again", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const refusal = {
      status: 400,
      body: { status: "error", message: "Error in 'fields.email'. Invalid email address" },
    };
    const { worker, clock, hubspot } = virtualWorker(store, [refusal, { status: 200 }]);
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "failed", "the row to fail");
    // Many idle polls later, it has not been tried again.
    const polledUntil = clock.now + 10 * IDLE_POLL_MS;
    await untilTrue(() => clock.now > polledUntil, "idle polls");
    expect(hubspot.calls).toHaveLength(1);
    expect((await store.list())[0]?.relayError).toBe(
      "HubSpot answered 400: Error in 'fields.email'. Invalid email address",
    );

    expect(await store.requeueFailed(clock.now)).toBe(1);
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the re-queued row to be sent");
    expect(hubspot.calls).toHaveLength(2);
  });

  it("queues exactly one alert per channel when HubSpot refuses a request for good, with its type and correlation id", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const refusal = {
      status: 400,
      body: {
        status: "error",
        message: "This form has reCAPTCHA enabled.",
        correlationId: "c0ffee00-0000-4000-8000-000000000001",
        errors: [{ message: "reCAPTCHA is on", errorType: "FORM_HAS_RECAPTCHA_ENABLED" }],
      },
    };
    let woken = 0;
    const { worker, clock, log } = virtualWorker(store, [{ status: 429 }, refusal], {
      alertChannels: ["email", "webhook"],
      onAlertQueued: () => (woken += 1),
    });
    worker.start();
    await untilTrue(async () => (await relayStates(store))[0] === "failed", "the row to fail");
    const polledUntil = clock.now + 10 * IDLE_POLL_MS;
    await untilTrue(() => clock.now > polledUntil, "idle polls");
    const queued = await store.listNotifications();
    expect(queued.map(({ kind, channel }) => `${kind} ${channel}`)).toEqual([
      "relay-refused email",
      "relay-refused webhook",
    ]);
    expect(woken).toBe(1);
    const [alert] = await store.claimNotifications("notifier", clock.now, SETTINGS.leaseMs, 1, ["email", "webhook"]);
    expect(alert?.kind === "relay-refused" && alert.refusal).toEqual({
      status: 400,
      errorType: "FORM_HAS_RECAPTCHA_ENABLED",
      message: "This form has reCAPTCHA enabled. reCAPTCHA is on",
      correlationId: "c0ffee00-0000-4000-8000-000000000001",
    });
    expect((await store.list())[0]?.relayError).toContain("correlationId c0ffee00-0000-4000-8000-000000000001");
    // The log names the request, never HubSpot's words (they may quote the visitor).
    expect(log.join("\n")).not.toContain("reCAPTCHA is on");
  });

  it("resumes after a restart: stored rows go at once, a killed server's claim after its lease", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    await store.save(sampleRequest(2));
    const killedAt = T0;
    expect((await claimRelay(store, "killed-server", killedAt, SETTINGS.leaseMs))?.id).toBe(sampleRequest(1).id);

    const { worker, hubspot: recorded } = virtualWorker(store, [{ status: 200 }]);
    worker.start();
    await untilTrue(async () => (await relayStates(store)).every((state) => state === "sent"), "both rows to be sent");
    expect(recorded.emails()).toEqual(["ada2@example.com", "ada1@example.com"]);
    expect(recorded.calls[0]!.at).toBe(T0);
    expect(recorded.calls[1]!.at).toBeGreaterThanOrEqual(killedAt + SETTINGS.leaseMs);
  });

  it("sends each row exactly once with two workers on one store, and never again", async () => {
    const store = tempStore();
    for (let index = 1; index <= 30; index += 1) await store.save(sampleRequest(index));
    // At most 100 ms a sleep, so the two workers' polls interleave.
    const clock = virtualClock(T0, { maxStepMs: 100 });
    const hubspot = scriptedFetch(clock, [{ status: 200 }]);
    const options = (random: number): RelayOptions => ({
      ...relayBasics(store),
      fetch: hubspot.fetch,
      now: () => clock.now,
      random: () => random,
      log: () => {},
      sleep: clock.sleep,
    });
    const pair = [new RelayWorker(options(0)), new RelayWorker(options(1))];
    workers.push(...pair);
    for (const worker of pair) worker.start();
    await untilTrue(async () => (await relayStates(store)).every((state) => state === "sent"), "every row to be sent");
    const pollsFrom = clock.now;
    await untilTrue(() => clock.now > pollsFrom + 2 * SETTINGS.leaseMs, "both workers to poll past a lease");
    const counts = new Map<string, number>();
    for (const email of hubspot.emails()) counts.set(email!, (counts.get(email!) ?? 0) + 1);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });

  it("sends at most its allowance per 10 seconds", async () => {
    const store = tempStore();
    for (let index = 1; index <= 5; index += 1) await store.save(sampleRequest(index));
    const { worker, hubspot } = virtualWorker(store, [{ status: 200 }], {
      maxPer10Seconds: 2,
    });
    worker.start();
    await untilTrue(async () => (await relayStates(store)).every((state) => state === "sent"), "every row to be sent");
    const times = hubspot.calls.map((call) => call.at);
    expect(times).toHaveLength(5);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(10_000);
    expect(times[4]! - times[2]!).toBeGreaterThanOrEqual(10_000);
  });

  it("wakes at once when a row is saved, with no poll delay before the first send", async () => {
    const store = tempStore();
    let sentAt = 0;
    const worker = realClockWorker(store, (async () => {
      sentAt = Date.now();
      return new Response(null, { status: 204 });
    }) as typeof fetch);
    workers.push(worker);
    worker.start();
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    const savedAt = Date.now();
    await store.save(sampleRequest(1, { receivedAt: savedAt }));
    worker.wake();
    await untilTrue(async () => (await relayStates(store))[0] === "sent", "the row to be sent", IDLE_POLL_MS / 2);
    expect(sentAt - savedAt).toBeLessThan(IDLE_POLL_MS / 2);
  });

  it("finishes the submission in flight when stopped, and records it", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1, { receivedAt: Date.now() }));
    let release!: () => void;
    let started!: () => void;
    const inFlight = new Promise<void>((resolveStarted) => (started = resolveStarted));
    const worker = realClockWorker(store, (async () => {
      started();
      await new Promise<void>((resolveAnswer) => (release = resolveAnswer));
      return new Response(null, { status: 200 });
    }) as typeof fetch);
    worker.start();
    await inFlight;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await relayStates(store)).toEqual(["sent"]);
  });
});
