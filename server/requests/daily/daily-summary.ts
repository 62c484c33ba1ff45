/**
 * The team's daily summary (docs/product.md#nothing-lost, #the-48-hour-promise): every hour the
 * server asks the store whether a day has passed since the last one on any server; the one that
 * finds it due queues, on the team's channels and in the same transaction that records the run,
 * one summary of the requests held as likely automated (how many, their ids, the release
 * command) and, with REPLY_REMINDERS on, one list of the requests past their reply-by time and
 * still unanswered (each with the command that answers it).
 */
import { errorCode } from "../../safe-errors";
import { startRepeating } from "./repeating";
import { plural } from "#shared/text.ts";
import type { DailyJobsStore, TeamChannel } from "../store";

/** How often a server asks whether the day's summary is due. */
export const DAILY_SUMMARY_CHECK_MS = 60 * 60 * 1000;

export function startDailySummaries({
  store,
  channels,
  overdue,
  now = Date.now,
  log = (line: string) => console.log(line),
  onQueued = () => {},
}: {
  store: Pick<DailyJobsStore, "queueDailySummary">;
  channels: readonly TeamChannel[];
  /** Whether the summary lists the requests past their reply-by time (REPLY_REMINDERS). */
  overdue: boolean;
  now?: () => number;
  log?: (line: string) => void;
  /** Wakes the notification worker once a summary is queued. */
  onQueued?: () => void;
}): { stop(): Promise<void> } {
  const told =
    channels.length > 0
      ? `the team is told by ${channels.join(" and ")}`
      : "no notification channel is configured: see `npm run requests -- status`";
  return startRepeating(DAILY_SUMMARY_CHECK_MS, () =>
    store.queueDailySummary(now(), channels, { overdue }).then(
      (counts) => {
        if (!counts || counts.held + counts.overdue === 0) return;
        if (counts.held > 0)
          log(`[held] ${plural(counts.held, "request")} held as likely automated in the last day; ${told}`);
        if (counts.overdue > 0)
          log(`[promise] ${plural(counts.overdue, "request")} past its reply-by time and unanswered; ${told}`);
        if (channels.length > 0) onQueued();
      },
      // The next check tries again.
      (error: unknown) =>
        log(`[held] the daily summary failed (${errorCode(error)}); it is tried again within an hour`),
    ),
  );
}
