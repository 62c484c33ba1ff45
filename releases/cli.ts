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
import { update } from "./update";

const USAGE = [
  "Usage: npm run update [-- --force]",
  "       npm run rollback",
  "--force: build the branch's head even when it is live or left alone (it failed, or was rolled back from).",
  "A release's server gets the running server's settings: after changing them, restart the service",
  "(systemctl restart ta-network) or npm start (docs/deployment.md#updates-and-rollbacks).",
].join("\n");

const [command, ...args] = process.argv.slice(2);
let force = false;
try {
  force = parseArgs({ args, options: { force: { type: "boolean", default: false } } }).values.force ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (command !== "update" && command !== "rollback") {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig({ warn: false });
const context = {
  config,
  places: checkoutPlaces(config.server.releasesDir),
  log: (line: string) => console.log(`[${command}] ${line}`),
  now: Date.now,
};
process.exitCode = await (command === "update" ? update(context, { force }) : rollback(context)).catch(
  exitOnStartError(`${command} failed`),
);
