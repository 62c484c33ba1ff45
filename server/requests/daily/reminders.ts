/**
 * The team's reminders (docs/product.md#the-48-hour-promise): every minute the server asks the
 * store for the requests still unanswered whose reply-by time is near (REMINDER_LEAD_MS, halfway
 * through a shorter promise) and not yet past, and the store queues one reminder each on the
 * team's channels, marking the request in the same transaction: one reminder per request, across
 * servers and restarts. Those already past it are in the daily summary's overdue list instead.
 */
import { errorCode } from "../../safe-errors";
import { plural } from "#shared/text.ts";
import { startRepeating } from "./repeating";
import type { DailyJobsStore, TeamChannel } from "../store";

/** How often a server looks for requests to remind the team of: a reminder comes at most this late. */
export const REMINDER_CHECK_MS = 60 * 1000;
/** How long before its reply-by time the team is reminded of a request still unanswered. */
export const REMINDER_LEAD_MS = 12 * 60 * 60 * 1000;

/** The lead for a promise of `hours`: REMINDER_LEAD_MS, or half the promise when that is shorter. */
export const reminderLeadMs = (hours: number): number => Math.min(REMINDER_LEAD_MS, (hours * 60 * 60 * 1000) / 2);

export function startReminders({
  store,
  channels,
  replyWithinHours,
  everyMs = REMINDER_CHECK_MS,
  now = Date.now,
  log = (line: string) => console.log(line),
  onQueued = () => {},
}: {
  store: Pick<DailyJobsStore, "queueReminders">;
  channels: readonly TeamChannel[];
  /** The promise (REPLY_WITHIN_HOURS), which sets the lead. */
  replyWithinHours: number;
  everyMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /** Wakes the notification worker once a reminder is queued. */
  onQueued?: () => void;
}): { stop(): Promise<void> } {
  const leadMs = reminderLeadMs(replyWithinHours);
  return startRepeating(everyMs, () =>
    store.queueReminders(now(), leadMs, channels).then(
      (queued) => {
        if (queued === 0) return;
        log(`[promise] reminding the team of ${plural(queued, "request")} due within ${leadMs / 3_600_000} h`);
        onQueued();
      },
      // The next look tries again: the requests stay unmarked.
      (error: unknown) => log(`[promise] the reminders failed (${errorCode(error)}); tried again within a minute`),
    ),
  );
}
