// `npm run update` and `npm run rollback` (docs/deployment.md#updates-and-rollbacks): run in the
// checkout, with the server's settings (DATA_DIR, RELEASES_DIR and the alert channels), by
// hand or by ta-network-update.timer. Exit codes: 0 live (or nothing to do), 1 not changed
// (the reason is printed; a failed update also tells the team), 2 a wrong command line.
// First: stops an older Node before a module built for Node 24 is loaded.
import "../server/node-runtime";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/load-config";
import { exitOnStartError } from "../server/safe-errors";
import { checkoutPlaces } from "./on-disk";
import { rollback } from "./rollback";
import { takeLiveSettings } from "./settings";
import { update } from "./update";

const USAGE = [
  "Usage: npm run update [-- --force] [--settings-changed]",
  "       npm run rollback [-- --settings-changed]",
  "--force: build the branch's head even when it is live or left alone (it failed, or was rolled back from).",
  "--settings-changed: put public settings live that differ from the live release's (SITE_URL, the site's facts);",
  "  without it, settings not given are the live release's and a difference refuses, naming each variable.",
  "A release's server gets the running server's settings: after changing them, restart the service",
  "(systemctl restart ta-network) or npm start (docs/deployment.md#updates-and-rollbacks).",
].join("\n");

const [command, ...args] = process.argv.slice(2);
let force = false;
let settingsChanged = false;
try {
  const { values } = parseArgs({
    args,
    options: { force: { type: "boolean", default: false }, "settings-changed": { type: "boolean", default: false } },
  });
  force = values.force ?? false;
  settingsChanged = values["settings-changed"] ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (command !== "update" && command !== "rollback") {
  console.error(USAGE);
  process.exit(2);
}

const log = (line: string) => console.log(`[${command}] ${line}`);
const places = checkoutPlaces(loadConfig({ warn: false }).server.releasesDir);
// Settings not given are the live release's (releases/settings.ts); then the configuration is read with them.
takeLiveSettings(places, process.env, { asGiven: settingsChanged, log });
const config = loadConfig({ warn: false });
const context = { config, places, log, now: Date.now };
process.exitCode = await (
  command === "update" ? update(context, { force, settingsChanged }) : rollback(context, { settingsChanged })
).catch(exitOnStartError(`${command} failed`));
