// `npm run requests -- <command>`: the team's view of the stored invitation requests, with no
// web surface. The commands, their flags and their usage are the table in server/commands/cli.ts;
// this entry point reads the configuration (DATA_DIR, or DATABASE_URL) as the server does, and
// works while the server runs. It sits here, above the server, because `status` starts with the
// releases' state (./status.ts), which server/ does not import.
// First: stops an older Node before a module built for Node 24 is loaded.
import "../server/node-runtime";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../server/load-config";
import { openRequestStore } from "../server/requests/stores/open-store";
import { SQLITE_FILE } from "../server/requests/stores/sqlite-store";
import { exitOnStartError } from "../server/safe-errors";
import { runCommand } from "../server/commands/cli";
import { checkoutPlaces } from "./on-disk";
import { takeLiveSettings } from "./settings";
import { formatReleaseStatus, readReleaseStatus } from "./status";

const argv = process.argv.slice(2);
// Settings not given (DATABASE_URL is not one: only the public ones are recorded) are the live release's.
takeLiveSettings(checkoutPlaces(loadConfig({ warn: false }).server.releasesDir), process.env, {
  log: (line) => console.error(`[requests] ${line}`),
});
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

process.exitCode = await runCommand(argv, {
  config,
  releases: async (now) => formatReleaseStatus(await readReleaseStatus(config), now),
  openStore,
  out: { stdout: (text) => process.stdout.write(text), stderr: (line) => console.error(line) },
}).catch(exitOnStartError(`requests ${argv[0]} failed`));
