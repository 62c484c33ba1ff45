/**
 * Vitest global setup of the server tests: one throw-away PostgreSQL cluster for the
 * run (each test creates its own database in it), stopped at the end, pass or fail.
 */
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** The `postgres` database of the run's cluster, from which tests create theirs. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster({ durable: false });
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}
