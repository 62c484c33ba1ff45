/**
 * Every table of the server's one database (SQLite or PostgreSQL), as the query builder
 * (./engine.ts) types it. Two columns types differ by engine and are named here: a time is
 * stored as SQLite's INTEGER milliseconds and PostgreSQL's timestamptz (each engine writes
 * `engine.time(ms)`, and `toMs` reads either), and a JSON value as SQLite's text and
 * PostgreSQL's json (parsed by the driver). The schema itself is made by
 * server/requests/stores/store-core.ts's MIGRATIONS.
 */
import type { ColumnType, Generated } from "kysely";

/** A time: SQLite's milliseconds, PostgreSQL's Date (engine.time writes the engine's own). */
export type Time = number | Date;
/** A JSON column: SQLite's text, PostgreSQL's parsed value. */
export type Json<T = unknown> = ColumnType<T | string, string, string>;
/** A column with a default, given or not on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface InvitationRequestsTable {
  /** PostgreSQL's bigint arrives as a string. */
  seq: ColumnType<number | string, never, never>;
  id: string;
  received_at: Time;
  mode: "candidate" | "employer";
  fields: Json;
  context: Json;
  relay: "pending" | "sent" | "failed" | "off";
  attempts: Defaulted<number>;
  next_attempt_at: Time | null;
  lease_owner: string | null;
  lease_until: Time | null;
  last_error: string | null;
  sent_at: Time | null;
  notice_version: string | null;
  held: "honeypot" | "fill-time" | null;
  idempotency_key: string | null;
  source: Json | null;
  consent: Json | null;
  role: Json | null;
  acknowledged_at: Time | null;
  acknowledged_mailbox: string | null;
  acknowledgement_dropped: "refused" | "expired" | null;
  reply_by: Time | null;
  answer: "invite" | "decline" | "other" | null;
  answered_at: Time | null;
  reminded_at: Time | null;
}

export interface InvitationNotificationsTable {
  seq: Generated<number | string>;
  request_id: string | null;
  kind: string;
  channel: string;
  details: Json | null;
  delivery_id: string;
  queued_at: Time;
  attempts: Defaulted<number>;
  next_attempt_at: Time;
  lease_owner: string | null;
  lease_until: Time | null;
  last_error: string | null;
}

export interface InvitationChannelsTable {
  channel: string;
  stopped_at: Time;
  reason: string;
}

export interface InvitationJobsTable {
  job: string;
  last_run_at: Time;
}

/** PostgreSQL only (SQLite counts in the one server's memory). */
export interface InvitationRateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: Time;
}

export interface SearchPushesTable {
  engine: "google" | "indexnow";
  url: string;
  state: string;
  pushed_state: string | null;
  generation: Time;
  changed_at: Time;
  attempts: Defaulted<number>;
  next_attempt_at: Time | null;
  lease_owner: string | null;
  lease_until: Time | null;
  last_error: string | null;
  pushed_at: Time | null;
}

export interface SearchPushQuotaTable {
  engine: string;
  day: string;
  used: number;
}

export interface EditorLinksTable {
  token_hash: string;
  email: string;
  expires_at: Time;
  used_at: Time | null;
}

export interface EditorSessionsTable {
  id_hash: string;
  email: string;
  created_at: Time;
  expires_at: Time;
}

export interface Database {
  invitation_requests: InvitationRequestsTable;
  invitation_notifications: InvitationNotificationsTable;
  invitation_channels: InvitationChannelsTable;
  invitation_jobs: InvitationJobsTable;
  invitation_rate_limits: InvitationRateLimitsTable;
  search_pushes: SearchPushesTable;
  search_push_quota: SearchPushQuotaTable;
  editor_links: EditorLinksTable;
  editor_sessions: EditorSessionsTable;
}

/** A time as milliseconds, from either engine's column. */
export const toMs = (value: Time): number => (typeof value === "number" ? value : value.getTime());
