/**
 * A request is never turned away by a database outage (issue 59): PostgreSQL stopped while
 * visitors keep posting to the site as the supervisor serves it, each request answered 201 once it is kept on the server
 * (DATA_DIR/spool/), and once PostgreSQL is back every acknowledged request is stored, told
 * to the team and relayed to HubSpot exactly once, each email with one Message-ID.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, startPostgresCluster } from "../../scripts/lib/postgres-cluster";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { openRequestStore } from "../../server/requests/stores/open-store";
import { SPOOL_FOLDER } from "../../server/requests/spool";
import { startFakeHubSpotApi } from "../support/fake-hubspot-api";
import { parseMail, startMailSink, type ReceivedMail } from "../support/mail-sink";
import { FAST_DELIVERY, hubspotEnv, requestBody, until } from "../support/requests-client";
import { startSupervisedSite } from "../support/supervised-site";
import { throwawayDir } from "../support/store-targets";

/**
 * How long PostgreSQL stays stopped: past the 5 s lease of FAST_DELIVERY (a claim taken before
 * the stop runs out while it is away, the case that sent the team's email twice) and past the
 * driver's reconnection pauses; longer adds nothing but time.
 */
const AWAY_MS = 15_000;
const TEAM = "team@network.example";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const requestIdOf = (mail: ReceivedMail) => /Request id: (\S+)/.exec(parseMail(mail.raw).text)?.[1];

