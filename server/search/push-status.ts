/**
 * What `npm run requests -- status` says of the pushes to search engines (docs/deployment/search-engines.md):
 * which engines this configuration tells, what waits for each and why, Google's quota of the day,
 * and the last pushes made.
 */
import { ageText } from "../commands/status";
import type { SearchSettings } from "../config";
import { GOOGLE_DAILY_QUOTA } from "./google-indexing";
import { ABSENT, notificationTypeOf, type SearchEngine, type SearchPushStatus } from "./push-outbox";
import { searchEngines } from "./push-worker";

const NAMES: Record<SearchEngine, string> = { google: "Google's Indexing API", indexnow: "IndexNow" };

export function formatSearchPushStatus(status: SearchPushStatus, settings: SearchSettings, now: number): string {
  const on = searchEngines(settings);
  const lines = [
    `Pushes to search engines: ${(["google", "indexnow"] as const)
      .map((engine) => `${NAMES[engine]} ${on.includes(engine) ? "on" : "off"}`)
      .join(", ")}`,
  ];
  if (status.backlog.length === 0) lines.push("  waiting: none");
  for (const { engine, pending, oldestAt, lastError } of status.backlog) {
    lines.push(
      `  waiting for ${NAMES[engine]}: ${pending}, the oldest for ${ageText(now - oldestAt)}` +
        (lastError ? ` (the last try: ${lastError})` : "") +
        (on.includes(engine) ? "" : " (off here: a server with it configured sends them)"),
    );
  }
  if (on.includes("google")) {
    lines.push(`  Google's quota used today (Pacific time): ${status.googleUsedToday} of ${GOOGLE_DAILY_QUOTA}`);
  }
  for (const push of status.recent) {
    const what = push.engine === "google" ? notificationTypeOf(push.state) : push.state === ABSENT ? "gone" : "changed";
    lines.push(`  pushed ${ageText(now - push.pushedAt)} ago to ${NAMES[push.engine]}: ${what} ${push.url}`);
  }
  return `${lines.join("\n")}\n`;
}
