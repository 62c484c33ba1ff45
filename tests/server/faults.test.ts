/**
 * Nothing a visitor sent is lost (docs/product.md#nothing-lost), with the real server in a child
 * process, once per store: a server killed with SIGKILL in the middle of 200 requests,
 * HubSpot failing and recovering, HubSpot refusing a request until it is re-queued, and
 * a shutdown with a submission in flight.
 */
import { describe, expect, it } from "vitest";
import type { StoredInvitationRequest } from "../../server/requests/store";
import { accepted, ACCEPT_ALL, failFor, invalidEmail, startFakeHubSpotApi } from "../support/fake-hubspot-api";
import { runRequestsCommand } from "../support/site-process";
import { FORM_IDS, hubspotEnv, PORTAL_ID, postRequest, SITE_URL, until } from "../support/requests-client";
import { siteUnderTest } from "../support/site-under-test";
import { STORE_TARGETS } from "../support/store-targets";

const emailOf = (request: StoredInvitationRequest) => request.fields.email!;

describe.each(STORE_TARGETS)("faults on $name", (target) => {
  const { start: setUp, cleanups } = siteUnderTest(target);

  it("keeps every request that got a 201, once, when the server is killed (SIGKILL) mid-way and restarted", async () => {
    const { handle, store, fresh } = await setUp();
    const TOTAL = 200;
    const KILL_AFTER = 70;
    const CONCURRENCY = 8;
    const origin = handle.server.origin;
    const results: ({ status: number; id?: string } | null)[] = [];
    /** Whether each request was sent once the restarted server was up. */
    const afterRestart: boolean[] = [];
    let answered = 0;
    let restarted = false;
    let restarting: Promise<void> | null = null;
    let next = 0;

    const client = async () => {
      while (next < TOTAL) {
        const index = next++;
        afterRestart[index] = restarted;
        results[index] = await postRequest(origin, index);
        answered += 1;
        if (answered === KILL_AFTER) {
          restarting = (async () => {
            await handle.server.kill();
            handle.server = await handle.start();
            restarted = true;
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    await restarting;
    expect(restarted).toBe(true);
    expect(handle.server.origin).toBe(origin);

    const created = results.filter((result) => result?.status === 201).map((result) => result!.id!);
    // The only requests without an answer are those whose connection broke around the
    // kill (in flight, or accepted by the dying process); none after the restart.
    const unanswered = results.flatMap((result, index) => (result === null ? [index] : []));
    expect(unanswered.filter((index) => afterRestart[index])).toEqual([]);
    expect(results.filter((result) => result !== null && result.status !== 201)).toEqual([]);
    expect(created.length).toBeGreaterThan(KILL_AFTER);
    expect(afterRestart.filter(Boolean).length).toBeGreaterThan(TOTAL / 4);

    const exported = await runRequestsCommand(["export", "--format", "json"], fresh.env);
    expect(exported.code, exported.stderr).toBe(0);
    const rows = JSON.parse(exported.stdout) as { id: string; fields: Record<string, string> }[];
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(rows.map((row) => row.fields.email)).size).toBe(rows.length);
    const exportedIds = new Set(ids);
    expect(created.filter((id) => !exportedIds.has(id))).toEqual([]);
    expect(rows.length).toBeLessThanOrEqual(TOTAL);
    expect((await store.list()).length).toBe(rows.length);
  });

  it("relays every request exactly once while HubSpot fails for a while, then recovers", async () => {
    const hubspot = await startFakeHubSpotApi({ behaviour: failFor(1500) });
    cleanups.push(() => hubspot.close());
    const { handle, store } = await setUp(hubspotEnv(hubspot));
    const TOTAL = 40;
    const hutk = "0123456789abcdef0123456789abcdef";
    for (let index = 0; index < TOTAL; index += 1) {
      const headers: Record<string, string> =
        index % 4 === 0 ? { Cookie: `hubspotutk=${hutk}`, Referer: `${SITE_URL}/request-invitation?utm_source=x` } : {};
      expect((await postRequest(handle.server.origin, index, headers))?.status).toBe(201);
    }
    const rows = await until(
      () => store.list(),
      (list) => list.length === TOTAL && list.every((row) => row.relay === "sent"),
      "every row to be sent",
    );

    expect(hubspot.received.length).toBeGreaterThan(TOTAL);
    expect(hubspot.accepted).toHaveLength(TOTAL);
    for (const row of rows) {
      expect(hubspot.acceptedCount(emailOf(row)), emailOf(row)).toBe(1);
      const submission = hubspot.accepted.find((candidate) => candidate.values.email === emailOf(row))!;
      expect(submission.portalId).toBe(PORTAL_ID);
      expect(submission.formId).toBe(FORM_IDS[row.mode]);
      expect(submission.values).toEqual(row.fields);
      expect(submission.submittedAt).toBe(String(row.receivedAt));
      expect(submission.context).toEqual(row.context);
    }
    const index0 = hubspot.accepted.find((submission) => submission.values.email === "grace0@example.com")!;
    expect(index0.context).toEqual({
      pageUri: `${SITE_URL}/request-invitation?utm_source=x`,
      pageName: "Request an Invitation | The TA Leadership Network",
      hutk,
    });
    const index1 = hubspot.accepted.find((submission) => submission.values.email === "grace1@example.com")!;
    expect(index1.context).toEqual({
      pageUri: `${SITE_URL}/request-invitation?type=employer`,
      pageName: "Submit a Talent Brief | The TA Leadership Network",
    });
    // Many polls later, nothing was sent again.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
    expect(hubspot.accepted).toHaveLength(TOTAL);
  });

  it("marks a request HubSpot refuses as failed with HubSpot's reason, and sends it after `retry`", async () => {
    const hubspot = await startFakeHubSpotApi({
      behaviour: (submission) => (submission.values.email === "grace1@example.com" ? invalidEmail() : accepted()),
    });
    cleanups.push(() => hubspot.close());
    const { handle, store, fresh } = await setUp(hubspotEnv(hubspot));
    for (const index of [0, 1]) expect((await postRequest(handle.server.origin, index))?.status).toBe(201);
    await until(
      () => store.list(),
      (list) => list.length === 2 && list.every((row) => row.relay !== "pending"),
      "both rows to be relayed or refused",
    );
    const exported = JSON.parse((await runRequestsCommand(["export", "--format", "json"], fresh.env)).stdout);
    expect(exported.map((row: { relay: string }) => row.relay)).toEqual(["sent", "failed"]);
    expect(exported[1].relayError).toBe(
      "HubSpot answered 400 (INVALID_EMAIL): The request is not valid Error in 'fields.email'. Invalid email address (correlationId fake)",
    );
    expect(hubspot.received).toHaveLength(2);

    hubspot.behaviour = ACCEPT_ALL;
    const retried = await runRequestsCommand(["retry"], fresh.env, { viaNpm: true });
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stderr).toContain("Queued 1 failed request for the relay again");
    await until(
      () => store.list(),
      (list) => list.every((row) => row.relay === "sent"),
      "the re-queued row to be sent",
    );
    expect(hubspot.acceptedCount("grace1@example.com")).toBe(1);
    expect(hubspot.acceptedCount("grace0@example.com")).toBe(1);
  });
});
