/**
 * The team's view of the stored requests (docs/product.md#nothing-lost): a JSON array, or CSV for a
 * spreadsheet with one column per field either form has.
 */
import { REQUEST_FIELDS } from "#shared/invitation/request-schema.ts";
import type { ConsentRecord } from "#shared/invitation/consent.ts";
import { INVITATION_MODES } from "#shared/invitation/mode.ts";
import { SOURCE_KEYS, type RequestSource } from "#shared/invitation/request-source.ts";
import type { HeldReason, RelayState, RequestRole, StoredInvitationRequest } from "./store";
import type { Answer } from "./answer-links";

export interface ExportedRequest {
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  mode: StoredInvitationRequest["mode"];
  fields: Record<string, string>;
  relay: RelayState;
  /** Why HubSpot refused the request (`failed`) or why the last attempt failed (`pending`). */
  relayError: string | null;
  /**
   * Why it is held as likely automated (`honeypot`, `fill-time`), or null: a held request
   * is neither relayed nor notified until `npm run requests -- admit --id <id>`.
   */
  held: HeldReason | null;
  /**
   * How many requests the same address (case-insensitively) sent before this one, among
   * those listed (docs/product.md#notifications-and-privacy): a repeat is marked, never refused or merged.
   */
  previousRequests: number;
  /**
   * Where the visit began (docs/product.md#where-requests-come-from): every key, null where it is not
   * known; the whole is null when nothing is.
   */
  source: Record<(typeof SOURCE_KEYS)[number], string | null> | null;
  /** What the visitor saw and checked (HUBSPOT_LEGAL_BASIS), or null when no legal basis was set. */
  consent: ConsentRecord | null;
  /**
   * The open role it is about (docs/decisions/0025-roles-close-on-their-day.md): its slug and
   * title; null when it named none.
   */
  role: RequestRole | null;
  /**
   * When the team's answer is due (docs/product.md#the-48-hour-promise), ISO 8601; null while held,
   * and for requests stored before the promise was kept.
   */
  replyBy: string | null;
  /** How the team answered (`invite`, `decline`, `other`), or null while it has not. */
  answer: Answer | null;
  /** When it answered, ISO 8601, or null. */
  answeredAt: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The address's key for "the same person": trimmed and case-folded. */
export function emailKey(email: string | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/** For each request (oldest first), how many earlier ones came from its address. */
export function previousRequestCounts(requests: readonly StoredInvitationRequest[]): number[] {
  const seen = new Map<string, number>();
  return requests.map((request) => {
    const key = emailKey(request.fields.email);
    if (key === null) return 0;
    const before = seen.get(key) ?? 0;
    seen.set(key, before + 1);
    return before;
  });
}

export function toExported(request: StoredInvitationRequest, previousRequests = 0): ExportedRequest {
  return {
    id: request.id,
    receivedAt: new Date(request.receivedAt).toISOString(),
    mode: request.mode,
    fields: request.fields,
    relay: request.relay,
    relayError: request.relay === "sent" ? null : request.relayError,
    held: request.held,
    previousRequests,
    source: exportedSource(request.source),
    consent: request.consent,
    role: request.role,
    replyBy: iso(request.replyBy),
    answer: request.answer,
    answeredAt: iso(request.answeredAt),
  };
}

function exportedSource(source: RequestSource | null): ExportedRequest["source"] {
  if (source === null) return null;
  return Object.fromEntries(SOURCE_KEYS.map((key) => [key, source[key] ?? null])) as ExportedRequest["source"];
}

function exportAll(requests: readonly StoredInvitationRequest[]): ExportedRequest[] {
  const counts = previousRequestCounts(requests);
  return requests.map((request, index) => toExported(request, counts[index]));
}

export function exportJson(requests: readonly StoredInvitationRequest[]): string {
  return `${JSON.stringify(exportAll(requests), null, 2)}\n`;
}

/** Every field of either mode, in form order, each once. */
export const CSV_FIELD_COLUMNS: readonly string[] = [
  ...new Set(INVITATION_MODES.flatMap((mode) => REQUEST_FIELDS[mode].map((rule) => rule.name))),
];
export const CSV_COLUMNS = [
  "id",
  "receivedAt",
  "mode",
  "relay",
  "relayError",
  "held",
  "previousRequests",
  ...CSV_FIELD_COLUMNS,
  ...SOURCE_KEYS,
  "consent",
  "consentText",
  "communicationsConsent",
  "roleTitle",
  "roleSlug",
  "replyBy",
  "answer",
  "answeredAt",
] as const;

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return, or any of them after leading spaces) as a formula; OWASP's advice for CSV
 * injection is to prefix such a cell with a single quote so it is shown as text, and to
 * quote every cell, doubling the quotes inside.
 */
export function csvCell(value: string): string {
  const neutralised = /^[\s]*[=+\-@]|^[\t\r]/.test(value) ? `'${value}` : value;
  return `"${neutralised.replaceAll('"', '""')}"`;
}

/** The consent's basis, the text it was given under, and whether updates were checked ("" when none was offered). */
function consentCells(consent: ConsentRecord | null): string[] {
  if (consent === null) return ["", "", ""];
  const updates = consent.basis === "consent" ? consent.communications[0] : undefined;
  return [consent.basis, consent.text, updates === undefined ? "" : updates.value ? "yes" : "no"];
}

/** RFC 4180 CSV (CRLF line ends) with a byte-order mark, so spreadsheets read it as UTF-8. */
export function exportCsv(requests: readonly StoredInvitationRequest[]): string {
  const lines = [CSV_COLUMNS.map(csvCell).join(",")];
  for (const request of exportAll(requests)) {
    const cells = [
      request.id,
      request.receivedAt,
      request.mode,
      request.relay,
      request.relayError ?? "",
      request.held ?? "",
      String(request.previousRequests),
      ...CSV_FIELD_COLUMNS.map((name) => request.fields[name] ?? ""),
      ...SOURCE_KEYS.map((key) => request.source?.[key] ?? ""),
      ...consentCells(request.consent),
      request.role?.title ?? "",
      request.role?.slug ?? "",
      request.replyBy ?? "",
      request.answer ?? "",
      request.answeredAt ?? "",
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
