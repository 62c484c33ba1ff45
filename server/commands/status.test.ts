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
});
