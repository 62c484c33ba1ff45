// `npm start`: the supervisor (releases/supervisor.ts), not the server itself. It holds PORT's
// socket (validated configuration, default 4173) and runs the live release's server
// (server/serve.ts) in a child process, so that `npm run update` and `npm run rollback` replace
// it without a refused connection (docs/decisions/0024-releases-not-restarts.md). The server's
// output comes through unchanged; a debugger attaches to the server with
// `npm start -- --inspect` (the flag goes to each server's Node), or to `npm run serve`, the
// server alone. Before the first update the live release is this checkout: it is built first
// when BUILD_DIR is missing or stale (server/build-stamp.ts). HOST sets the interface (default
// 127.0.0.1; 0.0.0.0 in a container). The server's wiring: server/main.ts.
// First: stops an older Node before a module built for Node 24 is loaded.
import "../server/node-runtime";
import { ensureFreshBuild } from "../server/build-stamp";
import { loadConfig } from "../server/load-config";
import { exitOnStartError } from "../server/safe-errors";
import { listenHost } from "../server/supervision";
import { gitHead } from "./git";
import {
  CHECKOUT_ID,
  checkoutClient,
  checkoutPlaces,
  keptReleases,
  liveRelease,
  olderRoots,
  readState,
} from "./on-disk";
import { takeLiveSettings } from "./settings";
import { supervise } from "./supervisor";
import { tellTeamWhenCrashing } from "./alert";

const USAGE =
  "Usage: npm start [-- --inspect[=[host:]port]]   (or --inspect-brk, --inspect-wait: for each server's Node)";
/** Node's inspector flags, passed on to the servers: the supervisor has nothing to debug. */
const INSPECT_FLAG = /^--inspect(-brk|-wait)?(=[\w.:[\]-]+)?$/;

const flags = process.argv.slice(2);
const unknown = flags.find((flag) => !INSPECT_FLAG.test(flag));
if (unknown !== undefined) {
  console.error(`Unknown option ${unknown}\n${USAGE}`);
  process.exit(2);
}

const places = checkoutPlaces(loadConfig({ warn: false }).server.releasesDir);
// Settings not given are the live release's (releases/settings.ts): a start from a shell without them serves what was built.
takeLiveSettings(places, process.env, { log: (line) => console.log(`[supervisor] ${line}`) });
const config = loadConfig();

try {
  const state = readState(places);
  const head = gitHead(places.checkout);
  const live = liveRelease(places, state, head);
  if (live.id === CHECKOUT_ID) {
    ensureFreshBuild({ projectRoot: places.checkout, buildDir: places.checkoutBuildDir, site: config.site });
  } else {
    console.log(
      `Serving release ${live.id} (commit ${live.commit?.slice(0, 12)}), live since ${new Date(state.live!.liveAt).toISOString()} by ${state.live!.by}.`,
    );
  }
  await supervise({
    dataDir: config.server.dataDir,
    host: listenHost(process.env),
    port: config.port,
    places,
    first: live,
    olderRoots: olderRoots(keptReleases(places, state, head), live, checkoutClient(places)),
    nodeFlags: flags,
    onKeepsCrashing: tellTeamWhenCrashing(config, (line) => console.log(`[supervisor] ${line}`)),
  });
} catch (error) {
  exitOnStartError("The server could not start")(error);
}
