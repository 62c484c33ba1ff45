/**
 * Where the editor's one-time sign-in links and sessions are kept (./sessions.ts): in the
 * requests' database, SQLite or PostgreSQL (one query set, server/database/engine.ts), so a
 * session outlives a restart and the switch to a new release (each publish is one). Only the
 * SHA-256 of a link's token or a session's id is stored: a copy of the database opens no session.
 */
import { changes, first, type Engine } from "../database/engine";

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

/** How long a used or expired link is kept before the next new link sweeps it away. */
const LINK_SWEEP_AFTER_MS = 24 * 3600_000;

export function editorSessionStore(engine: Engine): EditorSessionStore {
  const { db, time } = engine;
  const unusedLink = (hash: string, now: number) =>
    db
      .selectFrom("editor_links")
      .where("token_hash", "=", hash)
      .where("used_at", "is", null)
      .where("expires_at", ">", time(now));
  return {
    addLink: (hash, email, expiresAt) =>
      engine.transaction(function* () {
        yield* changes(db.deleteFrom("editor_links").where("expires_at", "<", time(Date.now() - LINK_SWEEP_AFTER_MS)));
        yield* changes(db.insertInto("editor_links").values({ token_hash: hash, email, expires_at: time(expiresAt) }));
      }),
    useLink: async (hash, now) => {
      const row = await engine.run(() =>
        first(
          db
            .updateTable("editor_links")
            .set({ used_at: time(now) })
            .where("token_hash", "=", hash)
            .where("used_at", "is", null)
            .where("expires_at", ">", time(now))
            .returning("email"),
        ),
      );
      return row?.email ?? null;
    },
    linkValid: async (hash, now) =>
      (await engine.run(() => first(unusedLink(hash, now).select("email")))) !== undefined,
    openSession: (hash, email, now, expiresAt) =>
      engine.transaction(function* () {
        yield* changes(db.deleteFrom("editor_sessions").where("expires_at", "<", time(now)));
        yield* changes(
          db
            .insertInto("editor_sessions")
            .values({ id_hash: hash, email, created_at: time(now), expires_at: time(expiresAt) }),
        );
      }),
    findSession: async (hash, now) => {
      const row = await engine.run(() =>
        first(
          db
            .selectFrom("editor_sessions")
            .select("email")
            .where("id_hash", "=", hash)
            .where("expires_at", ">", time(now)),
        ),
      );
      return row?.email ?? null;
    },
    endSession: async (hash) => {
      await engine.run(() => changes(db.deleteFrom("editor_sessions").where("id_hash", "=", hash)));
    },
  };
}
