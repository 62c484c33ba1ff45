/**
 * A retried send is stored once (docs/product.md#nothing-lost), with the real server in a child
 * process, HubSpot's submission API faked and an SMTP server in the test: the same
 * idempotency key sent three times is one stored request, relayed once and told to the team
 * once, on each store; and on PostgreSQL also when the first send's save outlasted the API's
 * time limit (kept on the server and answered 201) and committed afterwards, as a database back
 * from a pause lets it: the kept copy, handed over later, is stored once too.
 */
import { afterEach, describe, expect, it } from "vitest";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import type { RequestStore } from "../../server/requests/store";
import { startFakeHubSpotApi, type FakeHubSpotApi } from "../support/fake-hubspot-api";
import { startHoldingProxy } from "../support/holding-proxy";
import { startMailSink, type MailSink } from "../support/mail-sink";
import { hubspotEnv, requestBody, until } from "../support/requests-client";
import { rawRequest } from "../support/raw-client";
import { serveFixture } from "../support/site-under-test";
import { postgresTarget, STORE_TARGETS } from "../support/store-targets";

const TEAM = "team@network.example";
const KEY = "0f5c8e1a9b7d4c2e8f6a1b3c5d7e9f10";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** HubSpot and the team's mail server, both answering. */
async function outsideWorld() {
  const hubspot = await startFakeHubSpotApi();
  cleanups.push(() => hubspot.close());
  const mail = await startMailSink();
  cleanups.push(() => mail.stop());
  const env = {
    ...hubspotEnv(hubspot),
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    NOTIFY_EMAIL_TO: TEAM,
    NOTIFY_EMAIL_FROM: "site@network.example",
  };
  return { hubspot, mail, env };
}

const serve = (env: Record<string, string>) => serveFixture(cleanups, env);

/** Request `index` as the own form's island sends it, with `key`. */
const send = (port: number, index: number, key: string) =>
  rawRequest(port, {
    target: INVITATION_API_PATH,
    headers: [
      ["Content-Type", "application/json"],
      ["Accept", "application/json"],
    ],
    body: JSON.stringify({ ...requestBody(index), idempotencyKey: key }),
  });

/** Once the relay and the email have gone, and a while longer: nothing more goes. */
async function expectToldOnce(store: RequestStore, hubspot: FakeHubSpotApi, mail: MailSink, email: string) {
  await until(
    async () => ({ relayed: hubspot.acceptedCount(email), emailed: mail.countFor(TEAM) }),
    (counts) => counts.relayed >= 1 && counts.emailed >= 1,
    "the relay and the team's email",
  );
  await new Promise((settle) => setTimeout(settle, 1500));
  expect(hubspot.acceptedCount(email)).toBe(1);
  expect(mail.countFor(TEAM)).toBe(1);
  expect((await store.list()).map((row) => row.fields.email)).toEqual([email]);
}

describe.each(STORE_TARGETS)("on $name", (target) => {
  it("stores a request sent three times with one idempotency key once, relays it once and tells the team once", async () => {
    const { hubspot, mail, env } = await outsideWorld();
    const fresh = await target.fresh();
    const store = await fresh.open();
    cleanups.push(() => store.close());
    const server = await serve({ ...fresh.env, ...env });

    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push(await send(server.port, 0, KEY));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => JSON.parse(answer.body).id as string));
    expect(ids.size).toBe(1);
    expect((await store.list()).map((row) => row.id)).toEqual([...ids]);
    await expectToldOnce(store, hubspot, mail, requestBody(0).fields.email!);
  });
});

it("on PostgreSQL, a save that outlasted the time limit (kept on the server, 201) and committed late, then the same key three times: one request, one relay, one email", async () => {
  const { hubspot, mail, env } = await outsideWorld();
  const fresh = await postgresTarget.fresh();
  const store = await fresh.open();
  cleanups.push(() => store.close());
  const databaseUrl = new URL(fresh.env.DATABASE_URL!);
  const proxy = await startHoldingProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port) });
  cleanups.push(() => proxy.close());
  databaseUrl.port = String(proxy.port);
  const server = await serve({ DATABASE_URL: databaseUrl.href, ...env });
  // Several of the server's connections are open before the database stops answering (a
  // connection opened while it does not answer fails within its connect timeout instead).
  const health = await Promise.all(Array.from({ length: 6 }, () => fetch(`${server.origin}/api/health`)));
  expect(health.map((response) => response.status)).toEqual(Array(6).fill(200));

  proxy.hold();
  const first = await send(server.port, 0, KEY);
  // Kept on the server (DATA_DIR/spool) and answered as received, before the store has it.
  expect(first.status).toBe(201);
  expect(await store.list()).toEqual([]);
  proxy.release();
  const [late] = await until(
    () => store.list(),
    (rows) => rows.length === 1,
    "the held save to commit",
  );

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const again = await send(server.port, 0, KEY);
    expect(again.status).toBe(201);
    expect(JSON.parse(again.body).id).toBe(late!.id);
  }
  expect(JSON.parse(first.body).id).toBe(late!.id);
  await expectToldOnce(store, hubspot, mail, requestBody(0).fields.email!);
  // The kept copy, handed to the store once it answered, found the late commit: stored once.
  await until(
    async () => server.output(),
    (output) => output.includes(`[requests] ${late!.id}, kept while the store was away, was stored already`),
    "the kept copy to be handed over",
  );
});
