/**
 * The retention of docs/product.md#notifications-and-privacy: requests older than REQUEST_RETENTION_DAYS are deleted
 * with their queued notifications, by `npm run requests -- purge` and by the server once
 * at start and then once a day. Both write the same one line, with counts and never an
 * address (docs/deployment/personal-data.md).
 */
import type { DailyJobsStore, ErasedCounts } from "../store";
import { errorCode } from "../../safe-errors";
import { plural } from "#shared/text.ts";
import { startRepeating } from "./repeating";
import { DAY_MS } from "../stores/store-core";

export { DAY_MS };

/** The log line of an erase or a purge: what was deleted, counted, and nothing that names anyone. */
export function privacyLogLine(action: "erase" | "purge", counts: ErasedCounts, retentionDays?: number): string {
  const what = `${plural(counts.requests, "request")} and ${plural(counts.notifications, "queued notification")}`;
  const why = action === "purge" ? ` older than ${retentionDays} days` : " at a person's request";
  return `[privacy] ${action}: deleted ${what}${why}`;
}

/** Deletes what is older than the retention at `now`; returns the counts. */
export function purgeExpired(
  store: Pick<DailyJobsStore, "purgeBefore">,
  retentionDays: number,
  now: number,
): Promise<ErasedCounts> {
  return store.purgeBefore(now - retentionDays * DAY_MS);
}

/** The server's daily purge; stop() ends it (a purge in progress finishes). */
export function startDailyPurge({
  store,
  retentionDays,
  now = Date.now,
  log = (line: string) => console.log(line),
}: {
  store: Pick<DailyJobsStore, "purgeBefore">;
  retentionDays: number;
  now?: () => number;
  log?: (line: string) => void;
}): { stop(): Promise<void> } {
  return startRepeating(DAY_MS, () =>
    purgeExpired(store, retentionDays, now()).then(
      (counts) => log(privacyLogLine("purge", counts, retentionDays)),
      // The next day tries again; the command can be run by hand meanwhile.
      (error: unknown) => log(`[privacy] purge failed (${errorCode(error)}); it runs again in a day`),
    ),
  );
}
