// The shipped systemd units (hosting/systemd/ta-network.{socket,service}, ta-network-update.{service,timer})
// are ones systemd accepts as they are (`systemd-analyze verify`, no warning), the services
// sandboxed (`systemd-analyze security`: exposure at most 2.0 of 10), the server run as its own
// user with DATA_DIR its only writable place on the socket systemd holds, the update run as the
// same user every few minutes, and they are the units docs/deployment.md installs and reads the log of.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SYSTEMD_ANALYZE_PATH } from "../../scripts/checks/ensure-systemd";
import { FETCH_TIMEOUT_MS } from "../../releases/git";
import { STEP_LIMITS_MS } from "../../releases/steps";
import { STOP_DEADLINE_MS } from "../../releases/supervisor";
import { SWITCH_TIMEOUT_MS } from "../../releases/commands";
import { PROJECT_ROOT } from "../support/site-process";

const UNIT_NAME = "ta-network";
const UNITS = ["ta-network.socket", "ta-network.service", "ta-network-update.service", "ta-network-update.timer"];
const unitPath = (unit: string) => join(PROJECT_ROOT, "hosting/systemd", unit);
/** systemd-analyze security's scale: 0 (locked down) to 10 (exposed); 2 is the top of its "OK" band. */
const MAX_EXPOSURE = 2.0;

/** A systemd time span as the units write it (`15`, `90s`, `30min`), in ms. */
function spanMs(span: string): number {
  const [, amount, unit] = /^(\d+)(s|min)?$/.exec(span) ?? [];
  if (amount === undefined) throw new Error(`a time span this test does not read: ${span}`);
  return Number(amount) * (unit === "min" ? 60_000 : 1000);
}

/** A unit's `Key=value` lines, every value of a repeated key. */
function directives(unit: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of readFileSync(unitPath(unit), "utf8").split("\n")) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}
const server = (key: string) => directives("ta-network.service").get(key)?.[0];
const updater = (key: string) => directives("ta-network-update.service").get(key)?.[0];

describe("the systemd units", () => {
  it("pass systemd-analyze verify without a warning", () => {
    const result = spawnSync(SYSTEMD_ANALYZE_PATH, ["verify", ...UNITS.map(unitPath)], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  });

  it.each(["ta-network.service", "ta-network-update.service"])(
    `%s is sandboxed: systemd-analyze security rates its exposure at most ${MAX_EXPOSURE}`,
    (unit) => {
      const output = execFileSync(
        SYSTEMD_ANALYZE_PATH,
        ["security", "--offline=yes", `--threshold=${MAX_EXPOSURE * 10}`, "--no-pager", unitPath(unit)],
        { encoding: "utf8", timeout: 30_000 },
      );
      const exposure = Number(/Overall exposure level for [^:]+: ([\d.]+)/.exec(output)?.[1]);
      expect(exposure).toBeLessThanOrEqual(MAX_EXPOSURE);
    },
  );

  it("runs the supervisor with Node itself as its own user, on the socket systemd holds, restarted on failure", () => {
    expect(server("User")).toBe(UNIT_NAME);
    expect(server("ExecStart")).toMatch(/ node --import tsx releases\/start\.ts$/);
    expect(server("Requires")).toBe("ta-network.socket");
    expect(server("After")).toContain("ta-network.socket");
    expect(directives("ta-network.socket").get("ListenStream")).toEqual(["127.0.0.1:4173"]);
    expect(server("Restart")).toBe("on-failure");
    expect(server("NoNewPrivileges")).toBe("yes");
  });

  it("leaves DATA_DIR, its state directory, the server's only place to write", () => {
    expect(server("ProtectSystem")).toBe("strict");
    expect(server("PrivateTmp")).toBe("yes");
    expect(directives("ta-network.service").get("ReadWritePaths")).toBeUndefined();
    expect(server("StateDirectory")).toBe(UNIT_NAME);
    // Set in the command line, after the settings file, so no setting can move them elsewhere.
    expect(server("ExecStart")).toContain(`DATA_DIR=/var/lib/${UNIT_NAME} `);
  });

  it("updates every few minutes as the server's user, with the server's DATA_DIR and RELEASES_DIR, writing only the releases and the fetch", () => {
    expect(directives("ta-network-update.timer").get("OnUnitInactiveSec")).toEqual(["2min"]);
    expect(updater("User")).toBe(server("User"));
    expect(updater("EnvironmentFile")).toBe(server("EnvironmentFile"));
    expect(updater("WorkingDirectory")).toBe(server("WorkingDirectory"));
    expect(updater("ExecStart")).toMatch(/ node --import tsx releases\/cli\.ts update$/);
    const paths = (execStart: string) => execStart.split(" ").filter((word) => /^(DATA|RELEASES)_DIR=/.test(word));
    expect(paths(updater("ExecStart")!)).toEqual(paths(server("ExecStart")!));
    expect(paths(server("ExecStart")!)).toHaveLength(2);
    expect(updater("ReadWritePaths")).toBe("/srv/ta-network/releases /srv/ta-network/app/.git");
  });

  it("give the supervisor longer to stop than it gives its server, and the update longer than its steps' limits together", () => {
    expect(spanMs(server("TimeoutStopSec")!)).toBeGreaterThan(STOP_DEADLINE_MS);
    // Fetch, install, build, check, and the switch's answer: each fails the update at its own limit, and tells the team.
    const steps = FETCH_TIMEOUT_MS + STEP_LIMITS_MS.install + STEP_LIMITS_MS.build + STEP_LIMITS_MS.check;
    expect(spanMs(updater("TimeoutStartSec")!)).toBeGreaterThan(steps + SWITCH_TIMEOUT_MS);
  });

  it("are the units the deployment docs install, configure and read the logs of", () => {
    const deployment = readFileSync(join(PROJECT_ROOT, "docs/deployment.md"), "utf8");
    for (const fact of [
      ...UNITS.map((unit) => `hosting/systemd/${unit}`),
      server("EnvironmentFile")!,
      server("WorkingDirectory")!,
      "/srv/ta-network/releases",
      `useradd --system`,
      `journalctl -u ${UNIT_NAME}`,
      `journalctl -u ta-network-update`,
    ])
      expect(deployment).toContain(fact);
    expect(readFileSync(join(PROJECT_ROOT, "docs/deployment/hubspot.md"), "utf8")).toContain(
      `journalctl -u ${UNIT_NAME}`,
    );
  });
});
