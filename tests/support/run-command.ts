/**
 * Runs a line of the team's command line (server/commands/cli.ts) in the test's process, on
 * a store the test holds: the output and exit code of `npm run requests -- ...`, without a
 * child process. With no store, the command must not open one (a wrong command line).
 */
import { runCommand } from "../../server/commands/cli";
import { parseConfig } from "../../server/config";
import type { RequestStore } from "../../server/requests/store";

export async function runCommandInProcess(
  argv: string[],
  {
    store = null,
    env = {},
    now,
  }: { store?: RequestStore | null; env?: Record<string, string>; now?: () => number } = {},
) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let opened = false;
  const code = await runCommand(argv, {
    config: parseConfig(env),
    openStore: async () => {
      if (!store) throw new Error("the store was opened");
      opened = true;
      // The test closes its store itself.
      return { ...store, close: async () => {} };
    },
    out: { stdout: (text) => stdout.push(text), stderr: (line) => stderr.push(line) },
    now,
  });
  return { code, stdout: stdout.join(""), stderr: stderr.join("\n"), opened };
}
