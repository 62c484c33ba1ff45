/**
 * The outbox of pushes to search engines (server/search/README.md), kept in the request store's
 * database (docs/decisions/0018-outbox-in-the-same-database.md) and delivered by the same loop
 * (server/requests/outbox/delivery-loop.ts). One row per engine and address says what the address
 * shows now (`state`) and what the engine was last told (`pushedState`); a row whose two differ
 * is a push to make. So a change is pushed once whoever records it first (two servers, or a
 * restart diffing the same timetable, find the state already recorded), a newer change replaces
 * one not yet sent (the engine hears the latest), and what a server recorded survives its restart.
 * Its queries, one set for both engines (SQLite, PostgreSQL), are in push-store.ts.
 */

/** The engines a push goes to, each a channel of the delivery loop. */
export const SEARCH_ENGINES = ["google", "indexnow"] as const;
export type SearchEngine = (typeof SEARCH_ENGINES)[number];

/** What an address shows that the engines know of: nothing (404, 410, never pushed). */
export const ABSENT = "absent";
/** What an address shows when it shows a page: the version of that page. */
export const shownState = (version: string) => `shown:${version}`;

/** Google's answer to each push: an update (the page is new or changed) or a deletion (it is gone). */
export type GoogleNotificationType = "URL_UPDATED" | "URL_DELETED";
export const notificationTypeOf = (state: string): GoogleNotificationType =>
  state === ABSENT ? "URL_DELETED" : "URL_UPDATED";

/** What one address shows now, for one engine. */
export interface AddressState {
  engine: SearchEngine;
  /** The absolute URL, as pushed. */
  url: string;
  /** `absent`, or `shown:<version>`. */
  state: string;
}

/** A push a server has claimed: the address and the state it pushes. */
export interface SearchPushClaim extends AddressState {
  /** Attempts before this one. */
  attempts: number;
}

/** The row a claim names, to record its outcome only while it still says what was claimed. */
export type PushKey = Pick<SearchPushClaim, "engine" | "url" | "state">;

/** What `requests -- status` says of the pushes. */
export interface SearchPushStatus {
  /** Per engine with pushes waiting: how many, since when the oldest (ms), and the last failure's reason. */
  backlog: { engine: SearchEngine; pending: number; oldestAt: number; lastError: string | null }[];
  /** The last pushes made, newest first. */
  recent: { engine: SearchEngine; url: string; state: string; pushedAt: number }[];
  /** Google's publish requests used in the quota's current day. */
  googleUsedToday: number;
}

/** How many pushes status lists. */
export const RECENT_PUSHES = 5;

export interface SearchPushOutbox {
  /**
   * Records what each address of `engines` shows now, as seen by a server whose background work
   * began at `generation` (ms): a server started earlier never overrides what a later one
   * recorded (in a rolling update, the older build). An address of `engines` known before and not
   * in `states` is absent now. A state that differs from the one recorded queues a push, unless
   * it is what the engine was last told (then the waiting push is dropped). In one transaction;
   * returns how many pushes are now due.
   */
  recordAddressStates(
    states: readonly AddressState[],
    engines: readonly SearchEngine[],
    generation: number,
    now: number,
  ): Promise<number>;
  /**
   * Claims up to `limit` due pushes of each of `engines` not under another live lease, deletions
   * first, then the longest waiting; Google's at most what is left of `googleQuota` in the quota's
   * day (counted for every server on the database).
   */
  claimSearchPushes(
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
    engines: readonly SearchEngine[],
    googleQuota: number,
  ): Promise<SearchPushClaim[]>;
  /** Whether `owner` still holds every one of these claims, and each still pushes the state it was claimed for. */
  searchPushesStillClaimed(keys: readonly PushKey[], owner: string): Promise<boolean>;
  /** The engine took them: their state is what it was last told. False when `owner` no longer held them all. */
  markSearchPushesSent(keys: readonly PushKey[], owner: string, now: number): Promise<boolean>;
  /** Failed for now: due again at `retryAt`. */
  scheduleSearchPushRetry(keys: readonly PushKey[], owner: string, retryAt: number, reason: string): Promise<void>;
  /** Refused for good (a malformed URL): not tried again until the address changes again. */
  markSearchPushesRefused(keys: readonly PushKey[], owner: string, reason: string): Promise<void>;
  /** Gives claims back untried: due again at once, for any server; Google's give back their quota. */
  returnSearchPushes(keys: readonly PushKey[], owner: string, now: number): Promise<void>;
  /** Google said its quota is spent for the day (a 429 of the daily limit): none is claimed until the next. */
  spendGoogleQuota(now: number, googleQuota: number): Promise<void>;
  /** When the next push of `engines` is due (Google's not before its quota's next day once spent), or null. */
  nextSearchPushAt(engines: readonly SearchEngine[], now: number, googleQuota: number): Promise<number | null>;
  /** SQLite, at the one server's start: claims a previous process left go back at once. Returns how many. */
  returnSearchClaimsOfPreviousProcess(): Promise<number>;
  searchPushStatus(now: number): Promise<SearchPushStatus>;
}

const PACIFIC = "America/Los_Angeles";
const pacificDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: PACIFIC,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const pacificHour = new Intl.DateTimeFormat("en-GB", {
  timeZone: PACIFIC,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The day of Google's quota at `now` (YYYY-MM-DD): its quotas reset at midnight, Pacific time. */
export const quotaDay = (now: number): string => pacificDay.format(now);

/** The moment Google's quota next resets (ms): the next midnight in Pacific time, PST or PDT. */
export function nextQuotaDayAt(now: number): number {
  const [year, month, day] = quotaDay(now).split("-").map(Number) as [number, number, number];
  // Midnight Pacific is 07:00 or 08:00 UTC, by daylight saving time on that day.
  for (const utcHour of [7, 8]) {
    const candidate = Date.UTC(year, month - 1, day + 1, utcHour);
    if (pacificHour.format(candidate) === "00:00") return candidate;
  }
  return Date.UTC(year, month - 1, day + 1, 8);
}
