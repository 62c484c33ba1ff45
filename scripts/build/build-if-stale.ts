// Builds BUILD_DIR unless its stamp says it already holds a build of the current sources
// and configuration (server/build-stamp.ts, as `npm start` decides): the browser tests'
// HubSpot builds are made once, then reused until something they read changes.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "../../server/build-stamp";
import { loadConfig } from "../../server/load-config";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
ensureFreshBuild({ projectRoot, buildDir, site: loadConfig({ warn: false }).site });
