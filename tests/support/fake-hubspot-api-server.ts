// The fake HubSpot submission API as a process of its own, for the browser tests' web
// servers: `tsx tests/support/fake-hubspot-api-server.ts --port 4314`. It accepts every
// submission and lists them at RECEIVED_PATH.
import { startFakeHubSpotApi } from "./fake-hubspot-api";

const port = Number(process.argv[process.argv.indexOf("--port") + 1]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("fake-hubspot-api-server: --port must be a port number");
  process.exit(1);
}
const api = await startFakeHubSpotApi({ port });
console.log(`Fake HubSpot submission API at ${api.origin}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void api.close().then(() => process.exit(0)));
}
