/**
 * The requests kept on this server while the store is away (docs/product.md#nothing-lost): a
 * request the store could not take in time is appended to a file of its own under
 * `DATA_DIR/spool/` (one JSON line, fsynced, the file and folder its owner's only) before the
 * visitor is told it was received, and handed to the store once it answers again, oldest first.
 *
 * Each kept request carries an idempotency key (the visitor's, or one the intake made from its
 * id), so handing one over twice (a save that committed late, a crash between the store's commit
 * and the file's truncation, two processes adopting one file) stores it, and queues its
 * notifications and relay, once. A process's file is emptied once everything in it is stored;
 * the files of processes that are gone (a crash, the server a switch replaced) are adopted by the
 * next one that looks.
 */
import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  chmodSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { errorCode } from "../safe-errors";
import type { NewInvitationRequest } from "./store";

/** The folder under DATA_DIR that holds the kept requests, one file per server process. */
export const SPOOL_FOLDER = "spool";
const FILE_SUFFIX = ".jsonl";
/** The first wait before the store is tried again, doubling up to the last. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5000;

/** A request as it was to be saved, with the role its sender named (the intake resolves a repeat with it). */
export interface KeptRequest {
  request: NewInvitationRequest & { idempotencyKey: string };
  roleSlug: unknown;
}

export interface SpoolOptions {
  dataDir: string;
  log?: (line: string) => void;
  /** Called after each kept request the store took: wakes the relay and the notifications. */
  onStored?: () => void;
  /** This process's id (tests name another). */
  pid?: number;
}

/** Whether a process of this id is running (a kept file's owner). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The kept requests of a file: whole lines only (a line cut short by a crash was never acknowledged). */
export function readKept(path: string): KeptRequest[] {
  const kept: KeptRequest[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      kept.push(JSON.parse(line) as KeptRequest);
    } catch {
      // The last line of a write a crash interrupted: the visitor was not told it was received.
    }
  }
  return kept;
}

/** How many requests DATA_DIR's spool holds (for `requests -- status`), counted from its files. */
export function countKept(dataDir: string): number {
  const folder = join(dataDir, SPOOL_FOLDER);
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith(FILE_SUFFIX));
  } catch {
    return 0;
  }
  return files.reduce((sum, name) => sum + readKept(join(folder, name)).length, 0);
}

export class RequestSpool {
  private readonly folder: string;
  private readonly path: string;
  private readonly log: (line: string) => void;
  private readonly pid: number;
  private readonly pending: KeptRequest[] = [];
  private fd: number | null = null;
  private save: ((kept: KeptRequest) => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | undefined;
  private retryMs = RETRY_MIN_MS;
  private draining: Promise<void> | null = null;
  private stopped = false;
  private toldAway = false;
  private storedSinceAway = 0;
  /** Files of other processes still running were left: looked at again after a while. */
  private othersWaiting = false;

  constructor(private readonly options: SpoolOptions) {
    this.folder = join(options.dataDir, SPOOL_FOLDER);
    this.pid = options.pid ?? process.pid;
    this.path = join(this.folder, `${this.pid}${FILE_SUFFIX}`);
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** Requests kept and not yet stored by this process. */
  get size(): number {
    return this.pending.length;
  }

  /** The id a request kept with this idempotency key was answered with, if one is waiting. */
  idOf(key: string): string | undefined {
    return this.pending.find((kept) => kept.request.idempotencyKey === key)?.request.id;
  }

  /**
   * Keeps a request durably (written and fsynced before this returns); throws when it cannot,
   * and the visitor is then told to send again. The store is tried again after a pause.
   */
  keep(kept: KeptRequest): void {
    this.append([kept]);
    this.pending.push(kept);
    this.schedule();
  }

  /** Begins handing the kept requests (this process's and those of processes that are gone) to `save`. */
  start(save: (kept: KeptRequest) => Promise<void>): void {
    this.save = save;
    this.schedule(0);
  }

  /** Stops trying; what is kept stays in the file for the next process. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
    if (this.fd !== null) {
      closeSync(this.fd);
      // Nothing waits in it: no file is left for the next process to look at.
      if (this.pending.length === 0) rmSync(this.path, { force: true });
    }
    this.fd = null;
  }

  private open(): number {
    if (this.fd !== null) return this.fd;
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    if ((statSync(this.folder).mode & 0o077) !== 0) chmodSync(this.folder, 0o700);
    this.fd = openSync(this.path, "a", 0o600);
    return this.fd;
  }

  private append(entries: readonly KeptRequest[]): void {
    if (entries.length === 0) return;
    const fd = this.open();
    writeSync(fd, entries.map((kept) => `${JSON.stringify(kept)}\n`).join(""));
    fsyncSync(fd);
  }

  /**
   * Takes over the files of processes no longer running: their requests join this one's file,
   * then theirs go. Returns how many files of running processes wait (a server a switch replaces
   * exits within seconds): they are looked at again.
   */
  private adoptOrphans(): number {
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch {
      return 0;
    }
    let waiting = 0;
    for (const name of names) {
      const pid = Number(name.slice(0, -FILE_SUFFIX.length));
      if (!name.endsWith(FILE_SUFFIX) || !Number.isInteger(pid)) continue;
      // This process's own file from before it opened it is a predecessor's with the same id.
      if (pid === this.pid ? this.fd !== null : isRunning(pid)) {
        if (pid !== this.pid) waiting += 1;
        continue;
      }
      const path = join(this.folder, name);
      const adopted = readKept(path);
      if (pid === this.pid) {
        rmSync(path);
        this.append(adopted);
      } else {
        this.append(adopted);
        rmSync(path);
      }
      this.pending.push(...adopted);
      if (adopted.length > 0) this.log(`[requests] ${adopted.length} request(s) kept by a previous process to store`);
    }
    return waiting;
  }

  private schedule(delayMs = this.retryMs): void {
    if (this.stopped || !this.save || this.draining || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const run = this.drain();
      this.draining = run;
      void run.finally(() => {
        this.draining = null;
        if (this.pending.length > 0) this.schedule();
        else if (this.othersWaiting) this.schedule(RETRY_MAX_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      this.othersWaiting = this.adoptOrphans() > 0;
      while (this.pending.length > 0 && !this.stopped) {
        await this.save!(this.pending[0]!);
        this.pending.shift();
        this.storedSinceAway += 1;
        this.options.onStored?.();
      }
      // Nothing kept is waiting: the file is emptied at once, with no await between the check and the truncation.
      if (this.pending.length === 0 && this.fd !== null) {
        ftruncateSync(this.fd, 0);
        fsyncSync(this.fd);
        if (this.storedSinceAway > 0) {
          this.log(`[requests] the store is back: stored ${this.storedSinceAway} request(s) kept while it was away`);
        }
        this.storedSinceAway = 0;
        this.toldAway = false;
      }
      this.retryMs = RETRY_MIN_MS;
    } catch (error) {
      if (!this.toldAway) {
        this.toldAway = true;
        this.log(
          `[requests] the store is still away (${errorCode(error)}): ${this.pending.length} request(s) kept in ${this.path}, tried again until it answers`,
        );
      }
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    }
  }
}
