// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatSearchPushStatus } from "./push-status";
import { ABSENT, shownState } from "./push-outbox";

const NOW = Date.UTC(2026, 10, 27, 18);
const ON = {
  google: { keyFile: "/etc/key.json", apiOrigin: "https://indexing.googleapis.com" },
  indexNow: null,
};

describe("requests -- status, the pushes", () => {
  it("says which engines are on, what waits and why, Google's quota of the day, and the last pushes", () => {
    const text = formatSearchPushStatus(
      {
        backlog: [
          { engine: "google", pending: 3, oldestAt: NOW - 2 * 3600_000, lastError: "answered 503" },
          { engine: "indexnow", pending: 1, oldestAt: NOW - 60_000, lastError: null },
        ],
        recent: [
          { engine: "google", url: "https://network.example/roles/a", state: ABSENT, pushedAt: NOW - 300_000 },
          { engine: "google", url: "https://network.example/roles/b", state: shownState("x"), pushedAt: NOW - 400_000 },
        ],
        googleUsedToday: 12,
      },
      ON,
      NOW,
    );
    expect(text).toBe(
      [
        "Pushes to search engines: Google's Indexing API on, IndexNow off",
        "  waiting for Google's Indexing API: 3, the oldest for 2 h (the last try: answered 503)",
        "  waiting for IndexNow: 1, the oldest for 1 min (off here: a server with it configured sends them)",
        "  Google's quota used today (Pacific time): 12 of 200",
        "  pushed 5 min ago to Google's Indexing API: URL_DELETED https://network.example/roles/a",
        "  pushed 6 min ago to Google's Indexing API: URL_UPDATED https://network.example/roles/b",
        "",
      ].join("\n"),
    );
  });

  it("says when nothing waits", () => {
    expect(
      formatSearchPushStatus({ backlog: [], recent: [], googleUsedToday: 0 }, { google: null, indexNow: null }, NOW),
    ).toBe("Pushes to search engines: Google's Indexing API off, IndexNow off\n  waiting: none\n");
  });
});
