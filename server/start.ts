// `npm start`: build when BUILD_DIR is missing or stale (scripts/build/build-stamp.ts), then
// serve it with the production server on PORT (validated configuration, default 4173).
// HOST sets the interface (default 127.0.0.1; 0.0.0.0 in a container).
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "../scripts/build/build-stamp";
import { loadConfig } from "./load-config";
import { apiRoutes } from "./api/routes";
import { exitOnSignals, startSiteServer } from "./http/site-server";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
const config = loadConfig();

ensureFreshBuild({ projectRoot, buildDir, site: config.site });
const { server, url } = await startSiteServer({
  root: join(buildDir, "client"),
  port: config.port,
  host: process.env.HOST || "127.0.0.1",
  publicHost: new URL(config.site.siteUrl).hostname,
  apiRoutes: apiRoutes(config),
});
exitOnSignals(server);
console.log(`Serving the production build at ${url}`);
