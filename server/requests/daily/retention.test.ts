// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleRequest } from "../../../tests/support/store-contract";
import { DAY_MS, privacyLogLine, startDailyPurge } from "./retention";
import { openSqliteStore } from "../stores/sqlite-store";

const folders: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the server's daily purge", () => {
  it("applies the retention at start and then once a day, logging counts only", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const folder = mkdtempSync(join(tmpdir(), "retention-"));
    folders.push(folder);
    const store = openSqliteStore(folder);
    const t0 = sampleRequest(3).receivedAt;
    for (const index of [1, 2, 3]) {
      await store.save(sampleRequest(index, { receivedAt: t0 - (3 - index) * 10 * DAY_MS, notify: ["email"] }));
    }
    // Ages at start: 20, 10 and 0 days; the retention is 15 days.
    const clock = { now: t0 };
    const log: string[] = [];
    const purge = startDailyPurge({ store, retentionDays: 15, now: () => clock.now, log: (line) => log.push(line) });
    await vi.waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toBe("[privacy] purge: deleted 1 request and 1 queued notification older than 15 days");
    expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(2).id, sampleRequest(3).id]);

    // A day later request 2 is 11 days old: kept. Six days after that it is 17: deleted.
    clock.now += DAY_MS;
    await vi.advanceTimersByTimeAsync(DAY_MS);
    await vi.waitFor(() => expect(log).toHaveLength(2));
    expect(log[1]).toContain("deleted 0 requests");
    clock.now += 6 * DAY_MS;
    await vi.advanceTimersByTimeAsync(6 * DAY_MS);
    await vi.waitFor(() => expect(log).toHaveLength(8));
    expect(log.filter((line) => line.includes("deleted 1 request and 1 queued notification"))).toHaveLength(2);
    expect((await store.list()).map((request) => request.id)).toEqual([sampleRequest(3).id]);
    await purge.stop();
    await store.close();
  });

  it("words the erase line without anything that names a person", () => {
    expect(privacyLogLine("erase", { requests: 2, notifications: 0 })).toBe(
      "[privacy] erase: deleted 2 requests and 0 queued notifications at a person's request",
    );
  });
});
