// Serves a built site with the production server: `npm run serve -- --port 4310 --dir build/client`.
// Defaults: PORT from the validated configuration, BUILD_DIR/client, host 127.0.0.1 (HOST to change).
// The API (CSP reports, the request API and its relay) runs as under `npm start`
// (server/api/routes.ts), as the configuration in the environment says (INVITATION_API).
import { resolve } from "node:path";
import { loadConfig } from "./load-config";
import { exitOnSignals, startSiteServer } from "./http/site-server";
import { startApi } from "./api/routes";

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
const host = process.env.HOST || "127.0.0.1";

const api = await startApi(config, { servedRoot: root });
const { server, url } = await startSiteServer({
  root,
  port,
  host,
  publicHost: new URL(config.site.siteUrl).hostname,
  apiRoutes: api.routes,
});
exitOnSignals(server, api.stop);
console.log(`Serving ${root} at ${url}`);
