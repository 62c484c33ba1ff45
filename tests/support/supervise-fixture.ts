/**
 * The supervisor as `npm start` runs it (releases/start.ts), on a fixture site's client folder
 * instead of a release's build, for tests/server/supervisor.test.ts:
 *
 *   node --import tsx tests/support/supervise-fixture.ts <client folder> <port>
 *
 * with the settings in the environment, the team told when the server keeps crashing.
 */
import { dirname, join } from "node:path";
import { tellTeamWhenCrashing } from "../../releases/alert";
import { supervise } from "../../releases/supervisor";
import { loadConfig } from "../../server/load-config";
import { PROJECT_ROOT } from "./site-process";

const [client, port] = process.argv.slice(2);
const config = loadConfig();
const log = (line: string) => console.log(`[supervisor] ${line}`);
await supervise({
  dataDir: config.server.dataDir,
  host: "127.0.0.1",
  port: Number(port),
  places: {
    checkout: PROJECT_ROOT,
    releasesDir: join(dirname(client!), "releases"),
    checkoutBuildDir: dirname(client!),
  },
  first: { id: "checkout", dir: PROJECT_ROOT, client: client!, commit: null, subject: null },
  olderRoots: [],
  log,
  onKeepsCrashing: tellTeamWhenCrashing(config, log),
});
