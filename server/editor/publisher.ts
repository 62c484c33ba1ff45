/**
 * Publishing the editor's saves (DECISIONS §12): each save is one commit on the deployed branch,
 * by the marketer, pushed to the checkout's remote, then live through `npm run update` (the
 * same fetch, build, check and switch as the timer's, releases/update.ts).
 *
 * - A developer's commit that reached the branch meanwhile: the push is refused, the branch is
 *   fetched and the editor's commits are replayed on it (./content-repo.ts, `rebase`), never the
 *   other way round. One that changed the same file: the save is kept aside under
 *   `refs/editor/kept/<commit>` and the marketer is told.
 * - The remote away: the commit stays in the checkout (`refs/editor/pending`), the editor shows
 *   the next saves on top of it, and the marketer reads "saved, not yet live"; the push is tried
 *   again every RETRY_MS, and the update follows. Nothing goes live before the remote has it:
 *   the update builds what the remote has, and every server follows the remote.
 */
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { CONTENT_FOLDER, MEDIA_FOLDER } from "./file-checks";
import { PENDING_REF, type Author, type ContentRepo, type FileChange } from "./content-repo";

export const RETRY_MS = 30_000;

export type PublishPhase = "idle" | "publishing" | "not-pushed" | "building" | "live" | "failed";

export interface PublishStatus {
  phase: PublishPhase;
  /** What the marketer reads. */
  message: string;
  /** The newest commit of the editor's, when there is one. */
  commit: string | null;
  at: number;
}

/** Takes the remote's head live; `ok` false with what went wrong. */
export type GoLive = () => Promise<{ ok: boolean; said: string }>;

/** What `npm run update` says when another update holds its lock (releases/update-lock.ts). */
const UPDATE_RUNNING = "Another update or rollback is running";
/** How long to wait before asking again while another update runs. */
const BUSY_RETRY_MS = 5000;

/**
 * `npm run update` in the checkout, with this server's settings: the update timer's own command.
 * Its output goes to `logFile`, not to this server: the update's switch replaces this server, and
 * the update must finish (and record the release) after this process is gone.
 */
export function npmUpdate(checkout: string, logFile: string): GoLive {
  return () =>
    new Promise((resolve) => {
      const out = openSync(logFile, "w");
      const child = spawn("npm", ["run", "--silent", "update"], {
        cwd: checkout,
        env: process.env,
        stdio: ["ignore", out, out],
      });
      closeSync(out);
      const said = () => {
        try {
          return readFileSync(logFile, "utf8").slice(-4000).trim();
        } catch {
          return "";
        }
      };
      child.on("error", (error) => resolve({ ok: false, said: error.message }));
      child.on("close", (code) => resolve({ ok: code === 0, said: said() }));
    });
}

/** Refused before anything was written: the status code and the words to show. */
export class SaveRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class Publisher {
  private queue: Promise<unknown> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | null = null;
  private live: Promise<void> | null = null;
  private liveAgain = false;
  status: PublishStatus;

  constructor(
    readonly repo: ContentRepo,
    private readonly goLive: GoLive,
    private readonly options: {
      retryMs?: number;
      log?: (line: string) => void;
      now?: () => number;
      /** The commit of the release this server serves (its release.json), null when unknown. */
      liveCommit?: () => string | null;
    } = {},
  ) {
    this.status = { phase: "idle", message: "", commit: null, at: this.now() };
  }

