/**
 * A request is never turned away by a database outage (issue 59): PostgreSQL stopped while
 * visitors keep posting, each request answered 201 once it is kept on the server
 * (DATA_DIR/spool/), and once PostgreSQL is back every acknowledged request is stored, told
 * to the team and relayed to HubSpot exactly once, each email with one Message-ID.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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
import { serveFixture } from "../support/site-under-test";
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
  it("answers every request 201 once kept, and stores, tells and relays each exactly once after it returns", async () => {
    const cluster = await startPostgresCluster({ durable: false });
    cleanups.push(() => cluster.stop());
    const databaseUrl = await createDatabase(cluster.adminUrl);
    const mail = await startMailSink();
    cleanups.push(() => mail.stop());
    const hubspot = await startFakeHubSpotApi();
    cleanups.push(() => hubspot.close());
    const dataDir = join(throwawayDir(), "data");
    const server = await serveFixture(cleanups, {
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
      async () => (await sql`SELECT 1 FROM invitation_jobs`).length > 0 && server.output().includes("[privacy] purge"),
      (done) => done,
      "the start-up's purge",
    );
    await sql.end({ timeout: 1 });

    const answers: { index: number; status: number; id?: string }[] = [];
    let next = 0;
    let sending = true;
    const client = async () => {
      while (sending) {
        const index = next++;
        const response = await fetch(`${server.origin}${INVITATION_API_PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...requestBody(index), idempotencyKey: `kept-while-away-${index}-key` }),
        });
        const body = (await response.json()) as { id?: string };
        answers.push({ index, status: response.status, id: body.id });
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
    expect(files.length).toBe(1);
    expect(statSync(join(spool, files[0]!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(spool, files[0]!), "utf8")).toContain("kept-while-away-");
    cluster.resume();
    const back = Date.now();
    await until(
      async () => answers.length,
      (count) => count >= stoppedAt + whileAway + 4,
      "requests answered after the return",
    );
    sending = false;
    await Promise.all(clients);

    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(server.output()).toContain("on this server (");
    const acknowledged = answers.map((answer) => answer.id!);
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
          `relays ${JSON.stringify(rows.map((row) => row.relay))}, ${status.notificationsQueued} queued\n${server.output()}`,
      );
    });
    const allDoneMs = Date.now() - back;
    const rows = await store.list();
    expect(rows.map((row) => row.id).sort()).toEqual([...new Set(acknowledged)].sort());
    expect(rows.length).toBe(answers.length);
    // Told once each: one email per request, each with a Message-ID of its own.
    const teamMail = mail.received.filter((message) => message.to.includes(TEAM));
    const told = teamMail.map(requestIdOf);
    expect(told.sort()).toEqual([...acknowledged].sort());
    const messageIds = teamMail.map((message) => parseMail(message.raw).headers.get("message-id"));
    expect(messageIds.every((id) => /^<[0-9a-f-]{36}@/.test(id ?? ""))).toBe(true);
    expect(new Set(messageIds).size).toBe(teamMail.length);
    // Relayed once each.
    for (const index of answers.map((answer) => answer.index)) {
      expect(hubspot.acceptedCount(`grace${index}@example.com`)).toBe(1);
    }
    // Emptied once everything in it was stored.
    expect(files.every((name) => !existsSync(join(spool, name)) || statSync(join(spool, name)).size === 0)).toBe(true);
    console.log(
      `PostgreSQL stopped ${AWAY_MS / 1000} s: ${answers.length} requests answered 201 (${whileAway} while it was away), ` +
        `${rows.length} stored, ${teamMail.length} team emails, ${hubspot.accepted.length} relayed, ` +
        `all done ${allDoneMs} ms after its return`,
    );
  });
});
