/**
 * The two servers of the production build the browser specs compare (both started by
 * playwright.config.ts). What they are checked with, the build's expected policy, lives
 * in tests/support/served-build.ts (the raw HTTP client in tests/support/raw-client.ts),
 * shared with the server tests, which start servers of their own.
 */
import { NGINX_SERVER_PORT, NODE_SERVER_PORT } from "../e2e-env";
import type { ServerTarget } from "../served-build";

export { BUILD_CLIENT, expectedCsp, hashedScript, originOf, type ServerTarget } from "../served-build";

export const SERVERS: readonly ServerTarget[] = [
  { name: "node", port: NODE_SERVER_PORT },
  { name: "nginx", port: NGINX_SERVER_PORT },
];
