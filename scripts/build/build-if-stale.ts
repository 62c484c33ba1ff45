// Builds BUILD_DIR unless its stamp says it already holds a build of the current sources
// and configuration (server/build-stamp.ts, as `npm start` decides): the browser tests'
// HubSpot builds are made once, then reused until something they read changes.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "../../server/build-stamp";
import { loadConfig } from "../../server/load-config";
import { buildDirOf } from "#shared/build-dir.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const buildDir = resolve(projectRoot, buildDirOf(process.env));
ensureFreshBuild({ projectRoot, buildDir, site: loadConfig({ warn: false }).site });
