/**
 * Whether BUILD_DIR holds a build of the current sources and configuration. postbuild
 * records a fingerprint of everything the build reads; `npm start` (and the load
 * bench) rebuild when it differs. Content hashes, not modification times, so a
 * checkout or a copy that touches every file does not force a rebuild, and an edit
 * that keeps the mtime (or a changed SITE_URL) does.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { SiteConfig } from "#shared/site-config.ts";

/** What the build reads: sources, public files, image sources, build scripts, configuration files. */
export const BUILD_INPUTS = {
  directories: ["app", "shared", "content", "public", "assets-src", "scripts", "server/http", "hosting"],
  files: ["package.json", "package-lock.json", "astro.config.ts", "tsconfig.json"],
} as const;

/** Tests never reach the build output. */
const IGNORED = /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)(node_modules|\.DS_Store)(\/|$)/;

export const STAMP_FILE = "build-stamp.json";

/** The year a build made now carries in its footer (UTC); part of the fingerprint, so `npm start` rebuilds in a new year. */
export function buildYear(now = new Date()): number {
  return now.getUTCFullYear();
}

/** Where a build input folder is: the checkout's, or for the words CONTENT_ROOT's when set (`npm run edit`'s copy). */
function inputDirectory(projectRoot: string, directory: string): string {
  const contentRoot = process.env.CONTENT_ROOT;
  return directory === "content" && contentRoot ? join(contentRoot, "content") : join(projectRoot, directory);
}

function inputFiles(projectRoot: string): string[] {
  const files: string[] = [];
  for (const directory of BUILD_INPUTS.directories) {
    const absolute = inputDirectory(projectRoot, directory);
    if (!existsSync(absolute)) continue;
    for (const entry of readdirSync(absolute, { recursive: true, encoding: "utf8" })) {
      const path = join(absolute, entry);
      if (lstatSync(path).isFile()) files.push(relative(projectRoot, path).split("\\").join("/"));
    }
  }
  files.push(...BUILD_INPUTS.files.filter((file) => existsSync(join(projectRoot, file))));
  return files.filter((file) => !IGNORED.test(file)).sort();
}

/**
 * A digest of every build input, of the configuration the site is built with (`site`,
 * the values that reach the pages; PORT does not change the build) and of the build year.
 */
export function buildFingerprint(projectRoot: string, site: SiteConfig): string {
  const hash = createHash("sha256");
  hash.update(`config ${JSON.stringify(site)}\n`);
  hash.update(`year ${buildYear()}\n`);
  for (const file of inputFiles(projectRoot)) {
    const content = createHash("sha256")
      .update(readFileSync(join(projectRoot, file)))
      .digest("hex");
    hash.update(`${file} ${content}\n`);
  }
  return hash.digest("hex");
}

export function writeStamp(buildDir: string, fingerprint: string): void {
  writeFileSync(join(buildDir, STAMP_FILE), `${JSON.stringify({ fingerprint }, null, 2)}\n`);
}

/** Why BUILD_DIR needs a new build, or null when it is up to date. */
export function staleReason(buildDir: string, fingerprint: string): string | null {
  if (!existsSync(join(buildDir, "client", "index.html"))) return `${buildDir} holds no build`;
  const stampPath = join(buildDir, STAMP_FILE);
  if (!existsSync(stampPath)) return `${buildDir} has no build stamp`;
  try {
    const stamp = JSON.parse(readFileSync(stampPath, "utf8")) as { fingerprint?: unknown };
    if (stamp.fingerprint === fingerprint) return null;
  } catch {
    return `${stampPath} is unreadable`;
  }
  return "sources, public files, configuration files or configuration values changed since the last build";
}

/** Runs `npm run build` when BUILD_DIR is missing or stale; exits the process if the build fails. */
export function ensureFreshBuild({
  projectRoot,
  buildDir,
  site,
}: {
  projectRoot: string;
  buildDir: string;
  site: SiteConfig;
}): void {
  const reason = staleReason(buildDir, buildFingerprint(projectRoot, site));
  if (reason === null) {
    console.log(`${buildDir} is up to date.`);
    return;
  }
  console.log(`Building: ${reason}.`);
  // Errors only from npm itself: its warnings about the machine's own npm configuration are not the build's.
  const result = spawnSync("npm", ["--loglevel=error", "run", "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) {
    console.error("The build failed; not serving.");
    process.exit(result.status ?? 1);
  }
}
