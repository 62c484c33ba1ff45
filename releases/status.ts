/**
 * What `npm run requests -- status` says first (docs/deployment.md#updates-and-rollbacks): the
 * live release (its commit, when it went live, by update or rollback), the releases kept, the
 * server running it, and a commit updates leave alone. server/commands/ prints it before the
 * requests' counts; it is read here, above the server, which knows nothing of releases.
 */
import type { AppConfig } from "../server/config";
import { ageText } from "../server/commands/status";
import { askServer, NoServerError, type Serving } from "./control";
import { gitHead } from "./git";
import {
  checkoutPlaces,
  keptReleases,
  liveRelease,
  readState,
  skipCause,
  skipSummary,
  type Release,
  type ReleaseState,
} from "./on-disk";

export interface ReleaseStatus {
  /** The release the server serves, or would at its next start. */
  live: Release;
  state: ReleaseState;
  kept: Release[];
  /** The running server, or null when none answers on DATA_DIR/control.sock. */
  serving: Serving | null;
}

/** How long the running server has to answer: a status is a quick look. */
const ASK_TIMEOUT_MS = 1000;

/** The live release (RELEASES_DIR) and the server on DATA_DIR, if one answers within a second. */
export async function readReleaseStatus(config: AppConfig): Promise<ReleaseStatus> {
  const places = checkoutPlaces(config.server.releasesDir);
  const state = readState(places);
  const head = gitHead(places.checkout);
  let serving: Serving | null = null;
  try {
    const answer = await askServer(config.server.dataDir, { command: "status" }, ASK_TIMEOUT_MS);
    if (answer.ok) serving = answer.serving;
  } catch (error) {
    if (!(error instanceof NoServerError)) console.error(`The server did not answer: ${(error as Error).message}`);
  }
  return { live: liveRelease(places, state, head), state, kept: keptReleases(places, state, head), serving };
}

const short = (commit: string | null) => (commit ? commit.slice(0, 12) : "unknown");

/** The live release first: its commit, when it went live and how; then what is kept, skipped, and whether a server runs. */
export function formatReleaseStatus({ live, state, kept, serving }: ReleaseStatus, now: number): string {
  const record = state.live?.id === live.id ? state.live : null;
  const lines = [
    `Live release: ${live.id} (commit ${short(live.commit)}${live.subject ? `: ${live.subject}` : ""})` +
      (record
        ? `, live since ${new Date(record.liveAt).toISOString()} (${ageText(now - record.liveAt)} ago), by ${record.by}`
        : ", the checkout itself: no update has run"),
    `Releases kept: ${kept.map((release) => release.id).join(", ") || "none"} (npm run rollback goes to the one before the live one)`,
    serving
      ? `Server: pid ${serving.pid} serves release ${serving.release.id} at ${serving.url}, since ${new Date(serving.since).toISOString()}`
      : "Server: none runs on this DATA_DIR",
  ];
  if (state.skip) {
    lines.push(
      `Updates leave commit ${short(state.skip.commit)} alone: ${skipCause(state.skip)} ` +
        `${ageText(now - state.skip.at)} ago (${skipSummary(state.skip)}); push a newer commit, or: npm run update -- --force`,
    );
  }
  return `${lines.join("\n")}\n`;
}
