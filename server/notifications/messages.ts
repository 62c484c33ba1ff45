/**
 * What the team is told (docs/product.md#notifications-and-privacy): the email (a one-line subject, a plain-text part,
 * an HTML part) and the webhook's JSON, for each kind of notification: a new request, a request HubSpot refused,
 * the day's requests held as likely automated, a channel that refused for good, a request near its
 * reply-by time and the day's list of those past it (docs/product.md#the-48-hour-promise); and the
 * requester's acknowledgement and the team's answer, which carry nothing the visitor typed. The words
 * are the team's to change (content/emails.yaml); the commands and the settings they name stay here.
 *
 * Nothing a visitor typed becomes markup or a link: every value is HTML-escaped in the HTML
 * part (and no value is ever put in an attribute or an `<a>`: the only links are the answer links
 * the server signed itself), plain in the text part, where a value of several lines is set apart
 * as a quote so that none of its lines can pass for the server's own, escaped as Slack asks in the
 * webhook's `text`, and the subject is one line.
 */
import type { InvitationMode } from "#shared/invitation/mode.ts";
import type { EmailWords, RequesterEmailWords, TeamEmailWords } from "#shared/content/emails.ts";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { ownFormFields } from "#shared/invitation/own-form-fields.ts";
import { isEmailAddress } from "#shared/invitation/request-validation.ts";
import { readContent } from "#shared/content/read.ts";
import { SOURCE_KEYS, type RequestSource } from "#shared/invitation/request-source.ts";
import type { ConsentRecord } from "#shared/invitation/consent.ts";
import { escapeHtml, fill } from "#shared/text.ts";
import type { NotificationSettings } from "../config";
import { ANSWERS, LINK_LIFETIME_MS, type Answer } from "../requests/answer-links";
import type {
  NotificationClaim,
  OverdueList,
  RelayRefusal,
  RequestRole,
  StoppableChannel,
  StoredInvitationRequest,
} from "../requests/store";
import type { SearchEngine } from "../search/push-outbox";

/** The team's command that lists every stored request (README, "Invitation requests"). */
export const EXPORT_COMMAND = "npm run --silent requests -- export --format csv";
/** The team's command that queues refused relays again and reopens stopped channels. */
export const RETRY_COMMAND = "npm run requests -- retry";
/** The team's command that sends a held request on as if it had just arrived. */
export const ADMIT_COMMAND = "npm run requests -- admit --id <id>";
/** The team's command that answers a request (docs/product.md#the-48-hour-promise). */
export const ANSWER_COMMAND = "npm run requests -- answer <id> invite|decline|other";
/** The answer command for one request. */
export const answerCommand = (id: string) => ANSWER_COMMAND.replace("<id>", id);
/** What runs an update by hand on the server (the timer runs it every few minutes). */
export const UPDATE_COMMAND = "npm run update";

/**
 * A failed `npm run update` (releases/update.ts), told to the team once: a message of
 * its own, not an outbox row, so it reaches the team whatever state the database is in.
 */
export interface UpdateFailure {
  kind: "update-failed";
  /** What failed: fetching the branch, installing, building, checking the build, or starting its server. */
  stage: "fetch" | "install" | "build" | "check" | "switch";
  /** The commit it tried, or null when the fetch itself failed. */
  commit: string | null;
  subject: string | null;
  /** Why, in the failing step's own words (the last lines of its output). */
  reason: string;
  /** The release that serves on. */
  live: { id: string; commit: string | null };
  /** The machine it ran on. */
  host: string;
}

const STAGE_WORDS: Record<UpdateFailure["stage"], string> = {
  fetch: "fetching the branch failed",
  install: "installing its dependencies failed",
  build: "its build failed",
  check: "its build did not pass the check before going live",
  switch: "its server did not start",
};

/** A subject longer than this is cut: mail clients show little more, and a wall of text is a bot's. */
const SUBJECT_MAX_LENGTH = 200;

