// Serves a built site with the production server: `npm run serve -- --port 4310 --dir build/client`.
// Defaults: PORT from the validated configuration, BUILD_DIR/client, host 127.0.0.1 (HOST to change).
// The API runs as under `npm start` (server/main.ts), as the configuration in the
// environment says (INVITATION_API).
// First: stops an older Node before a module built for Node 24 is loaded.
import "./node-runtime";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "./load-config";
import { serveSite } from "./main";

function readFlags() {
  try {
    return parseArgs({ options: { port: { type: "string" }, dir: { type: "string" } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run serve -- [--port <port>] [--dir <folder>]`);
    process.exit(2);
  }
}

const flags = readFlags();
const config = loadConfig({ warn: false });
const port = flags.port === undefined ? config.port : Number(flags.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${flags.port}"`);
  process.exit(1);
}
const root = resolve(flags.dir ?? `${process.env.BUILD_DIR ?? "build"}/client`);

await serveSite(config, { root, port, what: root });
