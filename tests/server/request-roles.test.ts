/**
 * The request names its role (docs/decisions/0025-roles-close-on-their-day.md), with the real server
 * in a child process on each store, serving a build's roles' timetable of the role fixtures (open, confidential, closed
 * yesterday, with a pay range): an open role is stored with its title from the site's content
 * whether it comes as JSON or as a form post; an unknown, malformed or closed one is dropped and
 * the request answered as any other; and the role travels into the export, the team's email and
 * webhook, HubSpot's hidden field and `requests -- status`.
 */
import { describe, expect, it } from "vitest";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { ROLE_PARAM } from "#shared/roles/page.ts";
import { startFakeHubSpotApi } from "../support/fake-hubspot-api";
import { parseMail, startMailSink } from "../support/mail-sink";
import { rawRequest } from "../support/raw-client";
import { CANDIDATE_FIELDS } from "../support/request-fixture";
import { BASE_ENV, hubspotEnv, SITE_URL, until } from "../support/requests-client";
import { fixtureRoleTimetable } from "../support/role-timetable";
import { runRequestsCommand } from "../support/site-process";
import { siteUnderTest } from "../support/site-under-test";
import { STORE_TARGETS } from "../support/store-targets";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { teamEmails } from "../support/words";

const ROLE_FIELD = "role_of_interest";

describe.each(STORE_TARGETS)("the role a request names, on $name", (target) => {
  const site = siteUnderTest(target);
  const { timetable, fixtures } = fixtureRoleTimetable();
  const open = fixtures.find((role) => role.open && role.employer !== "Confidential")!;
  const confidential = fixtures.find((role) => role.employer === "Confidential")!;
  const closed = fixtures.find((role) => !role.open && !role.upcoming)!;

  /** The server with the fixtures' roles, HubSpot (a local fake), email and a webhook, and the env a command needs. */
  async function setUp() {
    const hubspot = await startFakeHubSpotApi();
    const mail = await startMailSink();
    const webhook = await startWebhookReceiver();
    site.cleanups.push(
      () => hubspot.close(),
      () => mail.stop(),
      () => webhook.stop(),
    );
    const env = {
      ...hubspotEnv(hubspot),
      HUBSPOT_ROLE_FIELD: ROLE_FIELD,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: "team@network.example",
      NOTIFY_WEBHOOK_URL: webhook.url,
    };
    const { handle, store, fresh } = await site.start(env, { roles: timetable });
    const post = (contentType: string, body: string) =>
      rawRequest(handle.server.port, {
        method: "POST",
        target: INVITATION_API_PATH,
        headers: [
          ["Content-Type", contentType],
          ["Origin", SITE_URL],
          ["Accept", "application/json"],
        ],
        body,
      });
    const postJson = async (body: Record<string, unknown>) => {
      const answer = await post("application/json", JSON.stringify({ mode: "candidate", ...body }));
      expect(answer.status, answer.body).toBe(201);
      return (JSON.parse(answer.body) as { id: string }).id;
    };
    return { hubspot, mail, webhook, store, post, postJson, commandEnv: { ...BASE_ENV, ...fresh.env, ...env } };
  }

  it("stores an open role with its title from the site's content, and drops an unknown, malformed or closed one", async () => {
    const { store, post, postJson } = await setUp();
    const fields = (email: string) => ({ ...CANDIDATE_FIELDS, email });
    const named = await postJson({ fields: fields("named@example.com"), [ROLE_PARAM]: open.slug });
    // A form post without JavaScript carries it as a hidden field.
    const form = await post(
      "application/x-www-form-urlencoded",
      new URLSearchParams({
        mode: "candidate",
        ...fields("form@example.com"),
        [ROLE_PARAM]: confidential.slug,
      }).toString(),
    );
    expect(form.status).toBe(201);
    const dropped = [];
    for (const role of [closed.slug, "no-such-role", "../roles/svp", "SVP-Talent", 42, ["a"], { slug: open.slug }]) {
      dropped.push(await postJson({ fields: fields(`dropped-${dropped.length}@example.com`), [ROLE_PARAM]: role }));
    }
    const stored = await store.list();
    const roleOf = (id: string) => stored.find((request) => request.id === id)?.role;
    expect(roleOf(named)).toEqual({ slug: open.slug, title: open.title });
    expect(stored.find((request) => request.fields.email === "form@example.com")?.role).toEqual({
      slug: confidential.slug,
      title: confidential.title,
    });
    expect(dropped.map(roleOf)).toEqual(dropped.map(() => null));

    // A retried send is the same request only with the same role.
    const key = { idempotencyKey: "0f5c8e1a9b7d4c2e8f6a1b3c5d7e9f10", fields: fields("retry@example.com") };
    const first = await postJson({ ...key, [ROLE_PARAM]: open.slug });
    expect(await postJson({ ...key, [ROLE_PARAM]: open.slug })).toBe(first);
    expect(await postJson({ ...key, [ROLE_PARAM]: confidential.slug })).not.toBe(first);
  });

  it("carries the role into the export, the team's email and webhook, HubSpot's hidden field and the status", async () => {
    const { hubspot, mail, webhook, store, postJson, commandEnv } = await setUp();
    const id = await postJson({ fields: CANDIDATE_FIELDS, [ROLE_PARAM]: open.slug });
    await postJson({ fields: { ...CANDIDATE_FIELDS, email: "no-role@example.com" } });
    await until(
      async () => [(await store.list()).every((request) => request.relay === "sent"), await store.listNotifications()],
      ([sent, queued]) => sent === true && (queued as unknown[]).length === 0,
      "the relay and the notifications",
    );
    const role = { slug: open.slug, title: open.title };

    const exported = JSON.parse((await runRequestsCommand(["export", "--format", "json"], commandEnv)).stdout) as {
      id: string;
      role: unknown;
    }[];
    expect(exported.map((row) => [row.id === id, row.role])).toEqual([
      [true, role],
      [false, null],
    ]);
    const csv = (await runRequestsCommand(["export", "--format", "csv"], commandEnv)).stdout;
    expect(csv.split("\r\n")[1]).toContain(`,"${open.title}","${open.slug}",`);

    const email = mail.received.map((message) => parseMail(message.raw)).find((parsed) => parsed.text.includes(id))!;
    expect(email.text).toContain(`${teamEmails.labels.role}: ${open.title}`);
    const hook = webhook.received.map((received) => JSON.parse(received.body)).find((body) => body.request.id === id);
    expect(hook.request.role).toEqual(role);
    expect(hubspot.accepted.map((submission) => submission.values[ROLE_FIELD])).toEqual([open.title, undefined]);

    const status = await runRequestsCommand(["status"], commandEnv);
    expect(status.stdout).toContain(`  about ${JSON.stringify(open.title)}: 1\n  about no role: 1\n`);
  });
});