/** Where an operator fixes a channel that refused for good. */
const CHANNEL_SETTINGS: Record<StoppableChannel, string> = {
  email: "SMTP_URL and NOTIFY_EMAIL_TO",
  webhook: "NOTIFY_WEBHOOK_URL (a deleted or disabled Slack or Teams incoming webhook answers this way)",
  google:
    "GOOGLE_INDEXING_KEY_FILE, that its service account is an Owner of the site in Search Console and that the Indexing API is enabled in its project (docs/deployment/search-engines.md)",
  indexnow: "INDEXNOW_KEY, and that SITE_URL answers /<key>.txt with it (docs/deployment/search-engines.md)",
};
/** The search engines by their own names, in a channel's alert. */
const ENGINE_NAMES: Record<SearchEngine, string> = { google: "Google's Indexing API", indexnow: "IndexNow" };
const isSearchEngine = (channel: StoppableChannel): channel is SearchEngine => channel in ENGINE_NAMES;

/**
 * What a reader may show as a line break (NEL, vertical tab and form feed too): each is
 * made a plain line break before a value is quoted, so none can end the quote.
 */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** For a new request, its sender: the team's Reply answers the person who asked (within the 48 hours promised). */
  replyTo?: { name: string; address: string };
  /** The recipient when it is not the team (NOTIFY_EMAIL_TO): the requester of an acknowledgement. */
  to?: string;
  /** The sender's display name beside NOTIFY_EMAIL_FROM, for a reader outside the team. */
  fromName?: string;
  /** Sent by the server on its own, not by a person (the acknowledgement): auto-responders leave it alone. */
  automatic?: true;
  /** One per notification, the same on every attempt (its delivery id), so a mail client can tell a second copy. */
  messageId?: string;
}

interface WebhookRequest {
  id: string;
  receivedAt: string;
  mode: InvitationMode;
  fields: Record<string, string>;
  /** Where the visit began (docs/product.md#where-requests-come-from), only the values known; null when none is. */
  source: RequestSource | null;
  /** The open role it is about (docs/decisions/0025-roles-close-on-their-day.md), or null. */
  role: RequestRole | null;
  /** When the team's answer is due (docs/product.md#the-48-hour-promise), ISO; null while held or before it was recorded. */
  replyBy: string | null;
}

/**
 * How the team answers a request from a message about it: the command, and with TEAM_LINK_SECRET the
 * three signed links (`answerLinks` in the webhook's JSON).
 */
interface WebhookAnswers {
  answerCommand: string;
  answerLinks: Record<Answer, string> | null;
}

/**
 * How the team's messages about a request offer its answers: its three signed links
 * (server/requests/answer-links.ts), made when the message is written, or none without
 * TEAM_LINK_SECRET, and then the command that answers it.
 */
export interface AnswerOffer {
  linksFor(requestId: string): Record<Answer, string> | null;
}

/** No links: the command only (no TEAM_LINK_SECRET). */
export const COMMAND_ONLY: AnswerOffer = { linksFor: () => null };

/** `text` is what Slack and Teams incoming webhooks show as the message; `event` says what else it carries. */
export type WebhookPayload =
  | ({ text: string; event: "invitation-request"; request: WebhookRequest } & WebhookAnswers)
  | ({ text: string; event: "reply-reminder"; request: WebhookRequest } & WebhookAnswers)
  | {
      text: string;
      event: "overdue";
      /** `requests` names at most OVERDUE_LIST_MAX of the `count`, each with when it was due (ISO). */
      overdue: { count: number; requests: { id: string; replyBy: string }[]; answerCommand: string };
    }
  | {
      text: string;
      event: "relay-refused";
      request: WebhookRequest;
      /** HubSpot's answer and the command that queues the request again. */
      refusal: RelayRefusal & { retryCommand: string };
    }
  | {
      text: string;
      event: "held-summary";
      /** `since` is an ISO time; `ids` names at most HELD_SUMMARY_MAX_IDS of the `count`. */
      held: { count: number; ids: string[]; since: string; admitCommand: string };
    }
  | {
      text: string;
      event: "channel-refused";
      channel: { name: StoppableChannel; reason: string; retryCommand: string };
    }
  | {
      text: string;
      event: "update-failed";
      /** What failed and what still serves (UpdateFailure), and the command that tries again. */
      update: Omit<UpdateFailure, "kind"> & { updateCommand: string };
    };

type Row = [label: string, value: string];

/** A part of a message's body: the email's two parts and the webhook's text are each written from these. */
type Block =
  | { type: "paragraph"; text: string }
  | { type: "rows"; rows: Row[]; secondary?: boolean }
  | { type: "list"; items: string[] }
  /** The server's own links (the answer links it signed): the one place a message has an `<a>`. */
  | { type: "links"; links: { label: string; href: string }[] };

