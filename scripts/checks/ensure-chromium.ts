// Browser tests drive Debian's Chromium, never a downloaded browser build. Install it
// with apt when it is missing and we are root; otherwise say how.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Installs Debian's `pkg` unless `installed()` (by default: `binary` exists). */
export function ensureDebianPackage(binary: string, pkg: string, installed = () => existsSync(binary)): void {
  if (installed()) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`${binary} is missing. Install it with: sudo apt-get update && sudo apt-get install -y ${pkg}`);
    process.exit(1);
  }
  console.log(`${binary} is missing: installing Debian's ${pkg} package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", pkg], { stdio: "inherit", env });
  if (!installed()) {
    console.error(`Installing ${pkg} did not provide ${binary}.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDebianPackage(CHROMIUM_PATH, "chromium");
}