describe("PostgreSQL stopped while requests are posted", () => {
  it("answers every request 201 once kept, and stores, tells and relays each once after it returns (a copy only after a crash, with its Message-ID)", async () => {
    const cluster = await startPostgresCluster({ durable: false });
    cleanups.push(() => cluster.stop());
    const databaseUrl = await createDatabase(cluster.adminUrl);
    const mail = await startMailSink();
    cleanups.push(() => mail.stop());
    const hubspot = await startFakeHubSpotApi();
    cleanups.push(() => hubspot.close());
    const dataDir = join(throwawayDir(), "data");
    // Under the supervisor, as npm start and systemd run it: postgres.js 3.4.9 ends the server's
    // process when PostgreSQL goes in the middle of a transaction (docs/decisions/0015-fastify.md),
    // and the supervisor starts it again; what it answered 201 is kept on disk all the same.
    const supervisor = await startSupervisedSite(cleanups, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: TEAM,
      ...hubspotEnv(hubspot),
      ...FAST_DELIVERY,
    });
    // The start-up's own transactions first (tests/server/store-outages.test.ts says why).
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await until(
      async () =>
        (await sql`SELECT 1 FROM invitation_jobs`).length > 0 && supervisor.output().includes("[privacy] purge"),
      (done) => done,
      "the start-up's purge",
    );
    await sql.end({ timeout: 1 });

    const answers: { index: number; status: number; id?: string }[] = [];
    let next = 0;
    let sending = true;
    cleanups.push(() => {
      sending = false;
    });
    const client = async () => {
      while (sending) {
        const index = next++;
        try {
          const response = await fetch(`${supervisor.origin}${INVITATION_API_PATH}`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ ...requestBody(index), idempotencyKey: `kept-while-away-${index}-key` }),
          });
          const body = (await response.json()) as { id?: string };
          answers.push({ index, status: response.status, id: body.id });
        } catch {
          // The connection of a server that ended (above): no answer, so nothing was promised; the form sends it again.
          answers.push({ index, status: 0 });
        }
      }
    };
    const clients = [client(), client()];
    await until(
      async () => answers.length,
      (count) => count >= 6,
      "requests stored before the stop",
    );
    cluster.pause();
    const stoppedAt = answers.length;
    await new Promise((resolveWait) => setTimeout(resolveWait, AWAY_MS));
    const whileAway = answers.length - stoppedAt;
    // Kept on the server meanwhile, owner-only.
    const spool = join(dataDir, SPOOL_FOLDER);
    expect(statSync(spool).mode & 0o777).toBe(0o700);
    const files = readdirSync(spool);
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const file of files) expect(statSync(join(spool, file)).mode & 0o777).toBe(0o600);
    expect(files.map((file) => readFileSync(join(spool, file), "utf8")).join("")).toContain("kept-while-away-");
    cluster.resume();
    const back = Date.now();
    await until(
      async () => answers.length,
      (count) => count >= stoppedAt + whileAway + 4,
      "requests answered after the return",
      // A server that ended while PostgreSQL was away waits out the supervisor's backoff (up to
      // 30 s), then starts again, slower beside a busy neighbour (20 s seen).
      150_000,
    ).finally(() => (sending = false));
    await Promise.all(clients);

    // None turned away: every answer a 201; only a connection the ended process held got none.
    const unanswered = answers.filter((answer) => answer.status === 0).length;
    expect(answers.filter((answer) => answer.status !== 0).every((answer) => answer.status === 201)).toBe(true);
    expect(supervisor.output()).toContain("on this server (");
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.id!);
    const store = await openRequestStore({ dataDir: "", databaseUrl });
    cleanups.push(() => store.close());
    await until(
      async () => ({ rows: await store.list(), status: await store.status(Date.now()) }),
      ({ rows, status }) =>
        rows.length >= acknowledged.length &&
        rows.every((row) => row.relay === "sent") &&
        status.notificationsQueued === 0,
      "every kept request stored, relayed and told",
      60_000,
    ).catch(async (error: Error) => {
      const rows = await store.list();
      const status = await store.status(Date.now());
      throw new Error(
        `${error.message.slice(0, 80)}: ${rows.length} of ${acknowledged.length} stored, ` +
          `relays ${JSON.stringify(rows.map((row) => row.relay))}, ${status.notificationsQueued} queued\n${supervisor.output()}`,
      );
    });
    const allDoneMs = Date.now() - back;
    const rows = await store.list();
    const storedIds = rows.map((row) => row.id);
    // Every 201 stored (a request whose answer a crash cut off may be stored too: it is then told and relayed like any).
    expect(acknowledged.filter((id) => !storedIds.includes(id))).toEqual([]);
    // A server that ended mid-send (a crash, restarted by the supervisor) may send the one in flight
    // again (docs/product.md#nothing-lost): a copy, with its first's Message-ID; otherwise once each.
    const restarts = supervisor.output().split("serves again").length - 1;
    // The team's notifications of requests: beside them the team may be told the server keeps
    // crashing (the supervisor's alert, with no request id), once.
    const teamMail = mail.received.filter((message) => message.to.includes(TEAM) && requestIdOf(message));
    const told = new Map<string, string[]>();
    for (const message of teamMail) {
      const id = requestIdOf(message)!;
      told.set(id, [...(told.get(id) ?? []), parseMail(message.raw).headers.get("message-id") ?? ""]);
    }
    expect([...told.keys()].sort()).toEqual([...storedIds].sort());
    for (const messageIds of told.values()) {
      expect(messageIds[0]).toMatch(/^<[0-9a-f-]{36}@/);
      expect(new Set(messageIds).size).toBe(1);
    }
    expect(teamMail.length - told.size).toBeLessThanOrEqual(restarts);
    // Relayed once each (the same allowance for a relay in flight when the server ended).
    const relays = rows.map((row) => hubspot.acceptedCount(row.fields.email!));
    expect(relays.every((count) => count >= 1)).toBe(true);
    expect(relays.reduce((sum, count) => sum + count, 0) - rows.length).toBeLessThanOrEqual(restarts);
    // Emptied once everything in it was stored.
    expect(readdirSync(spool).every((name) => statSync(join(spool, name)).size === 0)).toBe(true);
    console.log(
      `PostgreSQL stopped ${AWAY_MS / 1000} s: ${acknowledged.length} requests answered 201 (of ${whileAway} sent while it was away), ` +
        `${unanswered} cut off by ${restarts} restart(s) of the server, ` +
        `${rows.length} stored, ${teamMail.length} team emails, ${hubspot.accepted.length} relayed, ` +
        `all done ${allDoneMs} ms after its return`,
    );
  }, 300_000);
});
