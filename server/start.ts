// `npm start`: build when BUILD_DIR is missing or stale (server/build-stamp.ts), then
// serve it with the production server on PORT (validated configuration, default 4173).
// HOST sets the interface (default 127.0.0.1; 0.0.0.0 in a container). Wiring: server/main.ts.
// First: stops an older Node before a module built for Node 24 is loaded.
import "./node-runtime";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "./build-stamp";
import { loadConfig } from "./load-config";
import { serveSite } from "./main";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
const config = loadConfig();

ensureFreshBuild({ projectRoot, buildDir, site: config.site });
await serveSite(config, { root: join(buildDir, "client"), port: config.port, what: "the production build" });
