/**
 * Where the editor's one-time sign-in links and sessions are kept (./sessions.ts): in the
 * requests' database, SQLite or PostgreSQL, so a session outlives a restart and the switch to a
 * new release (each publish is one). Only the SHA-256 of a link's token or a session's id is
 * stored: a copy of the database opens no session.
 */
import type Database from "better-sqlite3";
import type postgres from "postgres";

export interface EditorSessionStore {
  /** Keeps a new link for `email` until `expiresAt`. */
  addLink(tokenHash: string, email: string, expiresAt: number): Promise<void>;
  /** Uses the link once: its address when it was unused and unexpired at `now`, else null (and it stays used). */
  useLink(tokenHash: string, now: number): Promise<string | null>;
  /** Whether the link would still open a session at `now` (its page's GET changes nothing). */
  linkValid(tokenHash: string, now: number): Promise<boolean>;
  openSession(idHash: string, email: string, now: number, expiresAt: number): Promise<void>;
  /** The session's address while it lasts, else null. */
  findSession(idHash: string, now: number): Promise<string | null>;
  endSession(idHash: string): Promise<void>;
}

export function sqliteEditorSessions(
  db: Database.Database,
  whenUnlocked: <T>(run: () => T) => Promise<T>,
): EditorSessionStore {
  const addLink = db.prepare(`INSERT INTO editor_links (token_hash, email, expires_at) VALUES (?, ?, ?)`);
  const useLink = db.prepare<[number, string, number], { email: string }>(
    `UPDATE editor_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email`,
  );
  const linkValid = db.prepare<[string, number], { one: number }>(
    `SELECT 1 AS one FROM editor_links WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
  );
  const sweepLinks = db.prepare(`DELETE FROM editor_links WHERE expires_at < ?`);
  const open = db.prepare(`INSERT INTO editor_sessions (id_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)`);
  const find = db.prepare<[string, number], { email: string }>(
    `SELECT email FROM editor_sessions WHERE id_hash = ? AND expires_at > ?`,
  );
  const sweepSessions = db.prepare(`DELETE FROM editor_sessions WHERE expires_at < ?`);
  const end = db.prepare(`DELETE FROM editor_sessions WHERE id_hash = ?`);
  return {
    addLink: (hash, email, expiresAt) =>
      whenUnlocked(() => {
        sweepLinks.run(Date.now() - 24 * 3600_000);
        addLink.run(hash, email, expiresAt);
      }),
    useLink: (hash, now) => whenUnlocked(() => useLink.get(now, hash, now)?.email ?? null),
    linkValid: (hash, now) => whenUnlocked(() => linkValid.get(hash, now) !== undefined),
    openSession: (hash, email, now, expiresAt) =>
      whenUnlocked(() => {
        sweepSessions.run(now);
        open.run(hash, email, now, expiresAt);
      }),
    findSession: (hash, now) => whenUnlocked(() => find.get(hash, now)?.email ?? null),
    endSession: (hash) => whenUnlocked(() => void end.run(hash)),
  };
}

export function postgresEditorSessions(sql: postgres.Sql): EditorSessionStore {
  const at = (ms: number) => new Date(ms);
  return {
    async addLink(hash, email, expiresAt) {
      await sql`DELETE FROM editor_links WHERE expires_at < ${at(Date.now() - 24 * 3600_000)}`;
      await sql`INSERT INTO editor_links (token_hash, email, expires_at) VALUES (${hash}, ${email}, ${at(expiresAt)})`;
    },
    async useLink(hash, now) {
      const [row] = await sql<{ email: string }[]>`
        UPDATE editor_links SET used_at = ${at(now)}
        WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${at(now)} RETURNING email`;
      return row?.email ?? null;
    },
    async linkValid(hash, now) {
      const rows = await sql`
        SELECT 1 FROM editor_links WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${at(now)}`;
      return rows.length > 0;
    },
    async openSession(hash, email, now, expiresAt) {
      await sql`DELETE FROM editor_sessions WHERE expires_at < ${at(now)}`;
      await sql`
        INSERT INTO editor_sessions (id_hash, email, created_at, expires_at)
        VALUES (${hash}, ${email}, ${at(now)}, ${at(expiresAt)})`;
    },
    async findSession(hash, now) {
      const [row] = await sql<{ email: string }[]>`
        SELECT email FROM editor_sessions WHERE id_hash = ${hash} AND expires_at > ${at(now)}`;
      return row?.email ?? null;
    },
    async endSession(hash) {
      await sql`DELETE FROM editor_sessions WHERE id_hash = ${hash}`;
    },
  };
}
