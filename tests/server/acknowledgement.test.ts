/**
 * Every requester hears back at once (docs/product.md#notifications-and-privacy), with the real
 * server in a child process on each store and an SMTP server in this process: the
 * acknowledgement's words and headers, nothing the visitor typed in it, at most one per mailbox
 * a day, none for a held request until it is admitted, none once the address is erased, and a
 * requester's address as that row's problem alone: refused for good (with or without 5.1.x),
 * dropped after one try and counted; deferred or refused by the mail server's policy, tried
 * again by itself; neither holding up the next requester's or the team's email.
 */
import { describe, expect, it } from "vitest";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { ROLE_PARAM } from "#shared/roles/page.ts";
import { parseSiteConfig } from "#shared/site-config.ts";
import { freePort } from "../../scripts/lib/free-port";
import { parseMail, startMailSink, type MailSink } from "../support/mail-sink";
import { CANDIDATE_FIELDS } from "../support/request-fixture";
import { BASE_ENV, FAST_DELIVERY, until } from "../support/requests-client";
import { fixtureRoleTimetable } from "../support/role-timetable";
import { runRequestsCommand } from "../support/site-process";
import { siteUnderTest } from "../support/site-under-test";
import { STORE_TARGETS } from "../support/store-targets";
import { emails } from "../support/words";

const TEAM = "team@network.example";
/** The requester's email in this deployment's words: the site's facts filled in as the server does. */
const words = withSiteFacts(emails.requester, parseSiteConfig(BASE_ENV));

