// The server tests and the bench run the PostgreSQL store against Debian's PostgreSQL
// (a throw-away cluster, scripts/lib/postgres-cluster.ts). Installed with apt when
// missing and running as root; otherwise the message says how.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ensureDebianPackage } from "./ensure-chromium";

export const POSTGRESQL_LIB = "/usr/lib/postgresql";

/** The bin folder of the newest installed PostgreSQL (/usr/lib/postgresql/<version>/bin), or null. */
export function findPostgresqlBin(): string | null {
  if (process.env.POSTGRESQL_BIN) return process.env.POSTGRESQL_BIN;
  if (!existsSync(POSTGRESQL_LIB)) return null;
  const versions = readdirSync(POSTGRESQL_LIB)
    .filter((version) => existsSync(join(POSTGRESQL_LIB, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(POSTGRESQL_LIB, versions[0], "bin") : null;
}

export function ensurePostgresql(): string {
  const found = findPostgresqlBin();
  if (found) return found;
  // Debian's `postgresql` depends on the current major version's server package.
  ensureDebianPackage(
    join(POSTGRESQL_LIB, "<version>", "bin", "initdb"),
    "postgresql",
    () => findPostgresqlBin() !== null,
  );
  return findPostgresqlBin()!;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`PostgreSQL binaries: ${ensurePostgresql()}`);
}
