// Browsers come from Debian, never a downloaded build: the browser tests drive its
// chromium-headless-shell (the kind of headless Playwright itself runs since 1.49, the same
// source and version as the full browser, and cheaper to run); screenshots, Lighthouse and
// anything judged by pixels use the full Chromium. Installed with apt when missing and we
// are root; otherwise the message says how.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The full browser: screenshots, Lighthouse, the benches. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Firefox for the browser tests that run in it too (tests/e2e/request-invitation-early-touch.spec.ts). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
/** The browser tests' headless shell (tests/e2e). */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

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

// `ensure-chromium.ts` for the full browser; `--headless-shell` for the tests' shell, and `--full` beside it for both;
// `--firefox` for Debian's Firefox ESR beside them.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--firefox")) ensureDebianPackage(FIREFOX_PATH, "firefox-esr");
  const shell = process.argv.includes("--headless-shell");
  if (shell) ensureDebianPackage(HEADLESS_SHELL_PATH, "chromium-headless-shell");
  if (!shell || process.argv.includes("--full")) ensureDebianPackage(CHROMIUM_PATH, "chromium");
}