interface Message {
  subject: string;
  /** The email's opening sentence; the webhook's text leaves it out, as its first line (the subject) says as much. */
  intro?: string;
  body: Block[];
}

type RequestClaim = Extract<NotificationClaim, { kind: "request" | "relay-refused" | "reminder" }>;
/** What the team is told of: every notification but the requester's own (the acknowledgement, the outcome). */
export type TeamClaim = Exclude<NotificationClaim, { kind: "acknowledgement" | "outcome" }>;
type AcknowledgementClaim = Extract<NotificationClaim, { kind: "acknowledgement" }>;
type OutcomeClaim = Extract<NotificationClaim, { kind: "outcome" }>;
/** How an acknowledgement is sent (ACKNOWLEDGEMENT_SENDER=site, server/config.ts). */
export type AcknowledgementSettings = NonNullable<NotificationSettings["acknowledgements"]>;

/** The emails' words (content/emails.yaml) with this deployment's facts filled in; read once. */
export function emailWords(site: SiteConfig): EmailWords {
  return withSiteFacts(readContent("emails"), site);
}

/** One line: control characters (CR, LF, tabs...) and Unicode line separators become spaces. */
export function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A header's text (the subject, the Reply-To name) as nodemailer should write it: on one line,
 * without bidi embeddings, overrides or isolates, and with no MIME encoded word (`=?utf-8?b?...?=`)
 * left whole. nodemailer writes ASCII text as it is, and mail readers decode an encoded word
 * even inside a quoted name, into characters no rule here saw (a right-to-left override, a line
 * break); an encoded word's opening `=?` split by a space is read as typed. The form refuses both in one-line fields
 * (shared/invitation/request-validation.ts): this keeps a request stored before it as harmless.
 */
export function headerText(value: string): string {
  return oneLine(value.replace(/[\u202a-\u202e\u2066-\u2069]/g, "").replace(/=\?(?=[^?\s]*\?[bq]\?)/gi, "= ?"));
}

