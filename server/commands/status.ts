/**
 * `npm run requests -- status` (docs/product.md#notifications-and-privacy): the counts an operator checks
 * first, one per line, with what to do when one is not what it should be; and how the promise of an
 * answer was kept (docs/product.md#the-48-hour-promise).
 */
import { plural } from "#shared/text.ts";
import { PROMISE_WINDOW_DAYS, type PromiseStatus, type StoreStatus } from "../requests/store";
import { ANSWERS } from "../requests/answer-links";
import { CHANNEL_FIXES, type ChannelState } from "../notifications/channel-health";

/** An age in the largest whole unit: `45 s`, `12 min`, `3 h`, `2 days`. */
export function ageText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return plural(Math.floor(seconds / 86_400), "day");
}

/**
 * The requesters' acknowledgements given up in the last week (docs/deployment/notifications.md): an
 * address the mail server refused is the requester's typo; many past the reply time, a mail
 * server that has been failing.
 */
function acknowledgementsDropped({ refused, expired }: StoreStatus["acknowledgementsDroppedLastWeek"]): string {
  const reasons = [
    refused > 0 ? `${refused} to an address the mail server refused` : null,
    expired > 0 ? `${expired} not sent within the reply time they promise (see the server's log)` : null,
  ].filter(Boolean);
  return `Acknowledgements dropped in the last week: ${refused + expired}${reasons.length > 0 ? ` (${reasons.join("; ")})` : ""}`;
}

/** A time to an answer or past a reply-by time: in hours for the first three days, as the promise counts them. */
const promiseAge = (ms: number) => (ms < 72 * 3_600_000 ? `${Math.floor(ms / 3_600_000)} h` : ageText(ms));

/** `2026-11-25 09:00 UTC`: to the minute. */
const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The promise over the last PROMISE_WINDOW_DAYS (docs/product.md#the-48-hour-promise): how many of its
 * requests were answered in time, the median time to an answer, and each request overdue now.
 */
function promiseLines(
  promise: PromiseStatus,
  now: number,
  { hours, reminders }: { hours: number; reminders: boolean },
): string[] {
  const { requests, answeredInTime, answeredLate, unansweredPastDue, medianAnswerMs, byAnswer, overdue } = promise;
  const answered = answeredInTime + answeredLate;
  const due = answered + unansweredPastDue;
  const share = due === 0 ? "" : ` (${Math.round((answeredInTime / due) * 100)}% of the ${due} answered or due)`;
  const lines = [
    `The ${hours}-hour promise over the last ${PROMISE_WINDOW_DAYS} days: ${plural(requests, "request")}, ` +
      `${plural(answeredInTime, "answer")} within ${hours} hours${share}, ${answeredLate} later, ` +
      `${unansweredPastDue} past due and unanswered; ` +
      (medianAnswerMs === null ? "none answered yet" : `median time to an answer ${promiseAge(medianAnswerMs)}`) +
      (reminders ? "" : " (REPLY_REMINDERS=off: answers given in HubSpot are not counted here)"),
  ];
  if (answered > 0) lines.push(`  answered ${ANSWERS.map((answer) => `${answer}: ${byAnswer[answer]}`).join(", ")}`);
  lines.push(
    `Overdue now: ${overdue.count}` +
      (overdue.count > 0 ? " (answer one with: npm run requests -- answer <id> invite|decline|other)" : ""),
    ...overdue.requests.map(
      ({ id, replyBy }) => `  ${id}: due ${utcMinute(replyBy)} (${promiseAge(now - replyBy)} ago)`,
    ),
  );
  const more = overdue.count - overdue.requests.length;
  if (more > 0) lines.push(`  and ${more} more: see replyBy and answer in the export`);
  return lines;
}

export function formatStatus(
  status: StoreStatus,
  now: number,
  promise: { hours: number; reminders: boolean } = { hours: 48, reminders: true },
): string {
  const lines = [
    `Requests stored in the last day: ${status.requestsLastDay}`,
    `Requests stored in the last week: ${status.requestsLastWeek}`,
    ...status.sourcesLastWeek.map(
      ({ source, requests }) => `  from ${source === null ? "no known source" : JSON.stringify(source)}: ${requests}`,
    ),
    // By role only once a request named one: before, "about no role" would repeat the week's count.
    ...(status.rolesLastWeek.some(({ role }) => role !== null)
      ? status.rolesLastWeek.map(
          ({ role, requests }) => `  about ${role === null ? "no role" : JSON.stringify(role)}: ${requests}`,
        )
      : []),
    `Relays to HubSpot pending: ${status.relaysPending}`,
    `Relays to HubSpot failed: ${status.relaysFailed}` +
      (status.relaysFailed > 0 ? " (fix the form in HubSpot, then: npm run requests -- retry)" : ""),
    `Requests held as likely automated: ${status.held}` +
      (status.held > 0 ? " (see `held` in the export; send one on with: npm run requests -- admit --id <id>)" : ""),
    `Notifications queued: ${status.notificationsQueued}` +
      (status.oldestNotificationAt === null ? "" : `, the oldest for ${ageText(now - status.oldestNotificationAt)}`),
    acknowledgementsDropped(status.acknowledgementsDroppedLastWeek),
    ...promiseLines(status.promise, now, promise),
  ];
  for (const stopped of status.stoppedChannels) {
    lines.push(
      `Stopped: the ${stopped.channel} channel refused (${stopped.reason}) ${ageText(now - stopped.stoppedAt)} ago; ` +
        "fix it, then: npm run requests -- retry",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Each channel whose last word was an error (the server's start-up check or a delivery): the error, when, and the fix. */
export function formatChannelHealth(channels: Record<string, ChannelState>, now: number): string {
  const failing = Object.entries(channels).filter(([, state]) => state.error !== null);
  return failing
    .map(
      ([channel, state]) =>
        `Last error on the ${channel} channel, ${ageText(now - state.at)} ago: ${state.error}; ` +
        `fix ${CHANNEL_FIXES[channel] ?? "its settings"} (docs/configuration.md), then restart the server\n`,
    )
    .join("");
}
