/**
 * The stores the server tests run against, each giving a fresh, empty store: the
 * environment a server needs to use it, and a way to open it from the test itself.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { createDatabase } from "../../scripts/lib/postgres-cluster";
import { openRequestStore } from "../../server/requests/stores/open-store";
import type { RequestStore } from "../../server/requests/store";

/** A new empty folder in the run's throw-away one (tests/support/postgres-global-setup.ts), removed after the run. */
export function throwawayDir(): string {
  return mkdtempSync(join(inject("throwawayRoot"), "requests-"));
}

export interface FreshStore {
  /** DATA_DIR or DATABASE_URL, for a server or a command. */
  env: Record<string, string>;
  /** The same store, opened in the test process (it can read while a server writes). */
  open(): Promise<RequestStore>;
}

export interface StoreTarget {
  name: string;
  fresh(): Promise<FreshStore>;
}

export const sqliteTarget: StoreTarget = {
  name: "SQLite",
  async fresh() {
    const dataDir = join(throwawayDir(), "data");
    return { env: { DATA_DIR: dataDir }, open: () => openRequestStore({ dataDir, databaseUrl: null }) };
  },
};

/** A new database in the run's throw-away cluster (tests/support/postgres-global-setup.ts). */
export const postgresTarget: StoreTarget = {
  name: "PostgreSQL",
  async fresh() {
    const databaseUrl = await createDatabase(inject("postgresAdminUrl"));
    return { env: { DATABASE_URL: databaseUrl }, open: () => openRequestStore({ dataDir: "", databaseUrl }) };
  },
};

export const STORE_TARGETS: readonly StoreTarget[] = [sqliteTarget, postgresTarget];
