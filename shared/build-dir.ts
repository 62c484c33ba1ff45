/**
 * Where a build is: BUILD_DIR (docs/configuration.md), relative to the checkout or absolute,
 * `build` when unset or empty (as every setting: shared/env.ts); the pages and files a server
 * or host serves are in its client/ folder. One home for both, which the build's configuration,
 * the servers, the releases, the scripts and the tests read. It is given the environment rather
 * than reading it: shared/ runs in the browser too.
 */
import type { Env } from "./env.ts";

export const DEFAULT_BUILD_DIR = "build";
/** The folder of a build that is served: the prerendered pages, /assets/, the public files. */
export const CLIENT_FOLDER = "client";

export function buildDirOf(env: Env): string {
  return env.BUILD_DIR || DEFAULT_BUILD_DIR;
}

/** BUILD_DIR/client, as BUILD_DIR is written (relative or absolute). */
export function clientDirOf(env: Env): string {
  return `${buildDirOf(env)}/${CLIENT_FOLDER}`;
}
