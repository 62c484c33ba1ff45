/**
 * What the team is told (docs/product.md#notifications-and-privacy): the email (a one-line subject, a plain-text part,
 * an HTML part) and the webhook's JSON for a new request or a request HubSpot refused.
 *
 * Nothing a visitor typed becomes markup or a link: every value is HTML-escaped in the
 * HTML part (and no value is ever put in an attribute or an `<a>`), plain in the text
 * part, escaped as Slack asks in the webhook's `text`, and the subject is one line.
 */
import { requestInvitationContent } from "~/content/request-invitation";
import type { InvitationMode } from "~/invitation/mode";
import type { NotificationClaim, RelayRefusal, StoredInvitationRequest } from "../requests/store";

/** The team's command that lists every stored request (README, "Invitation requests"). */
export const EXPORT_COMMAND = "npm run --silent requests -- export --format csv";
/** The team's command that queues refused relays again. */
export const RETRY_COMMAND = "npm run requests -- retry";
/** A subject longer than this is cut: mail clients show little more, and a wall of text is a bot's. */
const SUBJECT_MAX_LENGTH = 200;

const MODE_LABELS: Record<InvitationMode, string> = { candidate: "TA leader", employer: "employer" };

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface WebhookPayload {
  /** What Slack and Teams incoming webhooks show as the message. */
  text: string;
  event: "invitation-request" | "relay-refused";
  request: { id: string; receivedAt: string; mode: InvitationMode; fields: Record<string, string> };
  /** For `relay-refused`: HubSpot's answer and the command that queues the request again. */
  refusal?: RelayRefusal & { retryCommand: string };
}

/** One line: control characters (CR, LF, tabs...) and Unicode line separators become spaces. */
export function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Slack's mrkdwn turns `<url|label>` into a link: its three control characters are escaped as it documents. */
export function escapeSlack(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The request's fields as label and value, in the form's order, then any the form no longer has. */
export function labelledFields(request: Pick<StoredInvitationRequest, "mode" | "fields">): [string, string][] {
  const formFields = requestInvitationContent.ownForm.forms[request.mode].fields;
  const known = formFields
    .filter((field) => request.fields[field.name] !== undefined)
    .map((field): [string, string] => [field.label, request.fields[field.name]!]);
  const named = new Set<string>(formFields.map((field) => field.name));
  const others = Object.entries(request.fields).filter(([name]) => !named.has(name));
  return [...known, ...others];
}

function fullName(request: StoredInvitationRequest): string {
  return [request.fields.firstname, request.fields.lastname].filter(Boolean).join(" ");
}

function subjectFor(claim: NotificationClaim): string {
  const { request } = claim;
  const subject =
    claim.kind === "request"
      ? `New invitation request: ${fullName(request)} (${MODE_LABELS[request.mode]})`
      : `HubSpot refused invitation request ${request.id}${claim.refusal?.errorType ? `: ${claim.refusal.errorType}` : ""}`;
  const line = oneLine(subject);
  return line.length > SUBJECT_MAX_LENGTH ? `${line.slice(0, SUBJECT_MAX_LENGTH - 1)}…` : line;
}

/** The facts beside the fields: id, time, relay state, notice, and what to run. */
function facts(claim: NotificationClaim): [string, string][] {
  const { request } = claim;
  const rows: [string, string][] = [
    ["Request id", request.id],
    ["Received", new Date(request.receivedAt).toISOString()],
    ["Type", MODE_LABELS[request.mode]],
    ["Relay to HubSpot", request.relay],
  ];
  if (request.noticeVersion) rows.push(["Privacy notice", request.noticeVersion]);
  const refusal = claim.refusal;
  if (refusal) {
    rows.push(["HubSpot's answer", String(refusal.status)]);
    rows.push(["HubSpot's error type", refusal.errorType ?? "(none given)"]);
    rows.push(["HubSpot's message", refusal.message || "(none given)"]);
    if (refusal.correlationId) rows.push(["HubSpot's correlationId", refusal.correlationId]);
  }
  return rows;
}

function intro(claim: NotificationClaim): string {
  return claim.kind === "request"
    ? `A ${MODE_LABELS[claim.request.mode]} sent an invitation request through the site. It is stored on the server.`
    : `HubSpot refused to take this invitation request, so it is marked failed and HubSpot does not have it. Fix the form in HubSpot (its CAPTCHA, a required field, consent options), then run: ${RETRY_COMMAND}`;
}

function closing(claim: NotificationClaim): string {
  return claim.kind === "request"
    ? `Every stored request, on the server: ${EXPORT_COMMAND}`
    : `After fixing the form in HubSpot, on the server: ${RETRY_COMMAND}`;
}

export function composeEmail(claim: NotificationClaim): EmailContent {
  const fields = labelledFields(claim.request);
  const about = facts(claim);
  const textRows = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");
  const text = [intro(claim), textRows(fields), textRows(about), closing(claim)].join("\n\n") + "\n";

  const htmlRows = (rows: [string, string][]) =>
    rows
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
          `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
      )
      .join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#0f172a">',
    `<p>${escapeHtml(intro(claim))}</p>`,
    `<table role="presentation" style="border-collapse:collapse">\n${htmlRows(fields)}\n</table>`,
    `<table role="presentation" style="border-collapse:collapse;margin-top:16px;color:#475569">\n${htmlRows(about)}\n</table>`,
    `<p>${escapeHtml(closing(claim))}</p>`,
    "</body></html>",
    "",
  ].join("\n");
  return { subject: subjectFor(claim), text, html };
}

export function composeWebhook(claim: NotificationClaim): WebhookPayload {
  const { request } = claim;
  const lines = [
    escapeSlack(subjectFor(claim)),
    ...labelledFields(request).map(([label, value]) => `${escapeSlack(label)}: ${escapeSlack(oneLine(value))}`),
    ...facts(claim).map(([label, value]) => `${escapeSlack(label)}: ${escapeSlack(oneLine(value))}`),
    escapeSlack(closing(claim)),
  ];
  return {
    text: lines.join("\n"),
    event: claim.kind === "request" ? "invitation-request" : "relay-refused",
    request: {
      id: request.id,
      receivedAt: new Date(request.receivedAt).toISOString(),
      mode: request.mode,
      fields: request.fields,
    },
    ...(claim.refusal ? { refusal: { ...claim.refusal, retryCommand: RETRY_COMMAND } } : {}),
  };
}
