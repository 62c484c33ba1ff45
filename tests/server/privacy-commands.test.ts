/**
 * The privacy commands (docs/product.md#notifications-and-privacy) on each store: `show` prints all and only one
 * address's requests, `erase` removes them with their queued notifications and relays
 * and exits 0 also when there are none, `purge` removes only what is older than
 * REQUEST_RETENTION_DAYS (on an injected clock in-process; through the command with
 * requests stored long ago).
 */
import { afterEach, describe, expect, it } from "vitest";
import { eraseByEmail, purgeNow, showByEmail } from "../../server/commands/privacy";
import { DAY_MS } from "../../server/requests/daily/retention";
import type { RequestStore } from "../../server/requests/store";
import { runCommandInProcess } from "../support/run-command";
import { sampleRequest, claimRelay } from "../support/store-contract";
import { STORE_TARGETS, type FreshStore } from "../support/store-targets";

const ADA = "Ada.Lovelace@Example.com";

describe.each(STORE_TARGETS)("privacy commands on $name", (target) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Ada sent requests 1 and 3 (her address in two cases), Grace request 2; each queued an email and relay. */
  async function seeded(receivedAt?: (index: number) => number): Promise<{ fresh: FreshStore; store: RequestStore }> {
    const fresh = await target.fresh();
    const store = await fresh.open();
    cleanups.push(() => store.close());
    const emails = { 1: ADA, 2: "grace@example.com", 3: "ada.lovelace@example.com" } as const;
    for (const index of [1, 2, 3] as const) {
      await store.save(
        sampleRequest(index, {
          fields: { firstname: "Someone", lastname: `Number ${index}`, email: emails[index] },
          notify: ["email"],
          noticeVersion: "2026-11-25+00000000",
          ...(receivedAt ? { receivedAt: receivedAt(index) } : {}),
        }),
      );
    }
    return { fresh, store };
  }

  it("shows a request's role and when its requester was acknowledged, with the acknowledgement still queued", async () => {
    const fresh = await target.fresh();
    const store = await fresh.open();
    cleanups.push(() => store.close());
    const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
    await store.save(sampleRequest(1, { fields: { email: ADA }, role, notify: ["email"], acknowledge: true }));
    const result = await runCommandInProcess(["show", "--email", ADA], { store });
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({
        role,
        acknowledgedAt: new Date(sampleRequest(1).receivedAt).toISOString(),
        queuedNotifications: [
          { kind: "request", channel: "email", attempts: 0, lastError: null },
          { kind: "acknowledgement", channel: "requester", attempts: 0, lastError: null },
        ],
      }),
    ]);
  });

  it("shows all and only the address's requests, whatever its case, marking the repeat", async () => {
    const { store } = await seeded();
    const result = await runCommandInProcess(["show", "--email", "ADA.LOVELACE@example.com"], { store });
    expect(result.code, result.stderr).toBe(0);
    const shown = JSON.parse(result.stdout) as {
      id: string;
      fields: Record<string, string>;
      previousRequests: number;
      noticeVersion: string;
      queuedNotifications: unknown[];
      relay: string;
    }[];
    expect(shown.map((request) => request.id)).toEqual([sampleRequest(1).id, sampleRequest(3).id]);
    expect(shown.map((request) => request.previousRequests)).toEqual([0, 1]);
    expect(shown[0]).toMatchObject({
      fields: { email: ADA },
      relay: "pending",
      noticeVersion: "2026-11-25+00000000",
      queuedNotifications: [{ kind: "request", channel: "email" }],
    });
    expect(result.stdout).not.toContain("grace@example.com");

    const none = await runCommandInProcess(["show", "--email", "nobody@example.com"], { store });
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
  });

  it("erases the address's requests with their outbox and relay entries, and exits 0 when there are none", async () => {
    const { store } = await seeded();
    const result = await runCommandInProcess(["erase", "--email", "ada.lovelace@EXAMPLE.com"], { store });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Erased 2 requests");
    // The log line has the counts and never the address.
    expect(result.stderr).toContain("[privacy] erase: deleted 2 requests and 2 queued notifications");
    expect(result.stderr.toLowerCase()).not.toContain("ada.lovelace");

    expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(2).id]);
    expect((await store.listNotifications()).map((row) => row.requestId)).toEqual([sampleRequest(2).id]);
    // Their relays went with them: only Grace's row is left to claim.
    expect((await claimRelay(store, "worker", sampleRequest(3).receivedAt + 1000, 60_000))?.id).toBe(
      sampleRequest(2).id,
    );
    expect(await claimRelay(store, "worker", sampleRequest(3).receivedAt + 1000, 60_000)).toBeNull();

    const again = await runCommandInProcess(["erase", "--email", ADA], { store });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("nothing to erase");
    expect(again.stderr).toContain("[privacy] erase: deleted 0 requests and 0 queued notifications");
  });

  it("purges only the requests older than the retention, with their notifications (injected clock)", async () => {
    const { store } = await seeded();
    const retentionDays = 30;
    // Request 2 is exactly at the limit on this clock: it stays; request 1 is a second past it.
    const now = sampleRequest(2).receivedAt + retentionDays * DAY_MS;
    const outcome = await purgeNow(store, retentionDays, now);
    expect(outcome.counts).toEqual({ requests: 1, notifications: 1 });
    expect(outcome.logLine).toBe("[privacy] purge: deleted 1 request and 1 queued notification older than 30 days");
    expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(2).id, sampleRequest(3).id]);
    expect((await store.listNotifications()).map((row) => row.requestId)).toEqual([
      sampleRequest(2).id,
      sampleRequest(3).id,
    ]);
    expect((await purgeNow(store, retentionDays, now)).counts).toEqual({ requests: 0, notifications: 0 });
  });

  it("purges through the command with REQUEST_RETENTION_DAYS", async () => {
    const now = Date.now();
    const ages = { 1: 400, 2: 100, 3: 2 } as Record<number, number>;
    const { store } = await seeded((index) => now - ages[index]! * DAY_MS);
    const result = await runCommandInProcess(["purge"], { store, env: { REQUEST_RETENTION_DAYS: "90" } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      "[privacy] purge: deleted 2 requests and 2 queued notifications older than 90 days",
    );
    expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(3).id]);
  });

  it("matches show and erase on the same addresses in-process", async () => {
    const { store } = await seeded();
    expect((await showByEmail(store, " ada.lovelace@example.com ")).map((request) => request.id)).toEqual([
      sampleRequest(1).id,
      sampleRequest(3).id,
    ]);
    const waits: number[] = [];
    const erased = await eraseByEmail(store, "GRACE@example.com", {
      timeoutMs: 10_000,
      wait: async (ms) => waits.push(ms),
    });
    expect(erased.counts).toEqual({ requests: 1, notifications: 1 });
    // Nothing of Grace's was claimed: erase returns at once.
    expect(waits).toEqual([]);
  });

  it("erase waits out the longest send when a worker held the address's relay under a live claim", async () => {
    const { store } = await seeded();
    const claimedAt = sampleRequest(1).receivedAt + 1000;
    expect((await claimRelay(store, "relay", claimedAt, 60_000))?.id).toBe(sampleRequest(1).id);
    const waits: number[] = [];
    const erased = await eraseByEmail(store, ADA, {
      timeoutMs: 10_000,
      now: () => claimedAt + 1,
      wait: async (ms) => waits.push(ms),
    });
    expect(erased.counts).toEqual({ requests: 2, notifications: 2 });
    // DELIVERY_TIMEOUT_SECONDS plus the loop's second: a send that passed its check has ended by then.
    expect(waits).toEqual([11_000]);
    expect(erased.summary).toContain("1 delivery of them was under way: waited 11 s");
  });
});
