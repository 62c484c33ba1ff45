// The W3C Nu HTML Checker (scripts/checks/check-nu.ts) runs on Debian's Java runtime, never
// one downloaded at install time. Installed with apt when missing and running as root;
// otherwise the message says how.
import { ensureDebianPackage } from "./ensure-chromium";

export const JAVA_PATH = process.env.JAVA_PATH ?? "/usr/bin/java";

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDebianPackage(JAVA_PATH, "default-jre-headless");
}
