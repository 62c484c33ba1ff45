/**
 * Two API servers on one PostgreSQL database (issue 13): 400 requests spread over both
 * while one is killed with SIGKILL as it holds a relay claim, and HubSpot fails for a
 * while, then recovers. Every request that got a 201 is in the export once, and HubSpot
 * accepts every stored row exactly once: the survivor takes over the killed server's
 * claim when its lease runs out, and no row is sent by both. And the per-address rate
 * limit counts a client's requests to both servers together (issue 34).
 */
import postgres from "postgres";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { accepted, startFakeHubSpotApi, unavailable, type FakeHubSpotApi } from "../support/fake-hubspot-api";
import { BASE_ENV, hubspotEnv, postRequest, until } from "../support/requests-client";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import {
  fixtureSite,
  removeFixtureSite,
  runRequestsCommand,
  startSiteProcess,
  type SiteProcess,
} from "../support/site-process";
import { rawRequest } from "../support/raw-client";
import { postgresTarget } from "../support/store-targets";

const TOTAL = 400;
const CONCURRENCY = 8;
const KILL_AFTER = 150;
/** New requests wait here for the kill, so that more than a quarter of the run comes after it. */
const LAST_BEFORE_KILL = TOTAL - TOTAL / 4 - 2 * CONCURRENCY;
/** Short enough for the survivor to take over quickly, more than twice DELIVERY_TIMEOUT_SECONDS. */
const LEASE_SECONDS = 3;

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("two servers, one killed mid-run while HubSpot fails: every 201 stored once, every row relayed once", async () => {
  let recovered = false;
  // A slow failure keeps each server's claim open long enough to be killed holding one.
  const hubspot: FakeHubSpotApi = await startFakeHubSpotApi({
    behaviour: () => (recovered ? accepted() : { ...unavailable(), delayMs: 150 }),
  });
  cleanups.push(() => hubspot.close());
  const fresh = await postgresTarget.fresh();
  const store = await fresh.open();
  cleanups.push(() => store.close());
  const sql = postgres(fresh.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 5 }));
  const dir = fixtureSite();
  cleanups.push(() => removeFixtureSite(dir));

  const env = {
    ...BASE_ENV,
    ...fresh.env,
    ...hubspotEnv(hubspot),
    DELIVERY_TIMEOUT_SECONDS: "1",
    DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  const [victim, survivor] = await Promise.all(
    [0, 1].map(async () => startSiteProcess({ dir, port: await freePort(), env })),
  );
  for (const server of [victim!, survivor!] as SiteProcess[]) {
    cleanups.push(() => (server.child.exitCode === null ? server.kill() : undefined));
  }

  /** Whether the victim holds a live claim on a row right now. */
  const victimClaim = async () => {
    const [row] = await sql<{ id: string }[]>`
      SELECT id FROM invitation_requests
      WHERE lease_owner LIKE ${`%:${victim!.child.pid}:%`} AND lease_until > now() LIMIT 1`;
    return row?.id ?? null;
  };

  const results: ({ status: number; id?: string } | null)[] = [];
  /** Whether each request was sent once the victim was gone. */
  const afterKill: boolean[] = [];
  let killed = false;
  let answered = 0;
  let next = 0;
  let killing: Promise<string> | null = null;
  const client = async () => {
    while (next < TOTAL) {
      // Waiting for the victim to hold a claim can take seconds; the traffic must not run out meanwhile.
      if (!killed && killing && next >= LAST_BEFORE_KILL) await killing;
      if (next >= TOTAL) break;
      const index = next++;
      afterKill[index] = killed;
      const origins = index % 2 === 0 ? [victim!.origin, survivor!.origin] : [survivor!.origin, victim!.origin];
      results[index] = await postRequest(origins, index);
      answered += 1;
      if (answered === KILL_AFTER) {
        killing = (async () => {
          const claimed = await until(victimClaim, (id) => id !== null, "the victim to hold a claim", 10_000);
          await victim!.kill();
          killed = true;
          return claimed!;
        })();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const claimedByVictim = await killing!;
  expect(victim!.child.signalCode).toBe("SIGKILL");

  // HubSpot has failed all along; now it recovers.
  expect(hubspot.accepted).toHaveLength(0);
  expect(hubspot.received.length).toBeGreaterThan(0);
  recovered = true;

  const rows = await until(
    () => store.list(),
    (list) => list.length > 0 && list.every((row) => row.relay === "sent"),
    "every row to be sent",
    60_000,
  );

  const created = results.filter((result) => result?.status === 201).map((result) => result!.id!);
  expect(results.filter((result) => result !== null && result.status !== 201)).toEqual([]);
  // Only requests whose connection broke around the kill lack an answer; none after it.
  const unanswered = results.flatMap((result, index) => (result === null ? [index] : []));
  expect(unanswered.filter((index) => afterKill[index])).toEqual([]);
  expect(afterKill.filter(Boolean).length).toBeGreaterThan(TOTAL / 4);

  const exported = await runRequestsCommand(["export", "--format", "json"], fresh.env);
  expect(exported.code, exported.stderr).toBe(0);
  const exportedIds = (JSON.parse(exported.stdout) as { id: string }[]).map((row) => row.id);
  expect(new Set(exportedIds).size).toBe(exportedIds.length);
  const inExport = new Set(exportedIds);
  expect(created.filter((id) => !inExport.has(id))).toEqual([]);
  expect(exportedIds).toHaveLength(rows.length);

  // Exactly once: HubSpot accepted each stored row once, nothing else, nothing twice.
  expect(hubspot.accepted).toHaveLength(rows.length);
  for (const row of rows) expect(hubspot.acceptedCount(row.fields.email!), row.fields.email).toBe(1);
  // The row the victim held when it was killed was taken over and sent.
  expect(rows.find((row) => row.id === claimedByVictim)?.relay).toBe("sent");
  expect(survivor!.output()).toContain(`${claimedByVictim} sent to HubSpot`);
});

it("holds the per-address rate limit for the site, not per server: two servers on one PostgreSQL count together", async () => {
  const fresh = await postgresTarget.fresh();
  const dir = fixtureSite();
  cleanups.push(() => removeFixtureSite(dir));
  const env = { ...BASE_ENV, ...fresh.env, RATE_LIMIT_MAX: "3", TRUST_PROXY: "1" };
  const servers = await Promise.all([0, 1].map(async () => startSiteProcess({ dir, port: await freePort(), env })));
  for (const server of servers) cleanups.push(() => (server.child.exitCode === null ? server.kill() : undefined));
  const post = (server: SiteProcess, from: string) =>
    rawRequest(server.port, {
      target: INVITATION_API_PATH,
      headers: [
        ["Content-Type", "application/json"],
        ["X-Forwarded-For", from],
      ],
      body: "{",
    });

  // One address, its requests spread over both servers by the load balancer.
  const statuses: number[] = [];
  for (const server of [servers[0]!, servers[1]!, servers[0]!, servers[1]!]) {
    statuses.push((await post(server, "203.0.113.7")).status);
  }
  expect(statuses).toEqual([400, 400, 400, 429]);
  // Another address is not held back by it, on either server.
  expect((await post(servers[1]!, "203.0.113.8")).status).toBe(400);
});
