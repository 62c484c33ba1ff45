// `npm run requests -- <command>`: the team's view of the stored invitation requests, with no
// web surface. The commands, their flags and their usage are the table in ./cli.ts; this entry
// point reads the configuration (DATA_DIR, or DATABASE_URL) as the server does, and works
// while the server runs.
// First: stops an older Node before a module built for Node 24 is loaded.
import "../server/node-runtime";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../server/load-config";
import { openRequestStore } from "../server/requests/stores/open-store";
import { SQLITE_FILE } from "../server/requests/stores/sqlite-store";
import { exitOnStartError } from "../server/safe-errors";
import { fileURLToPath } from "node:url";
import { askServer, NoServerError } from "./control";
import { gitHead } from "./git";
import { keptReleases, liveRelease, readState, releasePlaces } from "./on-disk";
import { runCommand } from "../server/commands/cli";
import type { ReleaseStatus } from "../server/commands/status";

const argv = process.argv.slice(2);
const config = loadConfig({ warn: false });

async function openStore() {
  // A DATA_DIR without a database is a mistyped path, not an empty list: say so rather than create one.
  const sqlitePath = resolve(join(config.server.dataDir, SQLITE_FILE));
  if (!config.server.databaseUrl && !existsSync(sqlitePath)) {
    console.error(`No request database at ${sqlitePath}: check DATA_DIR (or set DATABASE_URL).`);
    process.exit(1);
  }
  return openRequestStore(config.server).catch(exitOnStartError("Could not open the request store"));
}

/** The live release (RELEASES_DIR) and the server on DATA_DIR, if one answers within a second. */
async function releases(): Promise<ReleaseStatus> {
  const places = releasePlaces({
    checkout: fileURLToPath(new URL("..", import.meta.url)),
    releasesDir: config.server.releasesDir,
    buildDir: process.env.BUILD_DIR ?? "build",
  });
  const state = readState(places);
  const head = gitHead(places.checkout);
  let serving: ReleaseStatus["serving"] = null;
  try {
    const answer = await askServer(config.server.dataDir, { command: "status" }, 1000);
    if (answer.ok) serving = answer.serving;
  } catch (error) {
    if (!(error instanceof NoServerError)) console.error(`The server did not answer: ${(error as Error).message}`);
  }
  return { live: liveRelease(places, state, head), state, kept: keptReleases(places, state, head), serving };
}

process.exitCode = await runCommand(argv, {
  config,
  releases,
  openStore,
  out: { stdout: (text) => process.stdout.write(text), stderr: (line) => console.error(line) },
}).catch(exitOnStartError(`requests ${argv[0]} failed`));
