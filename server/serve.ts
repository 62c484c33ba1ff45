// Serves a built site with the production server: `npm run serve -- --port 4310 --dir build/client`.
// Defaults: PORT from the validated configuration, BUILD_DIR/client, host 127.0.0.1 (HOST to change).
// The API runs as under `npm start` (server/main.ts), as the configuration in the
// environment says (INVITATION_API).
// First: stops an older Node before a module built for Node 24 is loaded.
import "./node-runtime";
import { resolve } from "node:path";
import { loadConfig } from "./load-config";
import { serveSite } from "./main";

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const config = loadConfig({ warn: false });
const portFlag = flag("port");
const port = portFlag === undefined ? config.port : Number(portFlag);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${portFlag}"`);
  process.exit(1);
}
const root = resolve(flag("dir") ?? `${process.env.BUILD_DIR ?? "build"}/client`);

await serveSite(config, { root, port, what: root });
