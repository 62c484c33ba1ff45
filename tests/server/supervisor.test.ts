/**
 * The supervisor as `npm start` runs it (releases/supervisor.ts), in a child process under
 * `umask 002` on PostgreSQL: DATA_DIR and the control socket its owner's only before it listens
 * (issue 58, item 13); a server killed with SIGKILL started again by itself while visitors'
 * connections wait on the socket it holds, and the team told once when it keeps crashing
 * (issue 59, item 2).
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { askServer, controlSocketPath } from "../../releases/control";
import { KEEPS_CRASHING } from "../../releases/supervisor";
import { parseMail, startMailSink } from "../support/mail-sink";
import { BASE_ENV, until } from "../support/requests-client";
import { baseEnv, fixtureSite, PROJECT_ROOT, removeFixtureSite } from "../support/site-process";
import { postgresTarget, throwawayDir } from "../support/store-targets";

const TEAM = "team@network.example";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The supervisor on a fixture site, started by a shell with `umask 002`; resolves once it listens. */
async function startSupervisor(env: Record<string, string>) {
  const client = fixtureSite();
  cleanups.push(() => removeFixtureSite(client));
  const port = await freePort();
  const child = spawn(
    "sh",
    [
      "-c",
      'umask 002 && exec "$0" --import tsx tests/support/supervise-fixture.ts "$1" "$2"',
      process.execPath,
      client,
      String(port),
    ],
    { cwd: PROJECT_ROOT, env: baseEnv({ ...BASE_ENV, ...env }), stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  await until(
    async () => output,
    (text) => text.includes("[supervisor] listening") || child.exitCode !== null,
    "the supervisor to listen",
  );
  expect(output).toContain("[supervisor] listening");
  return { origin: `http://127.0.0.1:${port}`, output: () => output };
}

/** The pid of the server the supervisor runs now, as its control socket tells. */
async function servingPid(dataDir: string): Promise<number> {
  const answer = await askServer(dataDir, { command: "status" }, 2000);
  if (!answer.ok) throw new Error(answer.error);
  return answer.serving.pid;
}

describe("the supervisor", () => {
  it("makes DATA_DIR and its control socket owner-only, brings a killed server back while visitors wait, and tells the team once when it keeps crashing", async () => {
    const fresh = await postgresTarget.fresh();
    const dataDir = join(throwawayDir(), "data");
    // As `mkdir` under umask 002 leaves it: group-writable.
    mkdirSync(dataDir, { mode: 0o775 });
    chmodSync(dataDir, 0o775);
    const mail = await startMailSink();
    cleanups.push(() => mail.stop());
    const supervisor = await startSupervisor({
      ...fresh.env,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: TEAM,
    });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    // Visitors: two clients asking for the home page one after another, each answer noted.
    const answers: { at: number; ok: boolean }[] = [];
    let visiting = true;
    const visitor = async () => {
      while (visiting) {
        const ok = await fetch(`${supervisor.origin}/`).then(
          async (response) => (await response.text(), response.status === 200),
          () => false,
        );
        answers.push({ at: Date.now(), ok });
      }
    };
    const visitors = [visitor(), visitor()];
    await until(
      async () => answers.length,
      (count) => count >= 20,
      "visitors to be answered",
    );

    const killed = await servingPid(dataDir);
    const killedAt = Date.now();
    process.kill(killed, "SIGKILL");
    await until(
      async () => supervisor.output(),
      (output) => output.includes("serves again"),
      "the server to be started again",
    );
    const back = answers.length;
    await until(
      async () => answers.length,
      (count) => count >= back + 20,
      "visitors answered by the new server",
    );
    visiting = false;
    await Promise.all(visitors);
    expect(await servingPid(dataDir)).not.toBe(killed);
    const failed = answers.filter((answer) => !answer.ok).length;
    const firstAfter = answers.find((answer) => answer.at > killedAt && answer.ok)!;
    // Only what the killed server had in hand may fail: one request per visitor at most.
    expect(failed).toBeLessThanOrEqual(visitors.length);
    expect(answers.slice(back).every((answer) => answer.ok)).toBe(true);
    console.log(
      `SIGKILL of the server under the supervisor: ${answers.length} page loads, ${failed} failed, ` +
        `answered again ${firstAfter.at - killedAt} ms after the kill`,
    );

    // Killed again and again: the team is told once.
    for (let crash = 2; crash <= KEEPS_CRASHING + 1; crash += 1) {
      const pid = await servingPid(dataDir);
      process.kill(pid, "SIGKILL");
      await until(
        async () => supervisor.output().split("serves again").length - 1,
        (restarts) => restarts >= crash,
        `restart ${crash}`,
      );
    }
    await until(
      async () => mail.received.length,
      (count) => count >= 1,
      "the team's alert",
    );
    expect((await fetch(`${supervisor.origin}/`)).status).toBe(200);
    const alerts = mail.received.map((message) => parseMail(message.raw).subject);
    expect(alerts).toEqual([expect.stringContaining("keeps crashing")]);
    expect(supervisor.output().match(/\[supervisor\] it crashed \d+ times/g)).toHaveLength(1);
  });
});
