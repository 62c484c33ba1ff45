/**
 * The site's words as git holds them in the server's checkout (docs/deployment/editor.md): the
 * editor reads the deployed branch as last fetched, with the editor's own commits not pushed yet
 * on top (`refs/editor/pending`), and writes new commits with git's plumbing and an index of its
 * own, so the checkout's files, its HEAD and its index are never touched (the update builds
 * releases from fetched commits, releases/update.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitError, gitIn, type GitRun } from "./git";

export const PENDING_REF = "refs/editor/pending";
/** How long a fetch or a push may take before the remote counts as away. */
export const REMOTE_TIMEOUT_MS = 20_000;

export interface Author {
  name: string;
  email: string;
}

/** A file's new bytes, or null: deleted. */
export interface FileChange {
  path: string;
  content: Buffer | null;
}

export interface LastChange {
  name: string;
  email: string;
  /** ISO 8601 */
  at: string;
  commit: string;
}

/** An editor's name from their address: `ana.lopez@x` is "Ana Lopez". */
export function authorOf(email: string): Author {
  const local = email.split("@")[0] ?? email;
  const name = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(" ");
  return { name: name || email, email };
}

export class ContentRepo {
  private constructor(
    readonly dir: string,
    readonly remote: string,
    readonly branch: string,
  ) {}

  /** The checkout `dir` and the branch its HEAD tracks. */
  static async open(dir: string): Promise<ContentRepo> {
    const branch = await gitIn(dir, ["symbolic-ref", "--short", "HEAD"]);
    const remote = await gitIn(dir, ["config", `branch.${branch}.remote`]);
    const merge = await gitIn(dir, ["config", `branch.${branch}.merge`]);
    return new ContentRepo(dir, remote, merge.replace(/^refs\/heads\//, ""));
  }

  get remoteRef(): string {
    return `refs/remotes/${this.remote}/${this.branch}`;
  }

  private git(args: readonly string[], options?: GitRun) {
    return gitIn(this.dir, args, options);
  }

  private bytes(args: readonly string[]) {
    return gitIn(this.dir, args, { raw: true });
  }

  async resolve(ref: string): Promise<string | null> {
    try {
      return (await this.git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])) || null;
    } catch {
      return null;
    }
  }

  /** The remote branch as last fetched (HEAD before any fetch). */
  async remoteHead(): Promise<string> {
    return (await this.resolve(this.remoteRef)) ?? (await this.git(["rev-parse", "HEAD"]));
  }

  /** What the editor shows and builds on: its commits not pushed yet, else the remote branch. */
  async tip(): Promise<string> {
    return (await this.resolve(PENDING_REF)) ?? (await this.remoteHead());
  }

  /** Fetches the tracked branch; false when the remote does not answer. */
  async fetch(): Promise<boolean> {
    try {
      await this.git(["fetch", "--quiet", "--no-tags", this.remote, `+refs/heads/${this.branch}:${this.remoteRef}`], {
        timeoutMs: REMOTE_TIMEOUT_MS,
      });
      return true;
    } catch (error) {
      if (error instanceof GitError) return false;
      throw error;
    }
  }

  /** Pushes `commit` as the branch: pushed, refused (the branch moved: fetch and rebase), or the remote is away. */
  async push(commit: string): Promise<"pushed" | "rejected" | "away"> {
    try {
      await this.git(["push", "--quiet", "--porcelain", this.remote, `${commit}:refs/heads/${this.branch}`], {
        timeoutMs: REMOTE_TIMEOUT_MS,
      });
      await this.git(["update-ref", this.remoteRef, commit]);
      return "pushed";
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      return /rejected|non-fast-forward|fetch first/.test(error.stderr) ? "rejected" : "away";
    }
  }

  /** The blob id of `path` at `commit`, or null when it has none. */
  async blob(commit: string, path: string): Promise<string | null> {
    const line = await this.git(["ls-tree", commit, "--", path]);
    const match = /^\d+ blob ([0-9a-f]+)\t/.exec(line);
    return match ? match[1]! : null;
  }

  async read(commit: string, path: string): Promise<Buffer | null> {
    const id = await this.blob(commit, path);
    return id === null ? null : this.bytes(["cat-file", "blob", id]);
  }

  /** The files under `folder` at `commit` (depth levels deep), with their blob ids. */
  async list(commit: string, folder: string): Promise<{ path: string; id: string }[]> {
    const out = await this.git(["ls-tree", "-r", commit, "--", `${folder.replace(/\/$/, "")}/`]);
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => /^\d+ blob ([0-9a-f]+)\t(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => ({ id: match[1]!, path: match[2]! }));
  }

