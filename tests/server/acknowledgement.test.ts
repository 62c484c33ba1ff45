/**
 * Every requester hears back at once (docs/product.md#notifications-and-privacy), with the real
 * server in a child process on each store and an SMTP server in this process: the
 * acknowledgement's words and headers, nothing the visitor typed in it, at most one per address
 * a day, none for a held request until it is released, none once the address is erased, an
 * address the mail server says does not exist given up without holding up anyone else's email,
 * and one it refuses for another reason (its relay policy) kept to try again.
 */
import { describe, expect, it } from "vitest";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { ROLE_PARAM } from "#shared/roles.ts";
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

  async function setUp({ mail, smtpPort }: { mail?: MailSink; smtpPort?: number }) {
    const env = {
      ...FAST_DELIVERY,
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

  it("sends one per address a day: none for a second request the same day, one for another address", async () => {
    const mail = await mailSink();
    const { send, outboxEmpty } = await setUp({ mail });
    await send({ ...CANDIDATE_FIELDS, email: "grace@example.com" });
    await send({ ...CANDIDATE_FIELDS, email: "Grace@Example.com " });
    await send({ ...CANDIDATE_FIELDS, email: "ada@example.com" });
    await outboxEmpty();
    expect(mail.countFor("grace@example.com") + mail.countFor("Grace@Example.com")).toBe(1);
    expect(mail.countFor("ada@example.com")).toBe(1);
    expect(mail.countFor(TEAM)).toBe(3);
  });

  it("sends none for a held request until it is released, and none once the address is erased", async () => {
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
    const released = await runRequestsCommand(["release", "--id", held], commandEnv);
    expect(released.code, released.stderr).toBe(0);
    await until(
      async () => mail.countFor("held@example.com"),
      (count) => count === 1,
      "the released request's acknowledgement",
    );
    await outboxEmpty();
    expect(mail.countFor("erased@example.com")).toBe(0);
    expect(mail.countFor(TEAM)).toBe(1);
  });

  it("gives up an acknowledgement the mail server refuses for good, and keeps sending the others and the team's", async () => {
    const mail = await mailSink({ refuses: (address) => address === "nobody@example.com" });
    const { send, outboxEmpty } = await setUp({ mail });
    await send({ ...CANDIDATE_FIELDS, email: "nobody@example.com" });
    await send({ ...CANDIDATE_FIELDS, email: "somebody@example.com" });
    await outboxEmpty();
    expect(mail.countFor("somebody@example.com")).toBe(1);
    expect(mail.countFor("nobody@example.com")).toBe(0);
    expect(mail.countFor(TEAM)).toBe(2);
  });

  it("keeps an acknowledgement the mail server refuses for another reason (relay denied) queued, and sends the team's", async () => {
    const mail = await mailSink({
      refuses: (address) => address === "elsewhere@example.com" && "554 5.7.1 Relay access denied",
    });
    const { send, store } = await setUp({ mail });
    const id = await send({ ...CANDIDATE_FIELDS, email: "elsewhere@example.com" });
    const refused = await until(
      async () => (await store.listNotifications()).find((row) => row.requestId === id && row.channel === "requester"),
      (row) => (row?.attempts ?? 0) >= 1,
      "the acknowledgement to be tried once",
    );
    expect(refused!.lastError).toContain("5.7.1");
    await until(
      async () => mail.countFor(TEAM),
      (count) => count === 1,
      "the team's email",
    );
    expect(mail.countFor("elsewhere@example.com")).toBe(0);
    expect((await store.listNotifications()).map((row) => [row.requestId, row.channel])).toEqual([[id, "requester"]]);
  });
});
