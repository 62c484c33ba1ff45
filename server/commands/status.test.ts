// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { StoreStatus } from "../requests/store";
import { formatStatus } from "./status";

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const STATUS: StoreStatus = {
  requestsLastDay: 2,
  requestsLastWeek: 6,
  sourcesLastWeek: [{ source: null, requests: 6 }],
  rolesLastWeek: [{ role: null, requests: 6 }],
  relaysPending: 0,
  relaysFailed: 0,
  held: 0,
  notificationsQueued: 0,
  oldestNotificationAt: null,
  acknowledgementsDroppedLastWeek: { refused: 0, expired: 0 },
  stoppedChannels: [],
  promise: {
    requests: 0,
    answeredInTime: 0,
    answeredLate: 0,
    unansweredPastDue: 0,
    medianAnswerMs: null,
    byAnswer: { invite: 0, decline: 0, other: 0 },
    overdue: { count: 0, requests: [] },
  },
};

describe("requests -- status", () => {
  it("counts the last week's requests by the role they were about, and those about none", () => {
    const text = formatStatus(
      {
        ...STATUS,
        rolesLastWeek: [
          { role: "SVP, Talent Acquisition", requests: 3 },
          { role: null, requests: 2 },
          { role: 'Head of "Global" Talent', requests: 1 },
        ],
      },
      NOW,
    );
    expect(text).toContain(
      [
        "Requests stored in the last week: 6",
        "  from no known source: 6",
        '  about "SVP, Talent Acquisition": 3',
        "  about no role: 2",
        '  about "Head of \\"Global\\" Talent": 1',
        "Relays to HubSpot pending: 0",
      ].join("\n"),
    );
  });

  it("says nothing of roles while no request of the week named one", () => {
    expect(formatStatus(STATUS, NOW)).not.toContain("about");
  });

  it("counts the acknowledgements given up in the week, by why", () => {
    expect(formatStatus(STATUS, NOW)).toContain("Acknowledgements dropped in the last week: 0\n");
    expect(formatStatus({ ...STATUS, acknowledgementsDroppedLastWeek: { refused: 2, expired: 1 } }, NOW)).toContain(
      "Acknowledgements dropped in the last week: 3 (2 to an address the mail server refused; 1 not sent within",
    );
  });

  it("says how the promise was kept over 30 days, the median time to an answer, and each request overdue now", () => {
    const HOUR = 60 * 60 * 1000;
    const promise = {
      requests: 12,
      answeredInTime: 7,
      answeredLate: 2,
      unansweredPastDue: 1,
      medianAnswerMs: 20 * HOUR + 10 * 60 * 1000,
      byAnswer: { invite: 5, decline: 3, other: 1 },
      overdue: { count: 3, requests: [{ id: "id-1", replyBy: NOW - 30 * HOUR }] },
    };
    expect(formatStatus({ ...STATUS, promise }, NOW, { hours: 48, reminders: true })).toContain(
      [
        "The 48-hour promise over the last 30 days: 12 requests, 7 answers within 48 hours (70% of the 10 answered " +
          "or due), 2 later, 1 past due and unanswered; median time to an answer 20 h",
        "  answered invite: 5, decline: 3, other: 1",
        "Overdue now: 3 (answer one with: npm run requests -- answer <id> invite|decline|other)",
        "  id-1: due 2026-11-26 03:00 UTC (30 h ago)",
        "  and 2 more: see replyBy and answer in the export",
      ].join("\n"),
    );
    const quiet = formatStatus(STATUS, NOW, { hours: 24, reminders: false });
    expect(quiet).toContain(
      "The 24-hour promise over the last 30 days: 0 requests, 0 answers within 24 hours, 0 later, 0 past due and " +
        "unanswered; none answered yet (REPLY_REMINDERS=off: answers given in HubSpot are not counted here)\nOverdue now: 0\n",
    );
  });
});