  /**
   * What the marketer reads: this server's own news of a save, else (a server a publish's switch
   * started, or after a restart) whether the branch's last change of the words is the one served.
   */
  async currentStatus(): Promise<PublishStatus> {
    if (this.status.phase !== "idle") return this.status;
    if (await this.repo.resolve(PENDING_REF)) {
      return {
        ...this.status,
        phase: "not-pushed",
        message: "Saved, not yet live: the site's repository does not answer yet.",
      };
    }
    const live = this.options.liveCommit?.() ?? null;
    const head = await this.repo.remoteHead();
    const [last] = await this.repo.log(head, [CONTENT_FOLDER, MEDIA_FOLDER], 1);
    if (!live || !last) return this.status;
    return (await this.repo.isAncestor(last.commit, live))
      ? { phase: "live", message: "Live.", commit: last.commit, at: this.now() }
      : { phase: "building", message: "Published. Going live…", commit: last.commit, at: this.now() };
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  private log(line: string) {
    (this.options.log ?? console.log)(`[editor] ${line}`);
  }

  private tell(phase: PublishPhase, message: string, commit = this.status.commit) {
    this.status = { phase, message, commit, at: this.now() };
  }

  /** Runs `work` after every save and push before it: one at a time. */
  serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  /**
   * Saves `changes` as one commit by `author` on what the editor shows, once `check` (run with the
   * tip the commit will be made on) has not refused it; then pushes and takes it live in the background.
   */
  save(
    changes: readonly FileChange[],
    author: Author,
    message: string,
    check: (tip: string) => Promise<void>,
  ): Promise<{ commit: string; tip: string }> {
    return this.serially(async () => {
      // The newest of the remote first (when it answers): a colleague's change there is what a stale save is checked against.
      await this.syncPending();
      const tip = await this.repo.tip();
      await check(tip);
      const commit = await this.repo.commit(tip, changes, author, message);
      await this.repo.setPending(commit);
      this.tell("publishing", "Saved. Publishing…", commit);
      this.log(`${author.email} saved commit ${commit.slice(0, 12)}: ${message}`);
      await this.push();
      return { commit, tip: commit };
    });
  }

  /** Fetches, and replays the pending commits on a branch that moved. */
  private async syncPending(): Promise<boolean> {
    const before = await this.repo.remoteHead();
    const reachable = await this.repo.fetch();
    const pending = await this.repo.resolve(PENDING_REF);
    if (!pending) return reachable;
    const after = await this.repo.remoteHead();
    if (await this.repo.isAncestor(pending, after)) {
      await this.repo.setPending(null);
      return reachable;
    }
    if (after !== before && !(await this.repo.isAncestor(after, pending))) {
      const base = await this.repo.mergeBase(pending, after);
      const replayed = await this.repo.rebase(base, pending, after);
      if ("conflict" in replayed) {
        await this.keepAside(pending, replayed.conflict);
        return reachable;
      }
      await this.repo.setPending(replayed.tip);
      this.log(`the branch moved: the editor's commits were replayed on ${after.slice(0, 12)}`);
    }
    return reachable;
  }

  private async keepAside(pending: string, path: string) {
    await this.repo.setRef(`refs/editor/kept/${pending}`, pending);
    await this.repo.setPending(null);
    this.tell(
      "failed",
      `Not published: someone else changed ${path} on the site's branch meanwhile. Open it again and redo the change (the developers can find it as refs/editor/kept/${pending.slice(0, 12)}).`,
      pending,
    );
    this.log(`a save was kept aside: ${path} changed on the branch meanwhile (refs/editor/kept/${pending})`);
  }

  /** Pushes the pending commits (replaying them on a branch that moved), then takes them live; else tries again later. */
  private async push(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const pending = await this.repo.resolve(PENDING_REF);
      if (!pending) return;
      const outcome = await this.repo.push(pending);
      if (outcome === "pushed") {
        await this.repo.setPending(null);
        this.stopRetrying();
        this.tell("building", "Published. Going live (about a minute)…", pending);
        this.startLive();
        return;
      }
      if (outcome === "away") break;
      await this.syncPending();
    }
    if (await this.repo.resolve(PENDING_REF)) {
      this.tell(
        "not-pushed",
        "Saved, not yet live: the site's repository does not answer. It goes live by itself once it does; nothing is lost.",
      );
      this.log("the remote did not take the editor's commit: trying again in a while");
      this.retryLater();
    }
  }

  private retryLater() {
    if (this.retryTimer) return;
    this.retryTimer = setInterval(
      () => void this.serially(() => this.syncPending().then(() => this.push())),
      this.options.retryMs ?? RETRY_MS,
    );
    this.retryTimer.unref();
  }

  private stopRetrying() {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
  }

  /** Tries a push now (start-up, tests): pending commits from before a restart go out. */
  resume(): Promise<void> {
    return this.serially(async () => {
      await this.syncPending();
      await this.push();
    });
  }

  /** Runs the update, once at a time; a push during one runs it again after. */
  private startLive() {
    if (this.live) {
      this.liveAgain = true;
      return;
    }
    this.live = (async () => {
      do {
        this.liveAgain = false;
        const commit = this.status.commit;
        let { ok, said } = await this.goLive();
        // The timer's update, or the one a server before this one started: this one's turn comes after.
        while (!ok && said.includes(UPDATE_RUNNING)) {
          await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
          ({ ok, said } = await this.goLive());
        }
        if (ok)
          this.tell(
            this.status.commit === commit ? "live" : "building",
            this.status.commit === commit ? "Live." : this.status.message,
          );
        else {
          this.log(`the update after a publish did not go live: ${said.split("\n").slice(-2).join(" ")}`);
          this.tell(
            "failed",
            "Published, but the site could not be updated yet: the developers are told. It goes live with the next update.",
          );
        }
      } while (this.liveAgain);
      this.live = null;
    })();
  }

  /** Resolves once no update is running (tests). */
  async settled(): Promise<void> {
    await this.queue;
    while (this.live) await this.live;
  }

  close() {
    this.stopRetrying();
  }
}
