// The shipped systemd unit (server/deploy/ta-network.service) is one systemd accepts as it
// is (`systemd-analyze verify`, no warning), sandboxed (`systemd-analyze security`: exposure
// at most 2.0 of 10), runs the Node server as its own user with DATA_DIR its only writable
// place, and is the unit docs/deployment.md installs and the docs read the log of.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SYSTEMD_ANALYZE_PATH } from "../../scripts/checks/ensure-systemd";
import { PROJECT_ROOT } from "../support/site-process";

const UNIT_PATH = join(PROJECT_ROOT, "server/deploy/ta-network.service");
const UNIT_NAME = "ta-network";
/** systemd-analyze security's scale: 0 (locked down) to 10 (exposed); 2 is the top of its "OK" band. */
const MAX_EXPOSURE = 2.0;

/** The unit's `Key=value` lines, every value of a repeated key. */
function directives(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of readFileSync(UNIT_PATH, "utf8").split("\n")) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}
const one = (key: string) => directives().get(key)?.[0];

describe("the systemd unit", () => {
  it("passes systemd-analyze verify without a warning", () => {
    const result = spawnSync(SYSTEMD_ANALYZE_PATH, ["verify", UNIT_PATH], { encoding: "utf8", timeout: 30_000 });
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  });

  it(`is sandboxed: systemd-analyze security rates its exposure at most ${MAX_EXPOSURE}`, () => {
    const output = execFileSync(
      SYSTEMD_ANALYZE_PATH,
      ["security", "--offline=yes", `--threshold=${MAX_EXPOSURE * 10}`, "--no-pager", UNIT_PATH],
      { encoding: "utf8", timeout: 30_000 },
    );
    const exposure = Number(/Overall exposure level for [^:]+: ([\d.]+)/.exec(output)?.[1]);
    expect(exposure).toBeLessThanOrEqual(MAX_EXPOSURE);
  });

  it("runs the Node server itself as its own user, restarted on failure", () => {
    expect(one("User")).toBe(UNIT_NAME);
    expect(one("ExecStart")).toMatch(/ node --import tsx server\/serve\.ts$/);
    expect(one("Restart")).toBe("on-failure");
    expect(one("NoNewPrivileges")).toBe("yes");
  });

  it("leaves DATA_DIR, its state directory, the only place it can write", () => {
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("PrivateTmp")).toBe("yes");
    expect(directives().get("ReadWritePaths")).toBeUndefined();
    expect(one("StateDirectory")).toBe(UNIT_NAME);
    // Set in the command line, after the settings file, so no setting can move it elsewhere.
    expect(one("ExecStart")).toContain(`DATA_DIR=/var/lib/${UNIT_NAME} `);
  });

  it("is the unit the deployment docs install, configure and read the log of", () => {
    const deployment = readFileSync(join(PROJECT_ROOT, "docs/deployment.md"), "utf8");
    for (const fact of [
      "server/deploy/ta-network.service",
      one("EnvironmentFile")!,
      one("WorkingDirectory")!,
      `useradd --system`,
      `journalctl -u ${UNIT_NAME}`,
    ])
      expect(deployment).toContain(fact);
    expect(readFileSync(join(PROJECT_ROOT, "docs/deployment/hubspot.md"), "utf8")).toContain(
      `journalctl -u ${UNIT_NAME}`,
    );
  });
});
