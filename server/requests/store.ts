/**
 * Where invitation requests are kept (DECISIONS §4): the one interface the API, the
 * relay and the commands use, whichever database is behind it. SQLite under DATA_DIR
 * by default (sqlite-store.ts); PostgreSQL when DATABASE_URL is set (postgres-store.ts),
 * for several servers on one database.
 *
 * The relay's bookkeeping lives on each row (an outbox): `relay` is its state, and a
 * worker claims a pending row with a lease (owner and expiry) before sending it, so
 * that one worker at a time sends a row, a killed worker's claim runs out, and a row
 * marked `sent` is never claimed again.
 */
import type { InvitationMode } from "~/features/invitation/mode";

export const RELAY_STATES = ["pending", "sent", "failed", "off"] as const;
/** `pending` waits for (another) attempt, `sent` HubSpot accepted, `failed` HubSpot refused, `off` no HubSpot configured. */
export type RelayState = (typeof RELAY_STATES)[number];

/** What HubSpot is told beside the fields, captured when the request arrived. */
export interface RelayContext {
  pageUri: string;
  pageName: string;
  /** The visitor's `hubspotutk` cookie, when the browser sent it. */
  hutk?: string;
}

export interface NewInvitationRequest {
  id: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  mode: InvitationMode;
  /** The mode's fields exactly as sent (validated). */
  fields: Record<string, string>;
  context: RelayContext;
  /** `pending` when HubSpot is configured, `off` when requests are only stored. */
  relay: "pending" | "off";
}

export interface StoredInvitationRequest {
  id: string;
  receivedAt: number;
  mode: InvitationMode;
  fields: Record<string, string>;
  context: RelayContext;
  relay: RelayState;
  /** Submissions tried since the row was stored (or last re-queued). */
  relayAttempts: number;
  /** Why the last attempt failed (HubSpot's message), while the row is pending or failed. */
  relayError: string | null;
  sentAt: number | null;
}

/** A pending row a worker holds the lease on. */
export interface RelayClaim {
  id: string;
  receivedAt: number;
  mode: InvitationMode;
  fields: Record<string, string>;
  context: RelayContext;
  /** Attempts before this one. */
  attempts: number;
}

export interface RequestStore {
  /** For logs: the database kind and where it is, never a password. */
  readonly description: string;
  /** Resolves once the request is committed durably. */
  save(request: NewInvitationRequest): Promise<void>;
  /** Every stored request, oldest first. */
  list(): Promise<StoredInvitationRequest[]>;
  /**
   * Claims the pending row that has waited longest among those due at `now` and not
   * under another live lease; null when there is none. The claim lasts until
   * `now + leaseMs` or until one of the calls below ends it.
   */
  claimNext(owner: string, now: number, leaseMs: number): Promise<RelayClaim | null>;
  /** HubSpot accepted the row. False when `owner` no longer held the claim. */
  markSent(id: string, owner: string, now: number): Promise<boolean>;
  /** HubSpot refused the row for good (4xx): it stays `failed` until re-queued. */
  markFailed(id: string, owner: string, reason: string): Promise<boolean>;
  /** HubSpot failed for now (5xx, 429, timeout): try again at `retryAt`. */
  scheduleRetry(id: string, owner: string, retryAt: number, reason: string): Promise<boolean>;
  /** Gives a claim back unused (the worker is stopping). */
  release(id: string, owner: string): Promise<void>;
  /** When the next pending row becomes claimable (its retry time or its lease's end), or null. */
  nextRelayAt(): Promise<number | null>;
  /** Turns every `failed` row back to `pending`, due at `now`; returns how many. */
  requeueFailed(now: number): Promise<number>;
  close(): Promise<void>;

  // --- Operations (issue 18): health, and claims left by a previous process. ---

  /** Runs a trivial query; rejects when the database does not answer within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * At a server's start: gives back the relay claims a previous process left (a crash
   * mid-submission) so they are sent now rather than when their lease runs out. SQLite
   * first makes this server the only one on the file (a second server fails here), so
   * every claim found is a dead process's. Returns how many; always 0 on PostgreSQL,
   * where other servers may hold live claims.
   */
  releaseClaimsOfPreviousProcess(): Promise<number>;
}
