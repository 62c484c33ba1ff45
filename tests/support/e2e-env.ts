/**
 * What the browser tests, the benches and the screenshots share with playwright.config.ts:
 * the test servers' ports and request databases, and the flags Chromium needs here.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";

export const NODE_SERVER_PORT = Number(process.env.E2E_PORT ?? 4310);
/** nginx serves the same build, with the configuration the build generated, on the next port. */
export const NGINX_SERVER_PORT = NODE_SERVER_PORT + 1;
/** A second build, made with test HubSpot ids (legacy embed, na1), for the specs of the real-embed path. */
export const HUBSPOT_SERVER_PORT = NODE_SERVER_PORT + 2;
/** A third build, with the same ids, the current forms editor's embed and region eu1. */
export const HUBSPOT_CURRENT_SERVER_PORT = NODE_SERVER_PORT + 3;
/** The fake of HubSpot's submission API (tests/support/fake-hubspot-api-server.ts) the HubSpot builds relay to. */
export const FAKE_HUBSPOT_API_PORT = NODE_SERVER_PORT + 4;
export const FAKE_HUBSPOT_API_ORIGIN = `http://127.0.0.1:${FAKE_HUBSPOT_API_PORT}`;
/** Each server's request database: a throw-away folder per port, emptied when the server starts. */
export const e2eDataDir = (port: number) => join(tmpdir(), `ta-network-e2e-${port}`);
/**
 * Nothing off this machine: every request to another host goes to a proxy on a port where
 * nothing listens and fails (ERR_PROXY_CONNECTION_FAILED), while loopback is never
 * proxied. Blocked in the network stack, not by intercepting each request in the test
 * process, which cost every page load a round trip per file and turned off the HTTP
 * cache. Tests fake the third parties they need (HubSpot) with their own routes.
 */
export const OFFLINE_ARGS = ["--proxy-server=http://127.0.0.1:9"];
// Flags this machine needs: no sandbox as root, and no background calls home on a closed network.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
