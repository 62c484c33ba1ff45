/**
 * The team hears of every request (docs/product.md#notifications-and-privacy), with the real server in a child
 * process, once per store: an SMTP server in this process (smtp-server) and a local
 * webhook receiver take the notifications. Every stored request gives one email to each
 * NOTIFY_EMAIL_TO address and one signed webhook; a mail server down for a while, a
 * server killed with notifications pending, a webhook failing, markup and line breaks in
 * what a visitor typed, and HubSpot refusing a request for good or rate-limiting the relay.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import { requestWords } from "../support/words";
import { privacyNoticeVersion } from "#shared/invitation/privacy-notice.ts";
import { freePort } from "../../scripts/lib/free-port";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { RATE_LIMITED_MIN_WAIT_MS } from "../../server/requests/hubspot/hubspot-submission";
import { RelayWorker } from "../../server/requests/hubspot/relay";
import { startFakeHubSpotApi, type FakeAnswer } from "../support/fake-hubspot-api";
import { parseMail, startMailSink, type MailSink, type ReceivedMail } from "../support/mail-sink";
import {
  BASE_ENV,
  FAST_DELIVERY,
  FORM_IDS,
  hubspotEnv,
  PORTAL_ID,
  postRequest,
  requestBody,
  until,
} from "../support/requests-client";
import { runRequestsCommand } from "../support/site-process";
import { sampleRequest } from "../support/store-contract";
import { siteUnderTest } from "../support/site-under-test";
import { STORE_TARGETS } from "../support/store-targets";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../support/webhook-receiver";
import { virtualClock } from "../support/virtual-clock";

const TEAM = ["team@network.example", "lead@network.example"];
const SECRET = "test-signing-secret-0123456789";

const requestIdOf = (mail: ReceivedMail) => /Request id: (\S+)/.exec(parseMail(mail.raw).text)?.[1];
/** The team's emails: what this file is about (each requester's acknowledgement is tests/server/acknowledgement.test.ts's). */
const teamMail = (mail: MailSink) =>
  mail.received.filter((message) => TEAM.some((address) => message.to.includes(address)));
const payloadOf = (hook: ReceivedWebhook) =>
  JSON.parse(hook.body) as {
    text: string;
    event: string;
    request: { id: string; mode: string; fields: Record<string, string> };
    refusal?: { errorType: string; message: string; retryCommand: string };
  };

/** Whether the webhook's signature is the HMAC-SHA256 of "<timestamp>.<raw body>" with the secret. */
function signatureVerifies(hook: ReceivedWebhook, secret: string): boolean {
  const timestamp = String(hook.headers["x-signature-timestamp"] ?? "");
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${hook.body}`).digest("hex")}`;
  return /^\d+$/.test(timestamp) && hook.headers["x-signature-256"] === expected;
}

