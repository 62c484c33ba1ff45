/**
 * One update or rollback at a time: both hold RELEASES_DIR/update.lock. The lock is SQLite's
 * exclusive lock on that file, a record lock of the kernel's (fcntl(2)), so the system lets go
 * of it when the process ends, however it ends: a crash, SIGKILL, systemd stopping the update
 * unit at its TimeoutStartSec. A killed update never holds up the next one, and there is no
 * staleness to guess (docs/decisions/0024-releases-not-restarts.md says why not a lock file).
 */
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { ReleasePlaces } from "./on-disk";

const LOCK_FILE = "update.lock";

export interface UpdateLock {
  unlock(): void;
}

/** Holds RELEASES_DIR/update.lock until `unlock()`; throws when another update or rollback holds it. */
export function lockUpdates(places: ReleasePlaces): UpdateLock {
  mkdirSync(places.releasesDir, { recursive: true, mode: 0o700 });
  const path = join(places.releasesDir, LOCK_FILE);
  closeSync(openSync(path, "a", 0o600));
  // No busy timeout: a second update says so at once rather than waiting for the first.
  const lock = new Database(path, { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch {
    lock.close();
    throw new Error("Another update or rollback is running: try again when it has finished.");
  }
  return { unlock: () => lock.close() };
}
