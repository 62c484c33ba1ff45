import type { ServerConfig } from "../../config";
import { openSqliteStore } from "./sqlite-store";
import type { RequestStore } from "../store";

/**
 * The store the configuration names, its schema migrated: PostgreSQL when DATABASE_URL
 * is set, otherwise SQLite under DATA_DIR (created on first use).
 */
export async function openRequestStore(server: Pick<ServerConfig, "dataDir" | "databaseUrl">): Promise<RequestStore> {
  if (server.databaseUrl) {
    // Loaded only when used: a SQLite deployment never loads the PostgreSQL driver.
    const { openPostgresStore } = await import("./postgres-store");
    return openPostgresStore(server.databaseUrl);
  }
  return openSqliteStore(server.dataDir);
}
