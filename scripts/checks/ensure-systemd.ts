// The server tests verify the shipped systemd unit (hosting/systemd/ta-network.service) with
// systemd-analyze, from Debian's systemd package; systemd need not run as PID 1 for it.
// Installed with apt when missing and running as root; otherwise the message says how.
import { ensureDebianPackage } from "./ensure-chromium";

export const SYSTEMD_ANALYZE_PATH = process.env.SYSTEMD_ANALYZE_PATH ?? "/usr/bin/systemd-analyze";

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDebianPackage(SYSTEMD_ANALYZE_PATH, "systemd");
}
