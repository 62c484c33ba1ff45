/**
 * A fixture site served by the supervisor as `npm start` runs it (tests/support/supervise-fixture.ts),
 * in a child process, optionally under a shell's `umask`; resolves once it listens. Whatever it
 * starts is stopped by `cleanups`.
 */
import { spawn } from "node:child_process";
import { freePort } from "../../scripts/lib/free-port";
import { BASE_ENV, until } from "./requests-client";
import { baseEnv, fixtureSite, PROJECT_ROOT, removeFixtureSite } from "./site-process";

export async function startSupervisedSite(
  cleanups: (() => Promise<unknown> | void)[],
  env: Record<string, string>,
  { umask = "022" }: { umask?: string } = {},
): Promise<{ origin: string; output(): string }> {
  const client = fixtureSite();
  cleanups.push(() => removeFixtureSite(client));
  const port = await freePort();
  const child = spawn(
    "sh",
    [
      "-c",
      `umask ${umask} && exec "$0" --import tsx tests/support/supervise-fixture.ts "$1" "$2"`,
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
    // Its first start builds nothing but loads the server under tsx: over 30 s beside three other server test files.
    90_000,
  );
  if (!output.includes("[supervisor] listening")) throw new Error(`the supervisor did not listen:\n${output}`);
  return { origin: `http://127.0.0.1:${port}`, output: () => output };
}
