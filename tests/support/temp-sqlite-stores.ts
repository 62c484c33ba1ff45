/**
 * For unit tests of the relay and notification workers: fresh SQLite request stores in
 * temp folders, closed and removed after each test, and a quick poll for a condition.
 * Call tempSqliteStores at module level, before registering hooks that stop workers (vitest
 * runs after-hooks last-registered first, so workers stop before their store closes).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openSqliteStore } from "../../server/requests/stores/sqlite-store";
import type { RequestStore } from "../../server/requests/store";

export function tempSqliteStores(prefix: string): () => RequestStore {
  const folders: string[] = [];
  const stores: RequestStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
    folders.push(folder);
    const store = openSqliteStore(folder);
    stores.push(store);
    return store;
  };
}

/** Resolves once `condition` holds, polling every 5 ms; rejects after `timeoutMs`. */
export async function untilTrue(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 5));
  }
}
