/**
 * The privacy commands of docs/product.md#notifications-and-privacy, as functions of a store and a clock so they are
 * tested in-process; releases/requests-cli.ts runs them from the command line.
 *
 * - show: everything stored for one address (the right of access), as JSON.
 * - erase: deletes one address's requests with their queued notifications and relays
 *   (the relay's bookkeeping lives on the request's row, so it goes with it). When a
 *   worker had claimed one of them (a live lease), a send may have passed its last check:
 *   erase returns only after the longest a send may last, so none is still under way.
 * - purge: applies REQUEST_RETENTION_DAYS now.
 *
 * Addresses match case-insensitively. Erase and purge return one log line with counts
 * and never the address (server/requests/daily/retention.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sendDeadlineMs } from "../requests/outbox/delivery-loop";
import { plural } from "#shared/text.ts";
import { privacyLogLine, purgeExpired } from "../requests/daily/retention";
import type { ErasedCounts, PrivacyStore, QueuedNotification, StoredInvitationRequest } from "../requests/store";

/** One stored request as the right of access shows it: every column, times in ISO 8601. */
export interface ShownRequest {
  id: string;
  receivedAt: string;
  mode: StoredInvitationRequest["mode"];
  fields: Record<string, string>;
  /** The page it was sent from, its title, HubSpot's visitor cookie when there was one. */
  context: StoredInvitationRequest["context"];
  relay: StoredInvitationRequest["relay"];
  relayAttempts: number;
  relayError: string | null;
  sentToHubSpotAt: string | null;
  noticeVersion: string | null;
  /** Why it is held as likely automated, or null. */
  held: StoredInvitationRequest["held"];
  /** The open role it was about, or null. */
  role: StoredInvitationRequest["role"];
  /**
   * When the address was sent its acknowledgement for this request, or null: the only trace of
   * it kept (the at-most-one-a-day rule reads it), erased with the request.
   */
  acknowledgedAt: string | null;
  /** When the team's answer is due (docs/product.md#the-48-hour-promise), or null (held, or stored before it was recorded). */
  replyBy: string | null;
  /** How the team answered (`invite`, `decline`, `other`), and when; null while it has not. */
  answer: StoredInvitationRequest["answer"];
  answeredAt: string | null;
  /** When the team was reminded of it, or null. */
  remindedAt: string | null;
  /** How many requests the address sent before this one. */
  previousRequests: number;
  /** Notifications still waiting to be delivered (the team's, the acknowledgement), with how often each was tried and why it failed. */
  queuedNotifications: Pick<QueuedNotification, "kind" | "channel" | "attempts" | "lastError">[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function showByEmail(
  store: Pick<PrivacyStore, "findByEmail" | "listNotifications">,
  email: string,
): Promise<ShownRequest[]> {
  const requests = await store.findByEmail(email);
  const ids = new Set(requests.map((request) => request.id));
  const queued = (await store.listNotifications()).filter((row) => row.requestId !== null && ids.has(row.requestId));
  return requests.map((request, index) => ({
    id: request.id,
    receivedAt: new Date(request.receivedAt).toISOString(),
    mode: request.mode,
    fields: request.fields,
    context: request.context,
    relay: request.relay,
    relayAttempts: request.relayAttempts,
    relayError: request.relayError,
    sentToHubSpotAt: request.sentAt === null ? null : new Date(request.sentAt).toISOString(),
    noticeVersion: request.noticeVersion,
    held: request.held,
    role: request.role,
    acknowledgedAt: iso(request.acknowledgedAt),
    replyBy: iso(request.replyBy),
    answer: request.answer,
    answeredAt: iso(request.answeredAt),
    remindedAt: iso(request.remindedAt),
    // findByEmail lists only this address's requests, oldest first.
    previousRequests: index,
    queuedNotifications: queued
      .filter((row) => row.requestId === request.id)
      .map(({ kind, channel, attempts, lastError }) => ({ kind, channel, attempts, lastError })),
  }));
}

export interface PrivacyOutcome {
  counts: ErasedCounts;
  /** For the person running the command. */
  summary: string;
  /** For the server log: counts only. */
  logLine: string;
}

export interface EraseOptions {
  /** The senders' time limit (DELIVERY_TIMEOUT_SECONDS): how long a send under way may still last. */
  timeoutMs: number;
  now?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

export async function eraseByEmail(
  store: Pick<PrivacyStore, "eraseByEmail">,
  email: string,
  { timeoutMs, now = Date.now, wait = sleep }: EraseOptions,
): Promise<PrivacyOutcome> {
  const { inFlight, ...counts } = await store.eraseByEmail(email, now());
  if (inFlight > 0) await wait(sendDeadlineMs(timeoutMs));
  const summary =
    counts.requests === 0
      ? "No request from that address is stored: nothing to erase."
      : `Erased ${plural(counts.requests, "request")} from that address, with ${plural(counts.notifications, "queued notification")} and their relays to HubSpot.` +
        (inFlight > 0
          ? ` ${plural(inFlight, "delivery", "deliveries")} of them ${inFlight === 1 ? "was" : "were"} under way: waited ${sendDeadlineMs(timeoutMs) / 1000} s, the longest a send may last, so none is still being sent.`
          : "");
  return { counts, summary, logLine: privacyLogLine("erase", counts) };
}

export async function purgeNow(
  store: Pick<PrivacyStore, "purgeBefore">,
  retentionDays: number,
  now: number,
): Promise<PrivacyOutcome> {
  const counts = await purgeExpired(store, retentionDays, now);
  const summary = `Deleted ${plural(counts.requests, "request")} older than ${retentionDays} days, with ${plural(counts.notifications, "queued notification")}.`;
  return { counts, summary, logLine: privacyLogLine("purge", counts, retentionDays) };
}
