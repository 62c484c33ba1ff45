/**
 * The 48-hour promise kept (docs/product.md#the-48-hour-promise), with the real server in this
 * process on each store, on a clock the test moves (startApi's and the site server's `now`), an
 * SMTP server and a webhook receiver in this process: a request's team email with its three
 * answer links; a link's GET changes nothing and its POST records the answer once and sends the
 * requester one email; a second POST, a changed, expired or cross-site one and a link of an
 * erased request change nothing and say why; a reminder 36 hours in for an unanswered request
 * and none for an answered one; and `status`'s figures for requests answered at known times.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { parseSiteConfig } from "#shared/site-config.ts";
import { freePort } from "../../scripts/lib/free-port";
import { parseConfig } from "../../server/config";
import { startApi } from "../../server/main";
import { startSiteServer } from "../../server/http/site-server";
import { ANSWER_PAGE_HEADERS } from "../../server/api/answer-links";
import { parseMail, startMailSink, type ParsedMail } from "../support/mail-sink";
import { CANDIDATE_FIELDS } from "../support/request-fixture";
import { BASE_ENV, FAST_DELIVERY, SITE_URL, sendOnce, until } from "../support/requests-client";
import { rawRequest } from "../support/raw-client";
import { runCommandInProcess } from "../support/run-command";
import { fixtureSite, removeFixtureSite } from "../support/site-process";
import { STORE_TARGETS } from "../support/store-targets";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { emails } from "../support/words";

const TEAM = "team@network.example";
const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 23, 9, 0);
const site = parseSiteConfig(BASE_ENV);
const team = withSiteFacts(emails.team, site);
const requester = withSiteFacts(emails.requester, site);
const pages = team.answerPages;

describe.each(STORE_TARGETS)("the 48-hour promise on $name", (target) => {
  async function setUp() {
    let clock = T0;
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    const mail = await startMailSink();
    cleanups.push(() => mail.stop());
    const webhook = await startWebhookReceiver();
    cleanups.push(() => webhook.stop());
    const fresh = await target.fresh();
    const env = {
      ...BASE_ENV,
      ...fresh.env,
      ...FAST_DELIVERY,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: TEAM,
      NOTIFY_EMAIL_FROM: "site@network.example",
      NOTIFY_WEBHOOK_URL: webhook.url,
      TEAM_LINK_SECRET: randomBytes(32).toString("base64"),
    };
    const config = parseConfig(env);
    const dir = fixtureSite();
    cleanups.push(() => removeFixtureSite(dir));
    const now = () => clock;
    const running = await startApi(config, { servedRoot: dir, roles: { roles: [] }, now, reminderCheckMs: 50 });
    const { app, url } = await startSiteServer({
      root: dir,
      port: await freePort(),
      host: "127.0.0.1",
      api: running.api,
      lifecycle: { drain: running.drain, stop: running.stop },
      clock: now,
    });
    const origin = url.replace(/\/$/, "");
    const store = await fresh.open();
    cleanups.push(() => store.close());

    /** A request as the site's own form sends it; its id. */
    const send = async (email: string, firstname = "Ada") => {
      const body = JSON.stringify({
        mode: "candidate",
        fields: { ...CANDIDATE_FIELDS, firstname, email },
        fill_ms: 9000,
      });
      const response = await sendOnce(`${origin}${INVITATION_API_PATH}`, { body });
      expect(response.status).toBe(201);
      return (JSON.parse(response.body) as { id: string }).id;
    };
    const mailTo = (address: string): ParsedMail[] =>
      mail.received.filter((message) => message.to.includes(address)).map((message) => parseMail(message.raw));
    const outboxEmpty = () =>
      until(
        () => store.listNotifications(),
        (rows) => rows.length === 0,
        "the outbox to empty",
      );
    /** The team's email about a request, once it came: its three links, in the email's order. */
    const teamEmailOf = async (id: string) => {
      const [email] = await until(
        async () => mailTo(TEAM).filter((message) => message.text.includes(id) && message.subject.startsWith("New")),
        (found) => found.length === 1,
        `the team's email of ${id}`,
      );
      const links = [...email!.html.matchAll(/<a href="([^"]+)">/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));
      return { email: email!, links };
    };
    /** A link as the server answers it, on this test's origin (the links name SITE_URL's). */
    const local = (link: string) => link.replace(SITE_URL, origin);
    const open = (link: string, method = "GET") => sendOnce(local(link), { method });
    /** The whole answer, headers included, on a connection of its own (as a mail client's browser opens it). */
    const rawOpen = (link: string) => {
      const url = new URL(local(link));
      return rawRequest(Number(url.port), { target: `${url.pathname}${url.search}`, headers: { Connection: "close" } });
    };
    /** The confirmation as the link's page posts it, from the site's own page (or another's). */
    const confirm = (link: string, from = SITE_URL) =>
      sendOnce(`${origin}/api/answer`, {
        method: "POST",
        body: `token=${encodeURIComponent(new URL(link).searchParams.get("token")!)}`,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: from },
      });
    const stored = async (id: string) => (await store.findRequest(id))!;
    const commandEnv = env;
    return {
      send,
      mailTo,
      outboxEmpty,
      teamEmailOf,
      open,
      rawOpen,
      confirm,
      stored,
      store,
      webhook,
      commandEnv,
      setClock: (ms: number) => (clock = ms),
      async stop() {
        await app.close();
        for (const cleanup of cleanups.reverse()) await cleanup();
      },
    };
  }

  const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

  it("sends the team three links; opening one changes nothing, confirming it records the answer and emails the requester once", async () => {
    const rig = await setUp();
    try {
      const id = await rig.send("ada@example.com");
      const { email, links } = await rig.teamEmailOf(id);
      expect(links).toHaveLength(3);
      for (const label of [team.answers.links.invite.candidate, team.answers.links.decline]) {
        expect(email.text).toContain(label);
      }
      expect(email.text).toContain(`${team.answers.replyByLabel}: 2026-11-25 09:00 UTC`);
      const [invite] = links;
      await rig.outboxEmpty();

      // Opened by a person, a mail scanner, a link preview: a question, with nothing recorded.
      const page = await rig.rawOpen(invite!);
      const html = page.body;
      expect(page.status).toBe(200);
      expect(heading(html)).toBe(`Invite Ada (TA leader) to the network?`);
      expect(html).toContain(`<button type="submit">${pages.buttons.invite.candidate}</button>`);
      expect(html).not.toContain(CANDIDATE_FIELDS.lastname);
      expect(html).not.toContain("ada@example.com");
      for (const [name, value] of Object.entries(ANSWER_PAGE_HEADERS)) {
        expect(page.headers[name.toLowerCase()]).toBe(value);
      }
      expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'[^;]*;/);
      expect(page.headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(html).not.toContain("<script");
      for (const method of ["GET", "HEAD", "GET"]) await rig.open(invite!, method);
      expect(await rig.stored(id)).toMatchObject({ answer: null, answeredAt: null });

      rig.setClock(T0 + 2 * HOUR);
      const done = await rig.confirm(invite!);
      expect(done.status).toBe(200);
      expect(heading(done.body)).toBe("Recorded: Ada, invited");
      expect(await rig.stored(id)).toMatchObject({ answer: "invite", answeredAt: T0 + 2 * HOUR });
      await rig.outboxEmpty();
      const toAda = rig.mailTo("ada@example.com");
      expect(toAda.map((message) => message.subject)).toEqual([
        requester.subject.candidate,
        requester.invited.subject.candidate,
      ]);
      expect(toAda[1]!.text).toContain(requester.invited.nextSteps.candidate);
    } finally {
      await rig.stop();
    }
  });

  it("changes nothing and says why for a second confirmation, a changed, expired or cross-site link, and an erased request", async () => {
    const rig = await setUp();
    try {
      const [answered, changed, expired, erased] = await Promise.all(
        ["a@example.com", "b@example.com", "c@example.com", "d@example.com"].map((email) => rig.send(email)),
      );
      const linksOf = async (id: string) => (await rig.teamEmailOf(id)).links;
      const [invite, decline] = await linksOf(answered!);
      expect((await rig.confirm(invite!)).status).toBe(200);
      for (const link of [invite!, decline!]) {
        const again = await rig.confirm(link);
        expect(again.status).toBe(409);
        expect(heading(again.body)).toBe(pages.answered.heading.replace("{answer}", "invited"));
        expect(again.body).toContain("that answer stands. Nothing was changed.");
      }
      expect(await rig.stored(answered!)).toMatchObject({ answer: "invite" });

      // One character of the signature changed, as a person editing the address bar would.
      const [changedInvite] = await linksOf(changed!);
      const altered = changedInvite!.slice(0, -1) + (changedInvite!.endsWith("A") ? "B" : "A");
      for (const response of [await rig.open(altered), await rig.confirm(altered)]) {
        expect(response.status).toBe(400);
        expect(heading(response.body)).toBe(pages.altered.heading);
      }
      // From another site's page: the token may have leaked, the answer is not taken.
      const crossSite = await rig.confirm(changedInvite!, "https://evil.example");
      expect(crossSite.status).toBe(403);
      expect(heading(crossSite.body)).toBe(pages.crossSite.heading);
      expect(await rig.stored(changed!)).toMatchObject({ answer: null });

      const [, , expiredOther] = await linksOf(expired!);
      const [, erasedDecline] = await linksOf(erased!);
      await rig.outboxEmpty();
      expect((await rig.store.eraseByEmail("d@example.com", T0)).requests).toBe(1);
      for (const response of [await rig.open(erasedDecline!), await rig.confirm(erasedDecline!)]) {
        expect(response.status).toBe(410);
        expect(heading(response.body)).toBe(pages.erased.heading);
      }
      rig.setClock(T0 + 14 * 24 * HOUR + 1000);
      for (const response of [await rig.open(expiredOther!), await rig.confirm(expiredOther!)]) {
        expect(response.status).toBe(410);
        expect(heading(response.body)).toBe(pages.expired.heading);
        expect(response.body).toContain(`npm run requests -- answer ${expired} invite|decline|other`);
      }
      expect(await rig.stored(expired!)).toMatchObject({ answer: null });
      // Only the first answer told its requester anything, once.
      await rig.outboxEmpty();
      expect(rig.mailTo("a@example.com")).toHaveLength(2);
      for (const email of ["b@example.com", "c@example.com", "d@example.com"])
        expect(rig.mailTo(email)).toHaveLength(1);
    } finally {
      await rig.stop();
    }
  });

  it("reminds the team 36 hours in of a request still unanswered, by email and webhook with its links, and never of one answered", async () => {
    const rig = await setUp();
    try {
      const waiting = await rig.send("waiting@example.com", "Grace");
      const answered = await rig.send("answered@example.com");
      const [, , other] = (await rig.teamEmailOf(answered)).links;
      expect((await rig.confirm(other!)).status).toBe(200);
      await rig.outboxEmpty();
      const reminders = () => rig.mailTo(TEAM).filter((message) => message.subject.startsWith("Due in"));

      rig.setClock(T0 + 36 * HOUR - 60_000);
      await new Promise((resolveWait) => setTimeout(resolveWait, 300));
      expect(reminders()).toEqual([]);
      rig.setClock(T0 + 36 * HOUR);
      const [reminder] = await until(
        async () => reminders(),
        (found) => found.length === 1,
        "the reminder",
      );
      expect(reminder!.subject).toBe("Due in 12 hours: invitation request from Grace Lovelace (TA leader)");
      expect(reminder!.text).toContain(waiting);
      expect(reminder!.html.match(/<a href="[^"]+\/api\/answer\?token=/g)).toHaveLength(3);
      const events = await until(
        async () => rig.webhook.accepted().map((delivery) => JSON.parse(delivery.body) as Record<string, unknown>),
        (found) => found.some((event) => event.event === "reply-reminder"),
        "the reminder's webhook",
      );
      expect(events.filter((event) => event.event === "reply-reminder")).toEqual([
        expect.objectContaining({
          request: expect.objectContaining({ id: waiting, replyBy: "2026-11-25T09:00:00.000Z" }) as unknown,
          answerLinks: expect.objectContaining({ invite: expect.stringContaining("/api/answer?token=") }) as unknown,
        }),
      ]);
      // Later looks, on every server, queue no second one.
      rig.setClock(T0 + 40 * HOUR);
      await new Promise((resolveWait) => setTimeout(resolveWait, 300));
      await rig.outboxEmpty();
      expect(reminders()).toHaveLength(1);
      expect((await rig.stored(answered)).remindedAt).toBeNull();
    } finally {
      await rig.stop();
    }
  });

  it("measures the promise in `status`: answered in time, late, overdue, and the median time to an answer", async () => {
    const rig = await setUp();
    try {
      const ids: string[] = [];
      for (const email of ["one@example.com", "two@example.com", "three@example.com", "four@example.com"]) {
        ids.push(await rig.send(email));
      }
      const answerAt = async (index: number, hours: number, link: 0 | 1 | 2) => {
        rig.setClock(T0 + hours * HOUR);
        expect((await rig.confirm((await rig.teamEmailOf(ids[index]!)).links[link]!)).status).toBe(200);
      };
      await answerAt(0, 2, 0);
      await answerAt(1, 30, 1);
      await answerAt(2, 60, 2);
      const status = await runCommandInProcess(["status"], {
        store: rig.store,
        env: rig.commandEnv,
        now: () => T0 + 72 * HOUR,
      });
      expect(status.stdout).toContain(
        [
          "The 48-hour promise over the last 30 days: 4 requests, 2 answers within 48 hours (50% of the 4 answered " +
            "or due), 1 later, 1 past due and unanswered; median time to an answer 30 h",
          "  answered invite: 1, decline: 1, other: 1",
          "Overdue now: 1 (answer one with: npm run requests -- answer <id> invite|decline|other)",
          `  ${ids[3]}: due 2026-11-25 09:00 UTC (24 h ago)`,
        ].join("\n"),
      );
    } finally {
      await rig.stop();
    }
  });
});
