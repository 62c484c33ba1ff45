/**
 * git, run for the editor in the server's checkout (./content-repo.ts), without blocking the
 * server: each command a child process under a time limit, with no terminal prompt, its
 * messages redacted of any credential a remote's URL may hold.
 */
import { execFile } from "node:child_process";
import { redact, secretTextsOf } from "../safe-errors";

export class GitError extends Error {
  override name = "GitError";
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface GitRun {
  input?: string | Buffer;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs `git -C dir ...args`: its stdout (a Buffer when `raw`), or a GitError with git's last words. */
export function gitIn(dir: string, args: readonly string[], run: GitRun & { raw: true }): Promise<Buffer>;
export function gitIn(dir: string, args: readonly string[], run?: GitRun): Promise<string>;
export function gitIn(
  dir: string,
  args: readonly string[],
  { input, env = {}, timeoutMs = 30_000, raw = false }: GitRun & { raw?: boolean } = {},
): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["-C", dir, ...args],
      {
        encoding: "buffer",
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", ...env },
        maxBuffer: 256 * 1024 * 1024,
        timeout: timeoutMs,
        killSignal: "SIGKILL",
      },
      (error, stdout, stderr) => {
        if (error) {
          const said = `${stderr}`.trim().split("\n").slice(-3).join(" ");
          const code = typeof error.code === "number" ? error.code : null;
          const why = error.killed ? `did not finish within ${timeoutMs / 1000} s` : said || `exit code ${code}`;
          reject(new GitError(redact(`git ${args[0]} failed: ${why}`, secretTextsOf(process.env)), code, `${stderr}`));
          return;
        }
        resolve(raw ? stdout : stdout.toString("utf8").trim());
      },
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}