describe.each(STORE_TARGETS)("notifications on $name", (target) => {
  const site = siteUnderTest(target);
  const { cleanups } = site;

  async function setUp({
    mail,
    smtpPort,
    webhook,
    env = {},
  }: {
    mail?: MailSink;
    smtpPort?: number;
    webhook?: WebhookReceiver;
    env?: Record<string, string>;
  }) {
    const notifyEnv: Record<string, string> = { ...FAST_DELIVERY };
    if (mail || smtpPort) {
      notifyEnv.SMTP_URL = `smtp://127.0.0.1:${mail?.port ?? smtpPort}`;
      notifyEnv.NOTIFY_EMAIL_TO = TEAM.join(", ");
      notifyEnv.NOTIFY_EMAIL_FROM = "site@network.example";
    }
    if (webhook) Object.assign(notifyEnv, { NOTIFY_WEBHOOK_URL: webhook.url, NOTIFY_WEBHOOK_SECRET: SECRET });
    const { handle, store, fresh } = await site.start({ ...notifyEnv, ...env });
    const outboxEmpty = () =>
      until(
        () => store.listNotifications(),
        (rows) => rows.length === 0,
        "the outbox to empty",
      );
    // What a `requests` command run beside this server reads: the same store and channels.
    const commandEnv = { ...fresh.env, ...notifyEnv, ...env };
    return { handle, store, outboxEmpty, commandEnv };
  }

  async function mailSink(options: Parameters<typeof startMailSink>[0] = {}) {
    const sink = await startMailSink(options);
    cleanups.push(() => sink.stop());
    return sink;
  }

  async function webhookReceiver(statusFor?: Parameters<typeof startWebhookReceiver>[0]) {
    const receiver = await startWebhookReceiver(statusFor);
    cleanups.push(() => receiver.stop());
    return receiver;
  }

  async function postAll(origin: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const answer = await postRequest(origin, index);
      expect(answer?.status).toBe(201);
      ids.push(answer!.id!);
    }
    return ids;
  }

  it("gives every stored request one email to each NOTIFY_EMAIL_TO address and one signed webhook", async () => {
    const mail = await mailSink();
    const webhook = await webhookReceiver();
    const { handle, store, outboxEmpty } = await setUp({ mail, webhook });
    const ids = await postAll(handle.server.origin, 6);
    await outboxEmpty();

    for (const address of TEAM) expect(mail.countFor(address)).toBe(ids.length);
    expect(teamMail(mail).map(requestIdOf).sort()).toEqual([...ids].sort());
    // Each request records the privacy notice the form showed (this configuration's).
    const noticeVersion = privacyNoticeVersion(requestWords.ownForm.privacyNotice, parseSiteConfig(BASE_ENV));
    expect((await store.list()).map((request) => request.noticeVersion)).toEqual(ids.map(() => noticeVersion));
    const first = parseMail(teamMail(mail).find((message) => requestIdOf(message) === ids[0])!.raw);
    expect(first.subject).toBe("New invitation request: Grace Hopper 0 (TA leader)");
    expect(first.headers.get("from")).toContain("site@network.example");
    // Reply answers the person who asked, not the site's own address.
    expect(first.headers.get("reply-to")).toBe("Grace Hopper 0 <grace0@example.com>");
    expect(first.text).toContain("Email: grace0@example.com");
    expect(first.text).toContain("Relay to HubSpot: off");
    expect(first.text).toContain("npm run --silent requests -- export --format csv");

    expect(webhook.received).toHaveLength(ids.length);
    expect(webhook.received.every((hook) => signatureVerifies(hook, SECRET))).toBe(true);
    expect(webhook.received.every((hook) => !signatureVerifies(hook, `${SECRET}x`))).toBe(true);
    expect(webhook.received.map((hook) => payloadOf(hook).request.id).sort()).toEqual([...ids].sort());
    const hook = payloadOf(webhook.received.find((received) => payloadOf(received).request.id === ids[1])!);
    expect(hook).toMatchObject({
      event: "invitation-request",
      request: { mode: "employer", fields: { email: "grace1@example.com", role_to_fill: "VP, Talent Acquisition" } },
    });
    expect(hook.text).toContain("New invitation request: Grace Hopper 1 (employer)");
  });

  it("delivers every email once the mail server, down when the requests came, is up again", async () => {
    const smtpPort = await freePort();
    const webhook = await webhookReceiver();
    const { handle, store, outboxEmpty } = await setUp({ smtpPort, webhook });
    const ids = await postAll(handle.server.origin, 5);
    // The webhook goes through while the mail server is down; every email has failed at least once.
    await until(
      () => store.listNotifications(),
      (rows) => {
        const team = rows.filter((row) => row.channel !== "requester");
        return team.length === ids.length && team.every((row) => row.channel === "email" && row.attempts >= 1);
      },
      "every email to fail once and every webhook to go",
    );
    expect(webhook.received).toHaveLength(ids.length);

    const mail = await mailSink({ port: smtpPort });
    await outboxEmpty();
    expect(teamMail(mail).map(requestIdOf).sort()).toEqual([...ids].sort());
    for (const address of TEAM) expect(mail.countFor(address)).toBe(ids.length);
  });

  it("delivers everything after a SIGKILL with notifications pending, at most the one in flight twice", async () => {
    // A slow mail server, so the kill lands while emails are queued and one is in flight.
    const mail = await mailSink({ delayMs: 300 });
    const webhook = await webhookReceiver();
    const { handle, outboxEmpty } = await setUp({ mail, webhook });
    const ids = await postAll(handle.server.origin, 8);
    await until(
      async () => mail.received.length,
      (count) => count >= 2,
      "the first emails",
    );
    await handle.server.kill();
    // Each request's team email and requester's acknowledgement: most still queued.
    expect(mail.received.length).toBeLessThan(2 * ids.length);
    handle.server = await handle.start();
    await outboxEmpty();

    const emailed = teamMail(mail).map(requestIdOf);
    const acknowledged = mail.received.filter((message) => !teamMail(mail).includes(message)).flatMap((m) => m.to);
    const hooked = webhook.received.map((hook) => payloadOf(hook).request.id);
    expect(new Set(emailed)).toEqual(new Set(ids));
    expect(new Set(acknowledged)).toEqual(new Set(ids.map((_id, index) => requestBody(index).fields.email)));
    expect(new Set(hooked)).toEqual(new Set(ids));
    // One worker delivers one notification at a time: only that one can go twice.
    const duplicates = [emailed, acknowledged, hooked].reduce((sum, sent) => sum + sent.length - ids.length, 0);
    expect(duplicates).toBeLessThanOrEqual(1);
  });

  it("retries a webhook that answered 500 until it answers 200, with the same delivery id", async () => {
    const webhook = await webhookReceiver((attempt) => (attempt === 0 ? 500 : 200));
    const { handle, outboxEmpty } = await setUp({ webhook });
    const [id] = await postAll(handle.server.origin, 1);
    await outboxEmpty();
    expect(webhook.received.map((hook) => hook.status)).toEqual([500, 200]);
    expect(webhook.received.map((hook) => payloadOf(hook).request.id)).toEqual([id, id]);
    // A receiver drops the retry of a delivery it already has by this id.
    const [first, retry] = webhook.received.map((hook) => hook.headers["x-delivery-id"]);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(retry).toBe(first);
  });

  it("holds a honeypot hit and a too-fast send: answered, stored, told to no one until admitted", async () => {
    const hubspot = await startFakeHubSpotApi();
    cleanups.push(() => hubspot.close());
    const mail = await mailSink();
    const webhook = await webhookReceiver();
    const { handle, store, outboxEmpty, commandEnv } = await setUp({ mail, webhook, env: hubspotEnv(hubspot) });
    const send = async (index: number, extra: Record<string, unknown>) => {
      const response = await fetch(`${handle.server.origin}${INVITATION_API_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...requestBody(index), ...extra }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const honeypot = await send(1, { website: "https://spam.example" });
    const tooFast = await send(2, { fill_ms: 200 });
    const person = await send(3, { fill_ms: 9000 });
    // The person's request goes everywhere; the held ones nowhere.
    await until(
      () => store.list(),
      (rows) => rows.find((row) => row.id === person)?.relay === "sent",
      "the person's request to be relayed",
    );
    await outboxEmpty();
    expect(mail.received.map(requestIdOf)).toEqual([person]);
    expect(webhook.received.map((hook) => payloadOf(hook).request.id)).toEqual([person]);
    expect(hubspot.received.map((submission) => submission.values.email)).toEqual(["grace3@example.com"]);

    const exported = await runRequestsCommand(["export", "--format", "json"], commandEnv);
    const held = Object.fromEntries(
      (JSON.parse(exported.stdout) as { id: string; held: string | null }[]).map((row) => [row.id, row.held]),
    );
    expect(held).toEqual({ [honeypot]: "honeypot", [tooFast]: "fill-time", [person]: null });
    const status = await runRequestsCommand(["status"], commandEnv);
    expect(status.stdout).toContain("Requests held as likely automated: 2");

    for (const id of [honeypot, tooFast]) {
      const admitted = await runRequestsCommand(["admit", "--id", id], commandEnv);
      expect(admitted.code, admitted.stderr).toBe(0);
      expect(admitted.stderr).toContain(`Admitted ${id}`);
    }
    expect((await runRequestsCommand(["admit", "--id", person], commandEnv)).stderr).toContain("is not held");
    await until(
      () => store.list(),
      (rows) => rows.every((row) => row.relay === "sent" && row.held === null),
      "the admitted requests to be relayed",
    );
    await outboxEmpty();
    expect(new Set(mail.received.map(requestIdOf))).toEqual(new Set([person, honeypot, tooFast]));
    expect(webhook.received.map((hook) => payloadOf(hook).request.id).sort()).toEqual(
      [person, honeypot, tooFast].sort(),
    );
    expect(hubspot.received).toHaveLength(3);
  });

  it("keeps markup and line breaks a visitor typed as text in the HTML part and out of the subject", async () => {
    const mail = await mailSink();
    const webhook = await webhookReceiver();
    const { handle, outboxEmpty } = await setUp({ mail, webhook });
    const fields = {
      firstname: "<script>alert(1)</script>",
      lastname: "<img src=x onerror=alert(2)>",
      email: "mallory@example.com",
      jobtitle: "Head of Talent",
      company: '<a href="https://evil.example">Acme</a>',
      message: "line one\r\nBcc: victim@example.com\r\n\r\n<b>bold</b> & https://evil.example/x",
    };
    const response = await fetch(`${handle.server.origin}${INVITATION_API_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "candidate", fields }),
    });
    expect(response.status).toBe(201);
    await outboxEmpty();

    expect(teamMail(mail)).toHaveLength(1);
    const { raw } = teamMail(mail)[0]!;
    const parsed = parseMail(raw);
    expect(parsed.subject).toBe(
      "New invitation request: <script>alert(1)</script> <img src=x onerror=alert(2)> (TA leader)",
    );
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(teamMail(mail)[0]!.to.sort()).toEqual([...TEAM].sort());

    expect(parsed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(parsed.html).toContain("&lt;img src=x onerror=alert(2)&gt;");
    expect(parsed.html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;Acme&lt;/a&gt;");
    expect(parsed.html).toContain("line one\r\nBcc: victim@example.com");
    expect(parsed.html).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; https://evil.example/x");
    expect(parsed.html).not.toMatch(/<(script|img|a|b)[\s>]|href="https:\/\/evil/i);
    expect(parsed.text).toContain("First name: <script>alert(1)</script>");

    const hook = payloadOf(webhook.received[0]!);
    expect(hook.request.fields).toEqual(fields);
    expect(hook.text).not.toMatch(/<script|<img|<a |<https?:/);
    expect(hook.text).toContain("&lt;script&gt;");
  });

  it("sends the team exactly one alert by email and webhook when HubSpot refuses a request for good", async () => {
    const refusal: FakeAnswer = {
      status: 400,
      body: {
        status: "error",
        message: "This form has reCAPTCHA enabled.",
        correlationId: "0b1c2d3e-0000-4000-8000-000000000042",
        errors: [{ message: "Submissions need a CAPTCHA token", errorType: "FORM_HAS_RECAPTCHA_ENABLED" }],
      },
    };
    const hubspot = await startFakeHubSpotApi({ behaviour: () => refusal });
    cleanups.push(() => hubspot.close());
    const mail = await mailSink();
    const webhook = await webhookReceiver();
    const { handle, store, outboxEmpty } = await setUp({ mail, webhook, env: hubspotEnv(hubspot) });
    const [id] = await postAll(handle.server.origin, 1);
    await until(
      () => store.list(),
      (rows) => rows[0]?.relay === "failed",
      "the relay to fail",
    );
    await outboxEmpty();

    const alerts = mail.received.map((message) => parseMail(message.raw)).filter((m) => m.subject.includes("refused"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(`HubSpot refused invitation request ${id}: FORM_HAS_RECAPTCHA_ENABLED`);
    expect(alerts[0]!.text).toContain(`Request id: ${id}`);
    expect(alerts[0]!.text).toContain("This form has reCAPTCHA enabled.");
    expect(alerts[0]!.text).toContain("HubSpot's correlationId: 0b1c2d3e-0000-4000-8000-000000000042");
    expect(alerts[0]!.text).toContain("npm run requests -- retry");
    for (const address of TEAM) expect(mail.countFor(address)).toBe(2);

    const hookAlerts = webhook.received.map(payloadOf).filter((payload) => payload.event === "relay-refused");
    expect(hookAlerts).toHaveLength(1);
    expect(hookAlerts[0]).toMatchObject({
      request: { id },
      refusal: { errorType: "FORM_HAS_RECAPTCHA_ENABLED", retryCommand: "npm run requests -- retry" },
    });
    expect(webhook.received.every((hook) => signatureVerifies(hook, SECRET))).toBe(true);
    // The row keeps HubSpot's correlationId; the log never carries HubSpot's message.
    expect((await store.list())[0]?.relayError).toContain("correlationId 0b1c2d3e-0000-4000-8000-000000000042");
    expect(handle.server.output()).not.toContain("CAPTCHA token");
  });

  it("waits at least 60 s after HubSpot's 429 or `error code: 1015` before the next try (virtual clock)", async () => {
    const fresh = await target.fresh();
    const store = await fresh.open();
    cleanups.push(() => store.close());
    await store.save(sampleRequest(1));
    await store.save(sampleRequest(2));
    const clock = virtualClock(sampleRequest(2).receivedAt + 1000);
    const answers = [
      new Response(null, { status: 429 }),
      new Response("error code: 1015", { status: 429, headers: { "Content-Type": "text/plain" } }),
    ];
    const calls: number[] = [];
    const worker = new RelayWorker({
      store,
      apiOrigin: "https://api.hsforms.example",
      hubspot: { portalId: PORTAL_ID, formIds: FORM_IDS },
      timing: { retryMinMs: 1000, retryMaxMs: 600_000, timeoutMs: 10_000, leaseMs: 60_000 },
      maxPer10Seconds: 40,
      fetch: (async () => {
        calls.push(clock.now);
        return answers[calls.length - 1] ?? new Response("{}", { status: 200 });
      }) as typeof fetch,
      now: () => clock.now,
      random: () => 0,
      log: () => {},
      sleep: clock.sleep,
    });
    worker.start();
    cleanups.push(() => worker.stop());
    await until(
      () => store.list(),
      (rows) => rows.every((row) => row.relay === "sent"),
      "both rows to be sent",
    );
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(RATE_LIMITED_MIN_WAIT_MS);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(60_000);
  });
});
