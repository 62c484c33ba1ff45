/**
 * The supervisor as `npm start` runs it (releases/supervisor.ts), in a child process under
 * `umask 002` on PostgreSQL: DATA_DIR and the control socket its owner's only before it listens
 * (issue 58, item 13); a server killed with SIGKILL started again by itself while visitors'
 * connections wait on the socket it holds, and the team told once when it keeps crashing
 * (issue 59, item 2).
 */
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { askServer, controlSocketPath } from "../../releases/control";
import { KEEPS_CRASHING } from "../../releases/supervisor";
import { parseMail, startMailSink } from "../support/mail-sink";
import { until } from "../support/requests-client";
import { startSupervisedSite } from "../support/supervised-site";
import { postgresTarget, throwawayDir } from "../support/store-targets";

const TEAM = "team@network.example";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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
    const supervisor = await startSupervisedSite(
      cleanups,
      { ...fresh.env, DATA_DIR: dataDir, SMTP_URL: mail.url, NOTIFY_EMAIL_TO: TEAM },
      { umask: "002" },
    );
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    // Visitors: two clients asking for the home page one after another, each answer noted.
    const answers: { started: number; at: number; ok: boolean }[] = [];
    let visiting = true;
    const visitor = async () => {
      while (visiting) {
        const started = Date.now();
        const ok = await fetch(`${supervisor.origin}/`).then(
          async (response) => (await response.text(), response.status === 200),
          () => false,
        );
        answers.push({ started, at: Date.now(), ok });
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
    // The first page load sent after the kill and answered: by the new server.
    const firstAfter = answers.find((answer) => answer.started > killedAt && answer.ok)!;
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
  }, 240_000);
});
