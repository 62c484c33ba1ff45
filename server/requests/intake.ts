/**
 * Taking an invitation request (docs/product.md#nothing-lost), whatever it came by: check it
 * with the schema the form uses, hold it when it looks automated (stored, neither relayed nor
 * notified until `requests -- admit`), name its open role or none, record its consent and
 * source, and store it once per idempotency key with its notifications queued in the same
 * transaction, within a time limit. The HTTP endpoint (server/api/invitation-requests.ts)
 * parses, calls this, and answers; nothing here knows HTTP.
 */
import { randomUUID } from "node:crypto";
import type { RequestInvitationWords } from "#shared/content/request-invitation.ts";
import { consentRecord, type ConsentSite } from "#shared/invitation/consent.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { normaliseSource, type RequestSource } from "#shared/invitation/request-source.ts";
import {
  isEmailAddress,
  validateInvitationRequest,
  type FieldProblems,
  type UnvalidatedRequest,
} from "#shared/invitation/request-validation.ts";
import { openRole, type RoleTimetable } from "#shared/roles/timetable.ts";
import { errorCode } from "../safe-errors";
import { withinTimeLimit } from "../time-limit";
import type { KeptRequest, RequestSpool } from "./spool";
import type { NewInvitationRequest, RelayContext, IntakeStore, StoredInvitationRequest, TeamChannel } from "./store";

/**
 * The longest a save may take before the visitor is told to try again (503): the API
 * answers within 5 s whatever the database does (docs/deployment/node-server.md, "Time limits").
 * A save that commits after this is kept: the visitor may send again, and is then answered
 * as stored when the send carries the first one's idempotency key (a duplicate otherwise,
 * which is better than a lost request).
 */
export const STORE_TIME_LIMIT_MS = 4000;
const HOUR_MS = 60 * 60 * 1000;

export interface IntakeSettings {
  store: Pick<IntakeStore, "save">;
  site: ConsentSite;
  /** The request page's words: the consent texts a request's record keeps. */
  words: RequestInvitationWords;
  /** Whether stored requests wait for the relay (`pending`) or are stored only (`off`). */
  relayEnabled: boolean;
  /** The team's channels queued with each request (docs/product.md#notifications-and-privacy). */
  notify: readonly TeamChannel[];
  /** Whether each requester is sent an acknowledgement (ACKNOWLEDGEMENT_SENDER=site, with email). */
  acknowledge: boolean;
  /** The roles of the build being served (BUILD_DIR/roles.json): a request names one of those still open, or none. */
  roles: RoleTimetable;
  /** The privacy notice's version the form shows, stored with each request. */
  noticeVersion: string | null;
  /** The answer the site promises (REPLY_WITHIN_HOURS): each request not held is due by then. */
  replyWithinHours: number;
  log: (line: string) => void;
  now: () => number;
  /**
   * Where a request is kept while the store is away (./spool.ts): the visitor is told it was
   * received once it is written there, and it is stored when the store answers again. Without
   * one, such a request is answered 503 and the visitor sends it again.
   */
  spool?: RequestSpool | null;
}

/** The key a request without one is stored under, so that saving it twice stores it once (never a visitor's: they have no colon). */
export const serverKey = (id: string) => `server:${id}`;

/** The store's word that the first request of a key was erased meanwhile: erase wins, and the copy is not stored. */
const ERASED_MEANWHILE = /erased meanwhile/;

/** What came with a request besides what it says: where it was sent from, as the sender's client tells. */
export interface Arrival {
  context: RelayContext;
  /** The utm_* of the page the form was on, for a request whose visit noted none (no JavaScript). */
  pageSource: RequestSource | null;
}

export type IntakeOutcome =
  | { kind: "invalid"; problems: FieldProblems }
  /** `repeat`: its idempotency key named a request stored before with the same words; nothing more was stored. */
  | { kind: "stored"; id: string; mode: InvitationMode; repeat: boolean }
  /** The store did not commit within STORE_TIME_LIMIT_MS: the sender should try again. */
  | { kind: "unavailable"; mode: InvitationMode };

/**
 * Whether a stored request is the one sent again: the same mode, the same fields (whatever
 * their order), and the role the client sent naming the stored one. The sent slug is looked up
 * as it stood when the first arrived, not now: a retry just after the role closed is the same
 * send, and resolving it anew would store it twice.
 */
export function isSameRequest(
  stored: Pick<StoredInvitationRequest, "mode" | "fields" | "role" | "receivedAt">,
  sent: Pick<NewInvitationRequest, "mode" | "fields"> & { roleSlug: unknown },
  roles: RoleTimetable,
) {
  const entries = (fields: Record<string, string>) => JSON.stringify(Object.entries(fields).sort());
  return (
    stored.mode === sent.mode &&
    entries(stored.fields) === entries(sent.fields) &&
    (stored.role?.slug ?? null) === (openRole(roles, sent.roleSlug, stored.receivedAt)?.slug ?? null)
  );
}

