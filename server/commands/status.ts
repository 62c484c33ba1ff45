/**
 * `npm run requests -- status` (docs/product.md#notifications-and-privacy): the counts an operator checks
 * first, one per line, with what to do when one is not what it should be.
 */
import { plural } from "#shared/text.ts";
import type { StoreStatus } from "../requests/store";

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

export function formatStatus(status: StoreStatus, now: number): string {
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
      (status.held > 0 ? " (see `held` in the export; send one on with: npm run requests -- release --id <id>)" : ""),
    `Notifications queued: ${status.notificationsQueued}` +
      (status.oldestNotificationAt === null ? "" : `, the oldest for ${ageText(now - status.oldestNotificationAt)}`),
    acknowledgementsDropped(status.acknowledgementsDroppedLastWeek),
  ];
  for (const stopped of status.stoppedChannels) {
    lines.push(
      `Stopped: the ${stopped.channel} channel refused (${stopped.reason}) ${ageText(now - stopped.stoppedAt)} ago; ` +
        "fix it, then: npm run requests -- retry",
    );
  }
  return `${lines.join("\n")}\n`;
}
