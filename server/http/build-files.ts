/**
 * The files of a build folder as URLs: what the Node server may serve, and what postbuild
 * checks and lists for the static hosts' headers. Both servers must see the same files.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** A path relative to the build folder as a URL path: a leading slash, forward slashes. */
const urlPathOf = (entry: string) => `/${entry.split("\\").join("/")}`;

/** Every regular file under `root` as a URL path (`/assets/x.js`); symlinks are left out. */
export function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (lstatSync(join(root, entry)).isFile()) files.add(urlPathOf(entry));
  }
  return files;
}

/**
 * The symbolic links under `root` (`/assets/x.js`). The Node server leaves them out and
 * the nginx configuration follows them, so postbuild refuses a build that has any.
 */
export function symbolicLinks(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((entry) => lstatSync(join(root, entry)).isSymbolicLink())
    .map(urlPathOf);
}
