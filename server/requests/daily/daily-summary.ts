/**
 * The team hears of held requests once a day (docs/product.md#nothing-lost): every hour the server asks
 * the store whether a day has passed since the last summary on any server; the one that
 * finds it due queues one summary (how many, their ids, the release command) on the
 * team's channels, in the same transaction that records the run.
 */
import { errorCode } from "../../safe-errors";
import { startRepeating } from "./repeating";
import { plural } from "#shared/text.ts";
import type { DailyJobsStore, TeamChannel } from "../store";

/** How often a server asks whether the day's summary is due. */
export const HELD_SUMMARY_CHECK_MS = 60 * 60 * 1000;

export function startHeldSummaries({
  store,
  channels,
  now = Date.now,
  log = (line: string) => console.log(line),
  onQueued = () => {},
}: {
  store: Pick<DailyJobsStore, "queueHeldSummary">;
  channels: readonly TeamChannel[];
  now?: () => number;
  log?: (line: string) => void;
  /** Wakes the notification worker once a summary is queued. */
  onQueued?: () => void;
}): { stop(): Promise<void> } {
  return startRepeating(HELD_SUMMARY_CHECK_MS, () =>
    store.queueHeldSummary(now(), channels).then(
      (held) => {
        if (!held) return;
        log(
          `[held] ${plural(held, "request")} held as likely automated in the last day; ` +
            (channels.length > 0
              ? `the team is told by ${channels.join(" and ")}`
              : "no notification channel is configured: see `npm run requests -- status`"),
        );
        if (channels.length > 0) onQueued();
      },
      // The next check tries again.
      (error: unknown) =>
        log(`[held] the daily summary failed (${errorCode(error)}); it is tried again within an hour`),
    ),
  );
}