describe.each(STORE_TARGETS)("the requester's acknowledgement on $name", (target) => {
  const site = siteUnderTest(target);
  const { timetable, fixtures } = fixtureRoleTimetable();
  const role = fixtures.find((fixture) => fixture.open)!;

  async function setUp({
    mail,
    smtpPort,
    delivery = FAST_DELIVERY,
  }: {
    mail?: MailSink;
    smtpPort?: number;
    delivery?: Record<string, string>;
  }) {
    const env = {
      ...delivery,
      SMTP_URL: `smtp://127.0.0.1:${mail?.port ?? smtpPort}`,
      NOTIFY_EMAIL_TO: TEAM,
      NOTIFY_EMAIL_FROM: "site@network.example",
    };
    const { handle, store, fresh } = await site.start(env, { roles: timetable });
    const send = async (fields: Record<string, string>, extra: Record<string, unknown> = {}) => {
      const response = await fetch(`${handle.server.origin}${INVITATION_API_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ mode: "candidate", fields, fill_ms: 9000, ...extra }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const outboxEmpty = () =>
      until(
        () => store.listNotifications(),
        (rows) => rows.length === 0,
        "the outbox to empty",
      );
    return { send, store, outboxEmpty, commandEnv: { ...BASE_ENV, ...fresh.env, ...env } };
  }

  async function mailSink(options: Parameters<typeof startMailSink>[0] = {}) {
    const sink = await startMailSink(options);
    site.cleanups.push(() => sink.stop());
    return sink;
  }

  const to = (mail: MailSink, address: string) =>
    mail.received.filter((message) => message.to.includes(address)).map((message) => parseMail(message.raw));

  it("tells the requester at once, in the team's words, Reply-To the team, with nothing they typed", async () => {
    const mail = await mailSink();
    const { send, outboxEmpty } = await setUp({ mail });
    // A marker in every field a visitor fills, in the source and the page it came from.
    const typed = "Qx7typed";
    const fields = {
      firstname: `${typed} <b>Ada</b>`,
      lastname: `${typed} https://spam.example/buy`,
      email: "ada@example.com",
      jobtitle: `${typed} title`,
      company: `${typed} company`,
      message: `${typed} Click https://spam.example/buy now\r\nBcc: victim@example.com`,
    };
    await send(fields, { [ROLE_PARAM]: role.slug, source: { utm_source: typed, landingPage: `/?${typed}` } });
    await outboxEmpty();

    const [email, ...more] = to(mail, "ada@example.com");
    expect(more).toEqual([]);
    expect(email!.subject).toBe(words.subject.candidate);
    expect(email!.text.replace(/\r\n/g, "\n").trim().split("\n\n")).toEqual([
      words.greeting,
      words.received.candidate,
      words.role.replace("{role}", role.title),
      words.nextSteps,
      words.yourData,
      words.notYou,
      words.signOff,
    ]);
    expect(words.nextSteps).toContain("48 hours");
    expect(words.yourData).toContain(BASE_ENV.CONTACT_EMAIL);
    // Reply reaches the team at its public address; the sender is the site, by name.
    expect(email!.headers.get("reply-to")).toContain(`<${BASE_ENV.CONTACT_EMAIL}>`);
    expect(email!.headers.get("from")).toContain("<site@network.example>");
    expect(email!.headers.get("auto-submitted")).toBe("auto-generated");
    // The whole message as it left, headers and both parts: nothing of what the visitor typed but the address.
    const raw = mail.received.find((message) => message.to.includes("ada@example.com"))!.raw;
    expect(raw).not.toContain(typed);
    expect(raw).not.toContain("spam.example");
    expect(raw.toLowerCase()).not.toContain("victim@");
    // The team's email has it all, as before.
    expect(to(mail, TEAM)[0]?.text).toContain(typed);
  });

  it("sends one per mailbox a day: none for a second spelling of it the same day, one for another mailbox", async () => {
    const mail = await mailSink();
    const { send, outboxEmpty } = await setUp({ mail });
    const graces = ["grace@example.com", "Grace+Network@Example.com ", "g.race@example.com"];
    for (const email of graces) await send({ ...CANDIDATE_FIELDS, email });
    const adas = ["ada.l@gmail.com", "adal+1@gmail.com", "Ada.L@googlemail.com"];
    for (const email of adas) await send({ ...CANDIDATE_FIELDS, email });
    await outboxEmpty();
    // Dots are a different mailbox at most providers: only Gmail's are folded.
    expect(graces.map((email) => mail.countFor(email.trim()))).toEqual([1, 0, 1]);
    expect(adas.map((email) => mail.countFor(email))).toEqual([1, 0, 0]);
    expect(mail.countFor(TEAM)).toBe(6);
  });

  it("sends none for a held request until it is admitted, and none once the address is erased", async () => {
    // The mail server is down at first: what is queued waits.
    const smtpPort = await freePort();
    const { send, store, outboxEmpty, commandEnv } = await setUp({ smtpPort });
    const held = await send({ ...CANDIDATE_FIELDS, email: "held@example.com" }, { website: "https://spam.example" });
    await send({ ...CANDIDATE_FIELDS, email: "erased@example.com" });
    const queued = () => store.listNotifications().then((rows) => rows.map((row) => [row.requestId, row.channel]));
    await until(queued, (rows) => rows.length === 2, "the erased address's two notifications");
    expect((await queued()).map(([, channel]) => channel).sort()).toEqual(["email", "requester"]);

    const erased = await runRequestsCommand(["erase", "--email", "erased@example.com"], commandEnv);
    expect(erased.stdout).toContain("with 2 queued notifications");
    expect(await queued()).toEqual([]);

    const mail = await mailSink({ port: smtpPort });
    const admitted = await runRequestsCommand(["admit", "--id", held], commandEnv);
    expect(admitted.code, admitted.stderr).toBe(0);
    await until(
      async () => mail.countFor("held@example.com"),
      (count) => count === 1,
      "the admitted request's acknowledgement",
    );
    await outboxEmpty();
    expect(mail.countFor("erased@example.com")).toBe(0);
    expect(mail.countFor(TEAM)).toBe(1);
  });

  it("drops the acknowledgements the mail server refuses for good, without holding up the next requester's", async () => {
    // Addresses the form takes but no mail server delivers to, refused with no enhanced status
    // of 5.1.x: the sink's own parser answers `a..b` with "501 Error: Bad recipient address
    // syntax"; `x@intranet.example` gets the answer Postfix gives an address it will not take
    // as written (as it does one without a domain's dot, which the form refuses itself).
    const refused = ["a..b@example.com", "x@intranet.example"];
    const mail = await mailSink({
      refuses: (address) =>
        address === "x@intranet.example" && "504 5.5.2 Recipient address rejected: need fully-qualified address",
    });
    // A deployment's pace: a paused channel would wait 20 to 40 s before its next try.
    const delivery = { ...FAST_DELIVERY, DELIVERY_RETRY_MIN_SECONDS: "40", DELIVERY_RETRY_MAX_SECONDS: "600" };
    const { send, store, commandEnv } = await setUp({ mail, delivery });
    for (const email of refused) await send({ ...CANDIDATE_FIELDS, email });
    await send({ ...CANDIDATE_FIELDS, email: "ada@example.com" });
    // Seconds, where a paused channel would take 20 s at least.
    await until(
      async () => [mail.countFor("ada@example.com"), mail.countFor(TEAM)],
      ([requester, team]) => requester === 1 && team === 3,
      "the third requester's acknowledgement and the team's three emails",
      10_000,
    );
    const acknowledgements = async () =>
      (await store.listNotifications()).filter((row) => row.kind === "acknowledgement");
    await until(acknowledgements, (rows) => rows.length === 0, "the refused acknowledgements to be dropped", 10_000);
    // Each refused address was offered once, then dropped: nothing left to retry, counted for the operator.
    expect(mail.triesFor("x@intranet.example")).toBe(1);
    expect(refused.map((address) => mail.countFor(address))).toEqual([0, 0]);
    const status = await runRequestsCommand(["status"], commandEnv);
    expect(status.stdout).toContain(
      "Acknowledgements dropped in the last week: 2 (2 to an address the mail server refused)",
    );
  });

  it("tries again by itself an acknowledgement the mail server defers or refuses by its policy, and sends the others", async () => {
    const refusals: Record<string, string> = {
      "elsewhere@example.com": "554 5.7.1 Relay access denied",
      "busy@example.com": "450 4.2.1 Mailbox busy, try again later",
    };
    const mail = await mailSink({ refuses: (address) => refusals[address] ?? false });
    const delivery = { ...FAST_DELIVERY, DELIVERY_RETRY_MIN_SECONDS: "40", DELIVERY_RETRY_MAX_SECONDS: "600" };
    const { send, store } = await setUp({ mail, delivery });
    const ids = [];
    for (const email of Object.keys(refusals)) ids.push(await send({ ...CANDIDATE_FIELDS, email }));
    await send({ ...CANDIDATE_FIELDS, email: "ada@example.com" });
    await until(
      async () => mail.countFor("ada@example.com") + mail.countFor(TEAM),
      (count) => count === 4,
      "the third requester's acknowledgement and the team's three emails",
      10_000,
    );
    const waiting = await until(
      async () => (await store.listNotifications()).filter((row) => row.channel === "requester"),
      (rows) => rows.every((row) => row.attempts === 1),
      "both acknowledgements to be tried once",
    );
    expect(waiting.map((row) => row.requestId)).toEqual(ids);
    expect(waiting.map((row) => row.lastError)).toEqual([
      "the mail server deferred the recipient (SMTP 554 5.7.1)",
      "the mail server deferred the recipient (SMTP 450 4.2.1)",
    ]);
    expect(Object.keys(refusals).map((address) => mail.countFor(address))).toEqual([0, 0]);
  });
});