/** The use case of taking requests with these settings: a `takeRequest` per request the endpoint parsed. */
export function takeRequests(settings: IntakeSettings) {
  const { store, site, words, log, now } = settings;

  /**
   * Saves within the time limit; a key already stored with other words is saved again under a
   * key of its own. `attempt` is told of each request tried, so a failure keeps the last one.
   */
  async function save(
    request: KeptRequest["request"],
    roleSlug: unknown,
    attempt: (request: KeptRequest["request"]) => void = () => {},
  ): Promise<{ id: string; mode: InvitationMode; repeat: boolean }> {
    attempt(request);
    const outcome = await withinTimeLimit(store.save(request), STORE_TIME_LIMIT_MS);
    if (outcome.stored === "new") return { id: request.id, mode: request.mode, repeat: false };
    if (isSameRequest(outcome.first, { ...request, roleSlug }, settings.roles)) {
      return { id: outcome.first.id, mode: outcome.first.mode, repeat: true };
    }
    return save({ ...request, idempotencyKey: serverKey(request.id) }, roleSlug, attempt);
  }

  const { spool } = settings;
  spool?.start(async ({ request, roleSlug }) => {
    try {
      const stored = await save(request, roleSlug);
      log(
        stored.repeat
          ? `[requests] ${request.id}, kept while the store was away, was stored already: not stored twice`
          : `[requests] stored ${request.id}, kept while the store was away`,
      );
    } catch (error) {
      if (!ERASED_MEANWHILE.test((error as Error)?.message ?? "")) throw error;
      log(`[requests] ${request.id}, kept while the store was away, was erased meanwhile: not stored`);
    }
  });

  /** Keeps the request on this server (the store is away); false when even that failed. */
  function keep(kept: KeptRequest, why: string): boolean {
    if (!spool) return false;
    try {
      spool.keep(kept);
    } catch (error) {
      log(`[requests] could not keep ${kept.request.id} on this server either (${errorCode(error)})`);
      return false;
    }
    log(
      `[requests] kept ${kept.request.id} (${kept.request.mode}) on this server (${why}): stored once the store answers`,
    );
    return true;
  }

  return async function takeRequest(input: UnvalidatedRequest, arrival: Arrival): Promise<IntakeOutcome> {
    const result = validateInvitationRequest(input, site.legalBasis?.basis ?? null);
    if (!result.ok) return { kind: "invalid", problems: result.errors };
    const { mode, fields } = result.request;
    const { held } = result;
    const id = randomUUID();
    // Every request is stored under a key, so that a save tried twice (kept while the store was away) stores it once.
    const idempotencyKey = result.idempotencyKey ?? serverKey(id);
    const receivedAt = now();
    if (result.idempotencyKey && spool) {
      const keptId = spool.idOf(result.idempotencyKey);
      if (keptId) return { kind: "stored", id: keptId, mode, repeat: true };
    }
    let tried: KeptRequest["request"] | null = null;
    try {
      const request: KeptRequest["request"] = {
        id,
        receivedAt,
        mode,
        fields,
        context: arrival.context,
        relay: settings.relayEnabled ? "pending" : "off",
        noticeVersion: settings.noticeVersion,
        notify: settings.notify,
        held,
        idempotencyKey,
        // What the visit's first page noted; without it (no JavaScript), the utm_* of the page the form was on.
        source: normaliseSource(input.source) ?? arrival.pageSource,
        consent: consentRecord(words.ownForm, site, { communications: result.communicationsConsent }),
        role: openRole(settings.roles, input.role, receivedAt),
        // An address the form takes (one, no spaces or line breaks): anything else has nowhere to go.
        acknowledge: settings.acknowledge && isEmailAddress((fields.email ?? "").trim()),
        // A held request's clock starts when it is admitted (docs/product.md#the-48-hour-promise).
        replyBy: held ? null : receivedAt + settings.replyWithinHours * HOUR_MS,
      };
      // While requests wait in the spool the store is away: this one joins them rather than wait for it too.
      if (spool && spool.size > 0 && keep({ request, roleSlug: input.role }, "others wait for the store")) {
        return { kind: "stored", id, mode, repeat: false };
      }
      const stored = await save(request, input.role, (attempt) => (tried = attempt));
      if (stored.repeat) {
        log(`[requests] ${stored.id} sent again with its idempotency key: answered as stored, not stored twice`);
      } else {
        const relay = settings.relayEnabled ? "pending" : "off";
        log(`[requests] stored ${id} (${mode}, relay ${relay}${held ? `, held: ${held}` : ""})`);
      }
      return { kind: "stored", ...stored };
    } catch (error) {
      // The error's message may quote a value (PostgreSQL's do): the log names its code only.
      if (tried && keep({ request: tried, roleSlug: input.role }, `the store failed: ${errorCode(error)}`)) {
        const kept: KeptRequest["request"] = tried;
        return { kind: "stored", id: kept.id, mode, repeat: false };
      }
      log(`[requests] could not store ${id} (${mode}): ${errorCode(error)}; answered 503`);
      return { kind: "unavailable", mode };
    }
  };
}

export type TakeRequest = ReturnType<typeof takeRequests>;
