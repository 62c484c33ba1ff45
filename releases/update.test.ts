// @vitest-environment node
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SITE_VARIABLES } from "#shared/site-config.ts";
import { parseConfig } from "../server/config";
import { CHECKOUT_ID, readState, releasePlaces, type ReleasePlaces } from "./on-disk";
import type { ReleaseCommandContext } from "./commands";
import { rollback } from "./rollback";
import { recordedSettings, takeLiveSettings } from "./settings";
import { runStep, type StepRunner } from "./steps";
import { update } from "./update";
import { lockUpdates } from "./update-lock";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("lets one update or rollback run at a time, and the next once it has finished", () => {
  root = mkdtempSync(join(tmpdir(), "update-lock-"));
  const places = releasePlaces({ checkout: join(root, "app"), releasesDir: join(root, "releases") });
  const first = lockUpdates(places);
  expect(() => lockUpdates(places)).toThrow("Another update or rollback is running");
  first.unlock();
  lockUpdates(places).unlock();
});

function git(dir: string, ...args: string[]): string {
  const result = spawnSync(
    "git",
    ["-C", dir, "-c", "user.name=Update Test", "-c", "user.email=update-test@example.com", ...args],
    {
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/** Builds nothing: the build step only makes the client folder a release needs. */
const fakeSteps: StepRunner = ({ stage, cwd }) => {
  if (stage === "build") mkdirSync(join(cwd, "build", "client"), { recursive: true });
  return Promise.resolve(`${stage}: done\n`);
};

/**
 * A bare repository with one commit, freshly cloned as the checkout (as step 3 of
 * docs/deployment.md leaves it), and a developer's clone to push from.
 */
function deployment(runStep: StepRunner = fakeSteps) {
  root = mkdtempSync(join(tmpdir(), "update-"));
  const dev = join(root, "dev");
  mkdirSync(dev);
  git(dev, "init", "--quiet", "-b", "main");
  const push = (words: string) => {
    writeFileSync(join(dev, "package-lock.json"), "{}\n");
    writeFileSync(join(dev, "words.txt"), `${words}\n`);
    git(dev, "add", "-A");
    git(dev, "commit", "--quiet", "-m", words);
    git(dev, "push", "--quiet", "origin", "main");
    return git(dev, "rev-parse", "HEAD");
  };
  git(root, "init", "--quiet", "--bare", "-b", "main", "remote.git");
  git(dev, "remote", "add", "origin", join(root, "remote.git"));
  const first = push("A");
  git(root, "clone", "--quiet", join(root, "remote.git"), "app");
  const places: ReleasePlaces = releasePlaces({ checkout: join(root, "app"), releasesDir: join(root, "releases") });
  const logged: string[] = [];
  let clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  const context: ReleaseCommandContext = {
    // No alert channel: the team is "told" at once, and the update records it.
    config: parseConfig({ DATA_DIR: join(root, "data") }),
    places,
    log: (line) => logged.push(line),
    // A second apart: each release gets a name of its own.
    now: () => (clock += 1000),
    runStep,
  };
  const liveCommit = () => readState(places).live?.commit ?? null;
  return { context, places, push, first, logged, liveCommit };
}

describe("an update", () => {
  it("builds the first release on a fresh clone, whose commit is the branch's head", async () => {
    const { context, places, first, logged, liveCommit } = deployment();
    expect(await update(context)).toBe(0);
    expect(logged.join("\n")).not.toContain("up to date");
    const live = readState(places).live!;
    expect(live.id).not.toBe(CHECKOUT_ID);
    expect(live.commit).toBe(first);
    expect(liveCommit()).toBe(first);
    // Once a release of that commit is live, it is up to date.
    expect(await update(context)).toBe(0);
    expect(logged.at(-1)).toContain("up to date");
    expect(readState(places).live!.id).toBe(live.id);
  });

  it("leaves every commit rolled back from alone, after two rollbacks, until a newer one is pushed", async () => {
    const { context, push, first, logged, liveCommit } = deployment();
    await update(context);
    const second = push("B");
    await update(context);
    const third = push("C");
    await update(context);
    expect(liveCommit()).toBe(third);

    expect(await rollback(context)).toBe(0);
    expect(liveCommit()).toBe(second);
    expect(await rollback(context)).toBe(0);
    expect(liveCommit()).toBe(first);
    // The timer's next run: the branch's head is still the commit first rolled back from.
    expect(await update(context)).toBe(0);
    expect(logged.at(-1)).toContain(`commit ${third.slice(0, 12)} (origin/main) is left alone`);
    expect(liveCommit()).toBe(first);

    const fourth = push("D");
    expect(await update(context)).toBe(0);
    expect(liveCommit()).toBe(fourth);
  });

  it("fails when a step hangs: stopped at its time limit, the live release kept, the team told once", async () => {
    // A build whose process (and the one it started) never ends, with a limit of a moment.
    const hungBuild: StepRunner = (step, logFile) =>
      step.stage === "build"
        ? runStep({ ...step, command: "sh", args: ["-c", "sleep 600 & sleep 600"], timeoutMs: 200 }, logFile)
        : fakeSteps(step, logFile);
    const { context, places, logged, liveCommit } = deployment(hungBuild);
    expect(await update(context)).toBe(1);
    const said = logged.join("\n");
    expect(said).toContain("not updated: build failed");
    expect(said).toContain("sh -c sleep 600 & sleep 600 did not finish within 0.2 s (stopped)");
    expect(liveCommit()).toBeNull();
    const state = readState(places);
    expect(state.skip?.why).toBe("failed");
    expect(state.lastFailure).toMatch(/^build /);
    expect(readdirSync(places.releasesDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});

describe("one source of settings (releases/settings.ts)", () => {
  const LIVE = { SITE_URL: "https://network.example", CONTACT_EMAIL: "hello@network.example" };
  const given = (env: Record<string, string>) => {
    for (const name of SITE_VARIABLES) vi.stubEnv(name, undefined);
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  };
  afterEach(() => vi.unstubAllEnvs());
  const liveRecord = (places: ReleasePlaces) => recordedSettings(join(places.releasesDir, readState(places).live!.id));

  it("an update run without the settings leaves the live site's origin and facts as they were", async () => {
    const { context, places, push, logged, liveCommit } = deployment();
    given(LIVE);
    expect(await update(context)).toBe(0);
    const first = liveCommit();
    expect(liveRecord(places)).toEqual(LIVE);

    // A shell without the settings file: the update alone refuses, naming each variable.
    const second = push("B");
    given({});
    expect(await update(context, { force: true })).toBe(1);
    expect(logged.at(-1)).toContain(
      "not updated: the settings differ from those release " +
        `${readState(places).live!.id} was built with: SITE_URL (live "https://network.example", given unset), ` +
        'CONTACT_EMAIL (live "hello@network.example", given unset)',
    );
    expect(liveCommit()).toBe(first);
    // As npm run update runs it: the settings not given are the live release's, and the update goes live with them.
    const lines: string[] = [];
    const env: NodeJS.ProcessEnv = {};
    takeLiveSettings(places, env, { log: (line) => lines.push(line) });
    expect(env).toEqual(LIVE);
    expect(lines).toEqual([expect.stringContaining("not given, so as release")]);
    given(env as Record<string, string>);
    expect(await update(context)).toBe(0);
    expect(liveCommit()).toBe(second);
    expect(liveRecord(places)).toEqual(LIVE);

    // Another SITE_URL goes live only when the change is said to be meant.
    given({ ...LIVE, SITE_URL: "https://invitations.example" });
    push("C");
    expect(await update(context)).toBe(1);
    expect(logged.at(-1)).toContain('SITE_URL (live "https://network.example", given "https://invitations.example")');
    expect(await update(context, { settingsChanged: true })).toBe(0);
    expect(liveRecord(places)?.SITE_URL).toBe("https://invitations.example");
    // A rollback to a release of the other settings asks the same.
    expect(await rollback(context)).toBe(1);
    expect(logged.at(-1)).toContain("was built with other settings than release");
    expect(await rollback(context, { settingsChanged: true })).toBe(0);
    expect(liveRecord(places)?.SITE_URL).toBe("https://network.example");
  });
});
