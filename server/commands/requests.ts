// The team's view of the stored invitation requests (docs/product.md#nothing-lost and #notifications-and-privacy), with no web surface:
//
//   npm run --silent requests -- export [--format json|csv]   every request, to stdout
//   npm run requests -- retry                                 queue failed relays again
//   npm run --silent requests -- show --email <address>       everything stored for one address, JSON
//   npm run requests -- erase --email <address>               delete one address's requests
//   npm run requests -- purge                                 delete what is older than REQUEST_RETENTION_DAYS
//   npm run requests -- release --id <id>                     send on a request held as likely automated
//   npm run requests -- status                                what an operator checks first
//
// Reads the same configuration as the server (DATA_DIR, or DATABASE_URL), and works
// while the server runs. A summary goes to stderr, so stdout is only the export or the
// JSON of show. Erase and purge also write one line in the server's log format to
// stderr, with counts and never the address: run under the server's service (systemd,
// docker exec), that is the server's log (docs/deployment/personal-data.md).
// First: stops an older Node before a module built for Node 24 is loaded.
import "../node-runtime";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../load-config";
import { exportCsv, exportJson } from "../requests/export";
import { openRequestStore } from "../requests/stores/open-store";
import { SQLITE_FILE } from "../requests/stores/sqlite-store";
import { exitOnStartError } from "../safe-errors";
import { notificationChannels } from "../notifications/worker";
import { eraseByEmail, purgeNow, showByEmail } from "./privacy";
import { formatStatus } from "./status";

export const USAGE = `Usage:
  npm run --silent requests -- export [--format json|csv]
  npm run requests -- retry
  npm run --silent requests -- show --email <address>
  npm run requests -- erase --email <address>
  npm run requests -- purge
  npm run requests -- release --id <id>
  npm run requests -- status`;

const COMMANDS = ["export", "retry", "show", "erase", "purge", "release", "status"] as const;
type Command = (typeof COMMANDS)[number];

const FORMATS = { json: exportJson, csv: exportCsv } as const;
type Format = keyof typeof FORMATS;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function formatFrom(args: readonly string[]): Format {
  const index = args.indexOf("--format");
  const inline = args.find((arg) => arg.startsWith("--format="));
  const value = inline ? inline.slice("--format=".length) : index === -1 ? "json" : args[index + 1];
  if (value !== "json" && value !== "csv") fail(`--format must be json or csv, got "${value ?? ""}".`);
  return value;
}

/** The address of `--email <address>` or `--email=<address>`. */
function emailFrom(args: readonly string[]): string {
  const index = args.indexOf("--email");
  const inline = args.find((arg) => arg.startsWith("--email="));
  const value = (inline ? inline.slice("--email=".length) : index === -1 ? undefined : args[index + 1])?.trim();
  if (!value || !value.includes("@")) fail("--email <address> is required.");
  return value;
}

/** The id of `--id <id>` or `--id=<id>`. */
function idFrom(args: readonly string[]): string {
  const index = args.indexOf("--id");
  const inline = args.find((arg) => arg.startsWith("--id="));
  const value = (inline ? inline.slice("--id=".length) : index === -1 ? undefined : args[index + 1])?.trim();
  if (!value) fail("--id <id> is required (the export lists each request's id).");
  return value;
}

const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command as Command)) fail(command ? `Unknown command "${command}".` : "No command given.");
const format = command === "export" ? formatFrom(args) : null;
const email = command === "show" || command === "erase" ? emailFrom(args) : null;
const id = command === "release" ? idFrom(args) : null;

const config = loadConfig({ warn: false });
// A DATA_DIR without a database is a mistyped path, not an empty list: say so rather than create one.
const sqlitePath = resolve(join(config.server.dataDir, SQLITE_FILE));
if (!config.server.databaseUrl && !existsSync(sqlitePath)) {
  console.error(`No request database at ${sqlitePath}: check DATA_DIR (or set DATABASE_URL).`);
  process.exit(1);
}
const store = await openRequestStore(config.server).catch(exitOnStartError("Could not open the request store"));
try {
  if (command === "show") {
    const shown = await showByEmail(store, email!);
    process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    console.error(`${shown.length} request${shown.length === 1 ? "" : "s"} from that address (${store.description}).`);
  } else if (command === "erase") {
    const outcome = await eraseByEmail(store, email!, { timeoutMs: config.server.delivery.timeoutMs });
    console.log(outcome.summary);
    console.error(outcome.logLine);
  } else if (command === "release") {
    const outcome = await store.releaseHeld(id!, Date.now(), notificationChannels(config.server.notifications));
    if (outcome === "not-found") {
      console.error(`No request with id ${id} is stored.`);
      process.exitCode = 1;
    } else if (outcome === "not-held") {
      console.error(`Request ${id} is not held: nothing to release.`);
    } else {
      console.error(
        `Released ${id}: the server relays it and tells the team as if it had just arrived (${store.description}).`,
      );
    }
  } else if (command === "status") {
    process.stdout.write(formatStatus(await store.status(Date.now()), Date.now()));
  } else if (command === "purge") {
    const outcome = await purgeNow(store, config.site.requestRetentionDays, Date.now());
    console.log(outcome.summary);
    console.error(outcome.logLine);
  } else if (format) {
    const requests = await store.list();
    process.stdout.write(FORMATS[format](requests));
    console.error(`${requests.length} request${requests.length === 1 ? "" : "s"} from the ${store.description}.`);
  } else {
    const queued = await store.requeueFailed(Date.now());
    console.error(
      `Queued ${queued} failed request${queued === 1 ? "" : "s"} for the relay again (${store.description}).`,
    );
    const reopened = await store.reopenChannels();
    if (reopened > 0) console.error(`Reopened ${reopened} stopped notification channel${reopened === 1 ? "" : "s"}.`);
    if (queued > 0 && !config.site.hubspot) {
      console.error("HubSpot is not configured here: a server started with the HubSpot ids will send them.");
    }
  }
} catch (error) {
  exitOnStartError(`requests ${command} failed`)(error);
} finally {
  await store.close();
}
