// `npm start`: build when BUILD_DIR is missing or stale (scripts/build/build-stamp.ts), then
// serve it with the production server on PORT (validated configuration, default 4173).
// HOST sets the interface (default 127.0.0.1; 0.0.0.0 in a container). The request API
// stores into DATA_DIR (created and migrated here) or DATABASE_URL (server/api/routes.ts).
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "../scripts/build/build-stamp";
import { loadConfig } from "./load-config";
import { exitOnSignals, startSiteServer } from "./http/site-server";
import { startApi } from "./api/routes";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
const config = loadConfig();

ensureFreshBuild({ projectRoot, buildDir, site: config.site });
const root = join(buildDir, "client");
const api = await startApi(config, { servedRoot: root });
const { server, url } = await startSiteServer({
  root,
  port: config.port,
  host: process.env.HOST || "127.0.0.1",
  publicHost: new URL(config.site.siteUrl).hostname,
  apiRoutes: api.routes,
});
exitOnSignals(server, api.stop);
console.log(`Serving the production build at ${url}`);
