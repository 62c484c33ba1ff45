/**
 * The production build under test (BUILD_DIR) as its two servers deliver it, the Node
 * server of `npm start` and nginx with the build's own configuration, for the browser
 * specs (tests/support/browser/server-targets.ts names the servers playwright.config.ts
 * starts) and the server tests (tests/support/production-servers.ts starts their own). They
 * read it with the raw HTTP client of tests/support/raw-client.ts: browsers and fetch
 * normalise paths (`..`, backslashes) and decompress bodies, which these tests must see.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildCsp, policyConfigFor } from "../../server/http/csp";
import { collectInlineScriptHashes } from "../../server/http/inline-scripts";
import { site } from "./browser/site-config";
import { CLIENT_FOLDER, buildDirOf } from "#shared/build-dir.ts";

/** The build both servers serve, and its client folder. */
export const BUILD_DIR = resolve(buildDirOf(process.env));
export const BUILD_CLIENT = join(BUILD_DIR, CLIENT_FOLDER);

/** Stops a test that reads the build at once, saying what to do, when there is none. */
export function requireBuild(): void {
  const page = join(BUILD_CLIENT, "index.html");
  if (!existsSync(page)) {
    throw new Error(`${page} is missing: run \`npm run build\` first (with the same BUILD_DIR)`);
  }
}

/** One server of the build: its name in test titles and the loopback port it listens on. */
export interface ServerTarget {
  readonly name: "node" | "nginx";
  port: number;
}

export const originOf = (server: ServerTarget) => `http://127.0.0.1:${server.port}`;

/** The policy both servers must send: the shared module applied to the build under test and its configuration. */
export const expectedCsp = () =>
  buildCsp({ scriptHashes: collectInlineScriptHashes(BUILD_CLIENT), ...policyConfigFor(site) });

/** A content-hashed script of the build, as a URL path. */
export function hashedScript(): string {
  const name = readdirSync(resolve(BUILD_CLIENT, "assets")).find((file) => /[.-][\w-]{6,}\.js$/.test(file));
  if (!name) throw new Error(`no hashed script in ${BUILD_CLIENT}/assets`);
  return `/assets/${name}`;
}