/** Slack's mrkdwn turns `<url|label>` into a link: its three control characters are escaped as it documents. */
export function escapeSlack(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The request's fields as label and value, in the form's order, then any the form no longer has. */
export function labelledFields(request: Pick<StoredInvitationRequest, "mode" | "fields">): [string, string][] {
  const formFields = ownFormFields(request.mode, readContent("requestInvitation").ownForm.forms);
  const known = formFields
    .filter((field) => request.fields[field.name] !== undefined)
    .map((field): [string, string] => [field.label, request.fields[field.name]!]);
  const named = new Set<string>(formFields.map((field) => field.name));
  const others = Object.entries(request.fields).filter(([name]) => !named.has(name));
  return [...known, ...others];
}

/**
 * A row of the text part: `Label: value` for a one-line value; a value of several lines
 * is quoted under its label, every line (empty ones too) behind "> ", so no line of it
 * reads like one the server wrote.
 */
function textRow([label, value]: Row): string {
  const lines = value.replace(LINE_BREAKS, "\n").split("\n");
  if (lines.length === 1) return `${oneLine(label)}: ${value}`;
  return [`${oneLine(label)}:`, ...lines.map((line) => `> ${line}`)].join("\n");
}

function subjectLine(subject: string): string {
  const line = headerText(subject);
  return line.length > SUBJECT_MAX_LENGTH ? `${line.slice(0, SUBJECT_MAX_LENGTH - 1)}…` : line;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** `2026-11-25 09:00 UTC`: to the minute, for people. */
function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function fullName(request: StoredInvitationRequest): string {
  return [request.fields.firstname, request.fields.lastname].filter(Boolean).join(" ");
}

/** The facts beside the fields: id, time, relay state, notice, and HubSpot's answer when it refused. */
function requestFacts(claim: RequestClaim, words: TeamEmailWords): Row[] {
  const { request } = claim;
  const { labels } = words;
  const rows: Row[] = [
    [labels.id, request.id],
    [labels.received, new Date(request.receivedAt).toISOString()],
    [labels.type, words.modeNames[request.mode]],
    ...(request.replyBy === null ? [] : ([[words.answers.replyByLabel, utcMinute(request.replyBy)]] as Row[])),
    [labels.relay, request.relay],
  ];
  if (request.noticeVersion) rows.push([labels.notice, request.noticeVersion]);
  // Plain text like the fields (escaped in the HTML part, never made a link): a visitor's page can set any of them.
  for (const key of SOURCE_KEYS) {
    const value = request.source?.[key];
    // The campaign parameters go by their own names, which is how the team's reports name them.
    if (value !== undefined) rows.push([key === "landingPage" || key === "referrer" ? labels[key] : key, value]);
  }
  if (request.consent) rows.push([labels.consent, consentSummary(request.consent, words)]);
  if (claim.kind === "relay-refused") {
    const { refusal } = claim;
    rows.push([labels.hubspotStatus, String(refusal.status)]);
    rows.push([labels.hubspotErrorType, refusal.errorType ?? labels.noneGiven]);
    rows.push([labels.hubspotMessage, refusal.message || labels.noneGiven]);
    if (refusal.correlationId) rows.push([labels.hubspotCorrelationId, refusal.correlationId]);
  }
  return rows;
}

function consentSummary(consent: ConsentRecord, { consent: words }: TeamEmailWords): string {
  if (consent.basis === "legitimate-interest") return words.legitimateInterest;
  const updates = consent.communications[0];
  if (!updates) return words.given;
  return updates.value ? words.updatesAccepted : words.updatesDeclined;
}

/** How the team answers a request: its three links and what they do, or the command that answers it. */
function answerBlocks(request: StoredInvitationRequest, { answers }: TeamEmailWords, offer: AnswerOffer): Block[] {
  const links = offer.linksFor(request.id);
  if (!links) return [{ type: "paragraph", text: fill(answers.commandLine, { command: answerCommand(request.id) }) }];
  const label = (answer: Answer) => (answer === "invite" ? answers.links.invite[request.mode] : answers.links[answer]);
  return [
    { type: "paragraph", text: fill(answers.linksLead, { days: LINK_LIFETIME_MS / DAY_MS }) },
    { type: "links", links: ANSWERS.map((answer) => ({ label: label(answer), href: links[answer] })) },
  ];
}

function requestMessage(claim: RequestClaim, words: TeamEmailWords, offer: AnswerOffer, now: number): Message {
  const { request } = claim;
  // The role is the site's own words, not the visitor's, but what the team reads first after the fields.
  const role: Row[] = request.role ? [[words.labels.role, request.role.title]] : [];
  const facts: Block[] = [
    { type: "rows", rows: [...labelledFields(request), ...role] },
    { type: "rows", rows: requestFacts(claim, words), secondary: true },
  ];
  const named = { name: fullName(request), mode: words.modeNames[request.mode] };
  if (claim.kind === "request") {
    const { newRequest } = words;
    return {
      subject: fill(newRequest.subject, named),
      intro: newRequest.intro[request.mode] + (replyAddress(request) ? ` ${newRequest.replyLine}` : ""),
      body: [
        facts[0]!,
        ...answerBlocks(request, words, offer),
        facts[1]!,
        { type: "paragraph", text: fill(newRequest.exportLine, { command: EXPORT_COMMAND }) },
      ],
    };
  }
  if (claim.kind === "reminder") {
    const due = request.replyBy ?? now;
    const left = Math.max(0, Math.round((due - now) / HOUR_MS));
    return {
      subject: fill(words.reminder.subject, { ...named, left }),
      intro: fill(words.reminder.intro, { due: utcMinute(due), left }),
      body: [...answerBlocks(request, words, offer), ...facts],
    };
  }
  const { relayRefused } = words;
  const { errorType } = claim.refusal;
  return {
    subject: errorType
      ? fill(relayRefused.subjectWithReason, { id: request.id, errorType })
      : fill(relayRefused.subject, { id: request.id }),
    intro: fill(relayRefused.intro, { command: RETRY_COMMAND }),
    body: [...facts, { type: "paragraph", text: fill(relayRefused.retryLine, { command: RETRY_COMMAND }) }],
  };
}

function heldSummaryMessage(
  { held }: Extract<NotificationClaim, { kind: "held-summary" }>,
  { held: words }: TeamEmailWords,
): Message {
  const number = held.count === 1 ? "one" : "many";
  const values = { count: held.count, since: utcMinute(held.since) };
  const more = held.count - held.ids.length;
  const body: Block[] = [{ type: "paragraph", text: fill(words.explanation[number], values) }];
  if (held.ids.length > 0) body.push({ type: "paragraph", text: words.listHeading }, { type: "list", items: held.ids });
  if (more > 0) {
    body.push({ type: "paragraph", text: held.ids.length > 0 ? fill(words.more, { count: more }) : words.seeExport });
  }
  body.push(
    { type: "paragraph", text: fill(words.admitLine, { command: ADMIT_COMMAND }) },
    { type: "paragraph", text: fill(words.exportLine, { command: EXPORT_COMMAND }) },
  );
  return { subject: fill(words.subject[number], values), body };
}

function overdueMessage({ overdue }: { overdue: OverdueList }, { overdue: words }: TeamEmailWords): Message {
  const number = overdue.count === 1 ? "one" : "many";
  const values = { count: overdue.count };
  const more = overdue.count - overdue.requests.length;
  const body: Block[] = [
    { type: "paragraph", text: fill(words.explanation[number], values) },
    { type: "paragraph", text: words.listHeading },
    { type: "rows", rows: overdue.requests.map(({ id, replyBy }): Row => [id, utcMinute(replyBy)]) },
  ];
  if (more > 0) body.push({ type: "paragraph", text: fill(words.more, { count: more }) });
  body.push(
    { type: "paragraph", text: fill(words.answerLine, { command: ANSWER_COMMAND }) },
    { type: "paragraph", text: fill(words.exportLine, { command: EXPORT_COMMAND }) },
  );
  return { subject: fill(words.subject[number], values), body };
}

function channelRefusedMessage(
  { refusal }: Extract<NotificationClaim, { kind: "channel-refused" }>,
  { channelRefused, searchRefused, labels }: TeamEmailWords,
): Message {
  const { channel } = refusal;
  // A search engine's refusal stops the pushes of roles (server/search/), not the team's notices.
  const words = isSearchEngine(channel) ? searchRefused : channelRefused;
  const name = isSearchEngine(channel) ? ENGINE_NAMES[channel] : channel;
  return {
    subject: fill(words.subject, { channel: name }),
    body: [
      { type: "paragraph", text: fill(words.explanation, { channel: name, settings: CHANNEL_SETTINGS[channel] }) },
      {
        type: "rows",
        rows: [
          [labels.channel, name],
          [labels.reason, refusal.reason],
        ],
      },
      { type: "paragraph", text: fill(words.outboxLine, { command: RETRY_COMMAND }) },
    ],
  };
}

function updateFailedMessage(failure: UpdateFailure): Message {
  const commit = failure.commit ? failure.commit.slice(0, 12) : null;
  return {
    subject: commit
      ? `Not live: commit ${commit}, ${STAGE_WORDS[failure.stage]}`
      : `The site was not updated: ${STAGE_WORDS[failure.stage]}`,
    intro:
      `An update of the site on ${failure.host} stopped before going live: ${STAGE_WORDS[failure.stage]}. ` +
      "Nothing changed for visitors: the release that was live still serves.",
    body: [
      {
        type: "rows",
        rows: [
          ["Commit", failure.commit ?? "(not fetched)"],
          ...(failure.subject ? ([["Commit message", failure.subject]] as Row[]) : []),
          ["Step", failure.stage],
          ["Reason", failure.reason],
          [
            "Still live",
            `release ${failure.live.id}${failure.live.commit ? ` (commit ${failure.live.commit.slice(0, 12)})` : ""}`,
          ],
        ],
      },
      {
        type: "paragraph",
        text:
          failure.stage === "fetch" || failure.stage === "install"
            ? `The next update tries again by itself. On the server: ${UPDATE_COMMAND}`
            : "This commit is not tried again: push a fix (a content error names the file and the field above), " +
              `and the next update takes it. On the server: ${UPDATE_COMMAND}`,
      },
    ],
  };
}

/** The team's message for a claim, in the team's words; an update's failure is the operator's, in the server's own. */
function messageFor(
  claim: TeamClaim | UpdateFailure,
  words: TeamEmailWords | null,
  offer: AnswerOffer,
  now: number,
): Message {
  if (claim.kind === "update-failed") return updateFailedMessage(claim);
  if (!words) throw new Error("messageFor: a notification of a request needs the team's email words");
  switch (claim.kind) {
    case "request":
    case "relay-refused":
    case "reminder":
      return requestMessage(claim, words, offer, now);
    case "held-summary":
      return heldSummaryMessage(claim, words);
    case "overdue":
      return overdueMessage(claim, words);
    case "channel-refused":
      return channelRefusedMessage(claim, words);
  }
}

function textBlock(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return block.text;
    case "rows":
      return block.rows.map(textRow).join("\n");
    case "list":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "links":
      return block.links.map((link) => `${link.label}:\n${link.href}`).join("\n\n");
  }
}

function htmlBlock(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return `<p>${escapeHtml(block.text)}</p>`;
    case "rows": {
      const style = block.secondary
        ? "border-collapse:collapse;margin-top:16px;color:#475569"
        : "border-collapse:collapse";
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
          `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
      );
      return `<table role="presentation" style="${style}">\n${rows.join("\n")}\n</table>`;
    }
    case "list":
      return `<ul>\n${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("\n")}\n</ul>`;
    case "links":
      return `<ul>\n${block.links
        .map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`)
        .join("\n")}\n</ul>`;
  }
}

/** The webhook's text: one line per row (a value of several lines made one), Slack's control characters escaped. */
function slackBlock(block: Block): string[] {
  switch (block.type) {
    case "paragraph":
      return [escapeSlack(block.text)];
    case "rows":
      return block.rows.map(([label, value]) => `${escapeSlack(oneLine(label))}: ${escapeSlack(oneLine(value))}`);
    case "list":
      return block.items.map((item) => escapeSlack(oneLine(item)));
    case "links":
      // Slack's own link syntax: the server's URL (no `|` or `>` in it), the team's words escaped.
      return block.links.map((link) => `<${link.href}|${escapeSlack(oneLine(link.label))}>`);
  }
}

/**
 * Who Reply answers: the requester of a new request, when the stored address is one
 * address as the form takes it (no line break, comma or space: nothing a header could
 * be made of), under their name on one line. Other notifications are the server's own.
 */
function replyToFor(claim: TeamClaim | UpdateFailure): EmailContent["replyTo"] {
  if (claim.kind !== "request" && claim.kind !== "reminder") return undefined;
  const address = replyAddress(claim.request);
  return address ? { name: headerText(fullName(claim.request)), address } : undefined;
}

function replyAddress(request: StoredInvitationRequest): string | null {
  const address = request.fields.email?.trim() ?? "";
  return isEmailAddress(address) ? address : null;
}

/** The email's two parts and its subject line, from a message's blocks. */
function emailParts({ subject, intro, body }: Message): Pick<EmailContent, "subject" | "text" | "html"> {
  const blocks: Block[] = intro === undefined ? body : [{ type: "paragraph", text: intro }, ...body];
  const text = blocks.map(textBlock).join("\n\n") + "\n";
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#0f172a">',
    ...blocks.map(htmlBlock),
    "</body></html>",
    "",
  ].join("\n");
  return { subject: subjectLine(subject), text, html };
}

/**
 * An email to the team. A notification of a request is written in the team's words
 * (content/emails.yaml); an update's failure in the server's own, so it goes out even when the
 * words are what failed.
 */
export function composeEmail(claim: TeamClaim, words: TeamEmailWords, offer?: AnswerOffer, now?: number): EmailContent;
export function composeEmail(claim: UpdateFailure): EmailContent;
export function composeEmail(
  claim: TeamClaim | UpdateFailure,
  words: TeamEmailWords | null = null,
  offer: AnswerOffer = COMMAND_ONLY,
  now: number = Date.now(),
): EmailContent {
  const replyTo = replyToFor(claim);
  return { ...emailParts(messageFor(claim, words, offer, now)), ...(replyTo ? { replyTo } : {}) };
}

/**
 * The requester's acknowledgement: only the team's words, the site's facts (already filled in
 * `words`) and the role's title from the site's own content. Nothing the visitor typed, not even
 * their name, so the form cannot send a stranger words of someone else's choosing; the address
 * it goes to is the one thing of theirs it uses. Null when the stored address is not exactly
 * one address as the form takes it (nothing to send to).
 */
export function composeAcknowledgement(
  { request }: AcknowledgementClaim,
  words: RequesterEmailWords,
  settings: AcknowledgementSettings,
): EmailContent | null {
  const address = replyAddress(request);
  if (!address) return null;
  const paragraph = (text: string): Block => ({ type: "paragraph", text });
  const body = [
    paragraph(words.received[request.mode]),
    ...(request.role ? [paragraph(fill(words.role, { role: request.role.title }))] : []),
    paragraph(words.nextSteps),
    paragraph(words.yourData),
    paragraph(words.notYou),
    paragraph(words.signOff),
  ];
  return {
    ...emailParts({ subject: words.subject[request.mode], intro: words.greeting, body }),
    to: address,
    fromName: oneLine(settings.fromName),
    // The team's public address (CONTACT_EMAIL), which the email also gives for privacy requests.
    replyTo: { name: oneLine(settings.fromName), address: settings.replyTo },
    automatic: true,
  };
}

/**
 * The requester's email of the team's answer (docs/product.md#the-48-hour-promise), with the
 * acknowledgement's rules: only the team's words, the site's facts and the role's title, nothing
 * the visitor typed; null when the stored address is not one address (nothing to send to).
 */
export function composeOutcome(
  { request, answer }: OutcomeClaim,
  words: RequesterEmailWords,
  settings: AcknowledgementSettings,
): EmailContent | null {
  const address = replyAddress(request);
  if (!address) return null;
  const { mode } = request;
  const paragraph = (text: string): Block => ({ type: "paragraph", text });
  const role = request.role ? [paragraph(fill(words.role, { role: request.role.title }))] : [];
  const [subject, opening, next] =
    answer === "invite"
      ? [words.invited.subject[mode], words.invited.body[mode], words.invited.nextSteps[mode]]
      : [words.declined.subject[mode], words.declined.body[mode], words.declined.askAgain];
  const body = [paragraph(opening), ...role, paragraph(next), paragraph(words.yourData), paragraph(words.signOff)];
  return {
    ...emailParts({ subject, intro: words.greeting, body }),
    to: address,
    fromName: oneLine(settings.fromName),
    replyTo: { name: oneLine(settings.fromName), address: settings.replyTo },
    automatic: true,
  };
}

function webhookRequest(request: StoredInvitationRequest): WebhookRequest {
  return {
    id: request.id,
    receivedAt: new Date(request.receivedAt).toISOString(),
    mode: request.mode,
    fields: request.fields,
    source: request.source,
    role: request.role,
    replyBy: request.replyBy === null ? null : new Date(request.replyBy).toISOString(),
  };
}

export function composeWebhook(
  claim: TeamClaim,
  words: TeamEmailWords,
  offer?: AnswerOffer,
  now?: number,
): WebhookPayload;
export function composeWebhook(claim: UpdateFailure): WebhookPayload;
export function composeWebhook(
  claim: TeamClaim | UpdateFailure,
  words: TeamEmailWords | null = null,
  offer: AnswerOffer = COMMAND_ONLY,
  now: number = Date.now(),
): WebhookPayload {
  const { subject, body } = messageFor(claim, words, offer, now);
  const text = [escapeSlack(subjectLine(subject)), ...body.flatMap(slackBlock)].join("\n");
  const answers = (request: StoredInvitationRequest): WebhookAnswers => ({
    answerCommand: answerCommand(request.id),
    answerLinks: offer.linksFor(request.id),
  });
  switch (claim.kind) {
    case "request":
      return { text, event: "invitation-request", request: webhookRequest(claim.request), ...answers(claim.request) };
    case "reminder":
      return { text, event: "reply-reminder", request: webhookRequest(claim.request), ...answers(claim.request) };
    case "overdue": {
      const { count, requests } = claim.overdue;
      const listed = requests.map(({ id, replyBy }) => ({ id, replyBy: new Date(replyBy).toISOString() }));
      return { text, event: "overdue", overdue: { count, requests: listed, answerCommand: ANSWER_COMMAND } };
    }
    case "relay-refused":
      return {
        text,
        event: "relay-refused",
        request: webhookRequest(claim.request),
        refusal: { ...claim.refusal, retryCommand: RETRY_COMMAND },
      };
    case "held-summary": {
      const { count, ids, since } = claim.held;
      return {
        text,
        event: "held-summary",
        held: { count, ids, since: new Date(since).toISOString(), admitCommand: ADMIT_COMMAND },
      };
    }
    case "update-failed": {
      const { stage, commit, subject: commitSubject, reason, live, host } = claim;
      return {
        text,
        event: "update-failed",
        update: { stage, commit, subject: commitSubject, reason, live, host, updateCommand: UPDATE_COMMAND },
      };
    }
    case "channel-refused":
      return {
        text,
        event: "channel-refused",
        channel: { name: claim.refusal.channel, reason: claim.refusal.reason, retryCommand: RETRY_COMMAND },
      };
  }
}
