// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { virtualClock } from "../../../tests/support/virtual-clock";
import { backoffMs, DeliveryLoop, STORE_CALL_LIMIT_MS, type Delivery, type DeliveryTarget } from "./delivery-loop";

const TIMING = { retryMinMs: 2000, retryMaxMs: 600_000, timeoutMs: 10_000, leaseMs: 60_000 };

describe("backoffMs", () => {
  it("doubles from the minimum and stops at the cap", () => {
    const settings = { retryMinMs: 2000, retryMaxMs: 20_000 };
    expect([1, 2, 3, 4, 5, 6].map((failures) => backoffMs(failures, settings))).toEqual([
      2000, 4000, 8000, 16_000, 20_000, 20_000,
    ]);
  });
});

/** One row on one channel, whose first claim never answers: a connection whose host vanished without closing it. */
function silentOnceTarget() {
  const row: Delivery = { label: "row-1", channel: "receiver", attempts: 0 };
  const sent: string[] = [];
  let claims = 0;
  const target: DeliveryTarget<Delivery> = {
    name: "test",
    channels: ["receiver"],
    batchSize: 1,
    claim: () => {
      claims += 1;
      if (claims === 1) return new Promise(() => {});
      return Promise.resolve(sent.length === 0 ? [row] : []);
    },
    stillWanted: async () => true,
    send: async (delivery) => {
      sent.push(delivery.label);
      return { kind: "sent" };
    },
    recordSent: async () => true,
    recordRetry: async () => {},
    recordRefused: async () => {},
    returnClaims: async () => {},
    nextDueAt: async () => null,
  };
  return { target, sent };
}

/** A loop on `target` with a virtual clock, started; its log kept. */
function startedLoop(target: DeliveryTarget<Delivery>) {
  const clock = virtualClock(0);
  const log: string[] = [];
  const loop = new DeliveryLoop({
    target,
    timing: TIMING,
    now: () => clock.now,
    random: () => 1,
    log: (line) => log.push(line),
    sleep: clock.sleep,
  });
  loop.start();
  return { loop, log };
}

describe("a store that stops answering", () => {
  it("gives up on a store call after STORE_CALL_LIMIT_MS (a database host gone silent) and carries on", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { target, sent } = silentOnceTarget();
      const { loop, log } = startedLoop(target);
      await vi.advanceTimersByTimeAsync(STORE_CALL_LIMIT_MS - 100);
      expect(log.filter((line) => line.includes("store failed"))).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      expect(log).toContainEqual(expect.stringContaining("the request store failed (TIMEOUT)"));
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toEqual(["row-1"]);
      // Stopped while its timers are still the fake ones it waits on.
      const stopped = loop.stop();
      await vi.advanceTimersByTimeAsync(1000);
      await stopped;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a send the store could not record", () => {
  it("is recorded once the store is back, never sent again, even where its claim would be taken again", async () => {
    const row: Delivery = { label: "row-1", channel: "receiver", attempts: 0 };
    const sent: string[] = [];
    let recorded = false;
    let recordCalls = 0;
    const target: DeliveryTarget<Delivery> = {
      name: "test",
      channels: ["receiver"],
      batchSize: 1,
      // The worst case: the row is claimable again as soon as its record is missing (its lease ran out).
      claim: async () => (recorded ? [] : [row]),
      stillWanted: async () => true,
      send: async (delivery) => {
        sent.push(delivery.label);
        return { kind: "sent" };
      },
      recordSent: async () => {
        recordCalls += 1;
        if (recordCalls <= 2) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        recorded = true;
        return true;
      },
      recordRetry: async () => {},
      recordRefused: async () => {},
      returnClaims: async () => {},
      nextDueAt: async () => null,
    };
    const { loop, log } = startedLoop(target);
    for (let tries = 0; tries < 200 && !recorded; tries += 1)
      await new Promise((resolveWait) => setTimeout(resolveWait, 5));
    await loop.stop();
    expect(recorded).toBe(true);
    expect(sent).toEqual(["row-1"]);
    expect(log).toContainEqual(expect.stringContaining("row-1 recorded as sent once the store was back"));
  });
});
