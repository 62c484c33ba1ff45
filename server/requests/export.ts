/**
 * The team's view of the stored requests (DECISIONS §4): a JSON array, or CSV for a
 * spreadsheet with one column per field either form has.
 */
import { REQUEST_FIELDS } from "~/features/invitation/request-schema";
import { INVITATION_MODES } from "~/features/invitation/mode";
import type { RelayState, StoredInvitationRequest } from "./store";

export interface ExportedRequest {
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  mode: StoredInvitationRequest["mode"];
  fields: Record<string, string>;
  relay: RelayState;
  /** Why HubSpot refused the request (`failed`) or why the last attempt failed (`pending`). */
  relayError: string | null;
}

export function toExported(request: StoredInvitationRequest): ExportedRequest {
  return {
    id: request.id,
    receivedAt: new Date(request.receivedAt).toISOString(),
    mode: request.mode,
    fields: request.fields,
    relay: request.relay,
    relayError: request.relay === "sent" ? null : request.relayError,
  };
}

export function exportJson(requests: readonly StoredInvitationRequest[]): string {
  return `${JSON.stringify(requests.map(toExported), null, 2)}\n`;
}

/** Every field of either mode, in form order, each once. */
export const CSV_FIELD_COLUMNS: readonly string[] = [
  ...new Set(INVITATION_MODES.flatMap((mode) => REQUEST_FIELDS[mode].map((rule) => rule.name))),
];
export const CSV_COLUMNS = ["id", "receivedAt", "mode", "relay", "relayError", ...CSV_FIELD_COLUMNS] as const;

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

/** RFC 4180 CSV (CRLF line ends) with a byte-order mark, so spreadsheets read it as UTF-8. */
export function exportCsv(requests: readonly StoredInvitationRequest[]): string {
  const lines = [CSV_COLUMNS.map(csvCell).join(",")];
  for (const request of requests.map(toExported)) {
    const cells = [
      request.id,
      request.receivedAt,
      request.mode,
      request.relay,
      request.relayError ?? "",
      ...CSV_FIELD_COLUMNS.map((name) => request.fields[name] ?? ""),
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
