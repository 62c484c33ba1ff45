/**
 * What every request store must do for the pushes to search engines (server/search/push-outbox.ts):
 * a change recorded once whoever records it, a newer one replacing one not yet sent, an address
 * gone from the timetable deleted, claims deletions first and within Google's quota, and
 * outcomes recorded only under the claim that still says what was claimed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RequestStore } from "../../server/requests/store";
import { ABSENT, shownState, type AddressState, type SearchPushOutbox } from "../../server/search/push-outbox";

const LEASE_MS = 60_000;
const T0 = Date.UTC(2026, 10, 27, 18);
const QUOTA = 200;
const url = (slug: string) => `https://network.example/roles/${slug}`;
const google = (slug: string, version: string | null): AddressState => ({
  engine: "google",
  url: url(slug),
  state: version === null ? ABSENT : shownState(version),
});

export function describeSearchPushStore(name: string, open: () => Promise<RequestStore>) {
  describe(`${name} store: pushes to search engines`, () => {
    let store: RequestStore;
    let pushes: SearchPushOutbox;
    beforeEach(async () => {
      store = await open();
      pushes = store.searchPushes;
    });
    afterEach(async () => {
      await store.close();
    });
    const claimAll = (owner: string, now: number, quota = QUOTA) =>
      pushes.claimSearchPushes(owner, now, LEASE_MS, 25, ["google", "indexnow"], quota);

    it("queues a change once, whoever records it, and pushes nothing for an address never shown", async () => {
      const states = [google("a", "v1"), google("closed", null)];
      expect(await pushes.recordAddressStates(states, ["google"], T0, T0)).toBe(1);
      // A second server, or a restart, diffing the same timetable: already recorded.
      expect(await pushes.recordAddressStates(states, ["google"], T0 + 5, T0 + 10)).toBe(1);
      const claims = await claimAll("one", T0 + 20);
      expect(claims).toEqual([{ engine: "google", url: url("a"), state: shownState("v1"), attempts: 0 }]);
      expect(await claimAll("two", T0 + 20)).toEqual([]);
      expect(await pushes.markSearchPushesSent(claims, "one", T0 + 30)).toBe(true);
      expect(await pushes.recordAddressStates(states, ["google"], T0 + 5, T0 + 40)).toBe(0);
      const status = await pushes.searchPushStatus(T0 + 50);
      expect(status.recent).toEqual([{ engine: "google", url: url("a"), state: shownState("v1"), pushedAt: T0 + 30 }]);
      expect(status.backlog).toEqual([]);
      expect(status.googleUsedToday).toBe(1);
    });

    it("deletes an address that closed or left the timetable, deletions first; a change back before the push pushes nothing", async () => {
      await pushes.recordAddressStates([google("a", "v1"), google("b", "v1"), google("c", "v1")], ["google"], T0, T0);
      await pushes.markSearchPushesSent(await claimAll("one", T0), "one", T0);
      // b closes, c leaves the build, a changes and changes back before anything is sent.
      await pushes.recordAddressStates([google("a", "v2"), google("b", null)], ["google"], T0, T0 + 1000);
      expect(await pushes.recordAddressStates([google("a", "v1"), google("b", null)], ["google"], T0, T0 + 2000)).toBe(
        2,
      );
      const claims = await claimAll("one", T0 + 3000);
      expect(claims.map((claim) => [claim.url, claim.state])).toEqual([
        [url("b"), ABSENT],
        [url("c"), ABSENT],
      ]);
    });

    it("lets a newer change replace one in flight, and a server started earlier never undo a later one's", async () => {
      await pushes.recordAddressStates([google("a", "v1")], ["google"], T0, T0);
      await pushes.markSearchPushesSent(await claimAll("one", T0), "one", T0);
      await pushes.recordAddressStates([google("a", "v2")], ["google"], T0, T0 + 50);
      const [claim] = await claimAll("one", T0 + 50);
      await pushes.recordAddressStates([google("a", null)], ["google"], T0 + 10, T0 + 100);
      // The claim in flight no longer says what the address shows: its outcome is not recorded as the state's.
      expect(await pushes.searchPushesStillClaimed([claim!], "one")).toBe(false);
      expect(await pushes.markSearchPushesSent([claim!], "one", T0 + 200)).toBe(false);
      // An older server (a rolling update's previous build) sees the role open still: it is not undone.
      expect(await pushes.recordAddressStates([google("a", "v1")], ["google"], T0, T0 + 300)).toBe(1);
      const [next] = await claimAll("one", T0 + 400);
      expect(next?.state).toBe(ABSENT);
    });

    it("claims Google's pushes within the day's quota, counted for every server, until its next Pacific midnight", async () => {
      const states = ["a", "b", "c"].map((slug) => google(slug, "v1"));
      await pushes.recordAddressStates(states, ["google"], T0, T0);
      const first = await claimAll("one", T0, 2);
      expect(first).toHaveLength(2);
      await pushes.markSearchPushesSent(first, "one", T0);
      expect(await claimAll("two", T0, 2)).toEqual([]);
      // 18:00 UTC on 27 November is 10:00 PST; the quota's day ends at 08:00 UTC on the 28th.
      expect(await pushes.nextSearchPushAt(["google"], T0, 2)).toBe(Date.UTC(2026, 10, 28, 8));
      expect(await claimAll("two", Date.UTC(2026, 10, 28, 8), 2)).toHaveLength(1);
    });

    it("gives back untried claims and their quota; a retry waits; a refusal stops the row until the address changes", async () => {
      await pushes.recordAddressStates([google("a", "v1"), google("b", "v1")], ["google"], T0, T0);
      const [a, b] = await claimAll("one", T0);
      await pushes.returnSearchPushes([b!], "one", T0);
      expect((await pushes.searchPushStatus(T0)).googleUsedToday).toBe(1);
      await pushes.scheduleSearchPushRetry([a!], "one", T0 + 5000, "answered 503");
      expect((await claimAll("two", T0 + 10)).map((claim) => claim.url)).toEqual([url("b")]);
      expect(await pushes.nextSearchPushAt(["google"], T0 + 10, QUOTA)).toBe(T0 + 5000);
      const status = await pushes.searchPushStatus(T0 + 10);
      expect(status.backlog).toEqual([{ engine: "google", pending: 2, oldestAt: T0, lastError: "answered 503" }]);
      const [retried] = await claimAll("two", T0 + 5000);
      expect(retried).toMatchObject({ url: url("a"), attempts: 1 });
      await pushes.markSearchPushesRefused([retried!], "two", "answered 400");
      expect(await pushes.nextSearchPushAt(["google"], T0 + 6000, QUOTA)).toBe(T0 + 10 + LEASE_MS);
      await pushes.recordAddressStates([google("a", "v2"), google("b", "v1")], ["google"], T0, T0 + 7000);
      expect((await claimAll("three", T0 + 7000)).map((claim) => claim.state)).toEqual([shownState("v2")]);
    });

    it("keeps each engine apart: a spent Google quota does not hold up IndexNow", async () => {
      const indexNow: AddressState = { engine: "indexnow", url: url("a"), state: shownState("v1") };
      await pushes.recordAddressStates([google("a", "v1"), indexNow], ["google", "indexnow"], T0, T0);
      await pushes.spendGoogleQuota(T0, QUOTA);
      expect(await claimAll("one", T0)).toEqual([{ ...indexNow, attempts: 0 }]);
      // Recorded for Google only: IndexNow's row is left as it is (Google's, never pushed, needs no deletion).
      expect(await pushes.recordAddressStates([], ["google"], T0, T0 + 1)).toBe(0);
      expect((await pushes.searchPushStatus(T0 + 1)).backlog.map((engine) => engine.engine)).toEqual(["indexnow"]);
    });
  });
}