  /** Who last changed `path` in `commit`'s history, and when. */
  async lastChange(commit: string, path: string): Promise<LastChange | null> {
    const out = await this.git(["log", "-1", "--format=%an%x00%ae%x00%aI%x00%H", commit, "--", path]);
    if (!out) return null;
    const [name = "", email = "", at = "", hash = ""] = out.split("\0");
    return { name, email, at, commit: hash };
  }

  /** A new commit on `parent` with `changes`, by `author`; nothing else of the tree changes. */
  async commit(
    parent: string,
    changes: readonly FileChange[],
    author: Author,
    message: string,
    date?: string,
  ): Promise<string> {
    const scratch = mkdtempSync(join(tmpdir(), "editor-index-"));
    const env = { GIT_INDEX_FILE: join(scratch, "index") };
    try {
      await this.git(["read-tree", parent], { env });
      for (const { path, content } of changes) {
        if (content === null) {
          await this.git(["update-index", "--force-remove", "--", path], { env });
        } else {
          const id = await this.git(["hash-object", "-w", "--stdin"], { input: content });
          await this.git(["update-index", "--add", "--cacheinfo", `100644,${id},${path}`], { env });
        }
      }
      const tree = await this.git(["write-tree"], { env });
      const who = {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        ...(date ? { GIT_AUTHOR_DATE: date } : {}),
        // The server commits on the editor's behalf.
        GIT_COMMITTER_NAME: "Site editor",
        GIT_COMMITTER_EMAIL: author.email,
      };
      return await this.git(["commit-tree", tree, "-p", parent, "-m", message], { env: who });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** The files `commit` changed from its parent, with their blob ids before and after (null: absent). */
  async changedFiles(commit: string): Promise<{ path: string; before: string | null; after: string | null }[]> {
    const out = await this.git(["diff-tree", "-r", "--no-renames", "--root", "--no-commit-id", commit]);
    const none = /^0+$/;
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [meta = "", path = ""] = line.split("\t");
        const [, , before = "", after = ""] = meta.split(" ");
        return { path, before: none.test(before) ? null : before, after: none.test(after) ? null : after };
      });
  }

  /**
   * Replays the commits of `from`..`to` onto `onto`, file by file (the editor writes whole files):
   * the new tip, or the first file someone else changed too (then nothing is replayed).
   */
  async rebase(from: string, to: string, onto: string): Promise<{ tip: string } | { conflict: string }> {
    const commits = (await this.git(["rev-list", "--reverse", `${from}..${to}`])).split("\n").filter(Boolean);
    let tip = onto;
    for (const commit of commits) {
      const changes: FileChange[] = [];
      for (const file of await this.changedFiles(commit)) {
        if ((await this.blob(tip, file.path)) !== file.before) return { conflict: file.path };
        changes.push({
          path: file.path,
          content: file.after === null ? null : await this.bytes(["cat-file", "blob", file.after]),
        });
      }
      const [name = "", email = "", date = "", ...message] = (
        await this.git(["log", "-1", "--format=%an%n%ae%n%aI%n%B", commit])
      ).split("\n");
      tip = await this.commit(tip, changes, { name, email }, message.join("\n").trim() || "Edit", date);
    }
    return { tip };
  }

  async setPending(commit: string | null): Promise<void> {
    if (commit === null) await this.git(["update-ref", "-d", PENDING_REF]).catch(() => {});
    else await this.git(["update-ref", PENDING_REF, commit]);
  }

  async isAncestor(ancestor: string, of: string): Promise<boolean> {
    try {
      await this.git(["merge-base", "--is-ancestor", ancestor, of]);
      return true;
    } catch {
      return false;
    }
  }

  /** The commits of `commit`'s history that touched `paths`, newest first. */
  async log(commit: string, paths: readonly string[], max: number): Promise<LastChange[]> {
    const out = await this.git(["log", `-${max}`, "--format=%an%x00%ae%x00%aI%x00%H%x00%s", commit, "--", ...paths]);
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [name = "", email = "", at = "", hash = ""] = line.split("\0");
        return { name, email, at, commit: hash };
      });
  }

  async mergeBase(a: string, b: string): Promise<string> {
    return this.git(["merge-base", a, b]);
  }

  async setRef(ref: string, commit: string): Promise<void> {
    await this.git(["update-ref", ref, commit]);
  }

  async subject(commit: string): Promise<string> {
    return this.git(["log", "-1", "--format=%s", commit]);
  }

  async blobContent(id: string): Promise<Buffer> {
    return this.bytes(["cat-file", "blob", id]);
  }
}
