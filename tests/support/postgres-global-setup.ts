/**
 * Vitest global setup of the server tests: one throw-away PostgreSQL cluster for the
 * run (each test creates its own database in it), stopped at the end, pass or fail; and
 * one folder under which the tests' SQLite databases are made, removed at the end too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** The `postgres` database of the run's cluster, from which tests create theirs. */
    postgresAdminUrl: string;
    /** The folder the tests' SQLite databases are made in (tests/support/store-targets.ts). */
    throwawayRoot: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster({ durable: false });
  const throwawayRoot = mkdtempSync(join(tmpdir(), "server-tests-"));
  project.provide("postgresAdminUrl", cluster.adminUrl);
  project.provide("throwawayRoot", throwawayRoot);
  return async () => {
    await cluster.stop();
    rmSync(throwawayRoot, { recursive: true, force: true });
  };
}
