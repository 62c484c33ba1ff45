/**
 * The editor's sign-in links and sessions in both stores (server/editor/session-store.ts): a link
 * opens one session, once, before it expires; a session lasts until it expires or is ended; only
 * hashes are kept.
 */
import { describe, expect, it } from "vitest";
import {
  hashSecret,
  LINK_LIFETIME_MS,
  newSignInLink,
  openSession,
  SESSION_LIFETIME_MS,
} from "../../server/editor/sessions";
import { STORE_TARGETS } from "../support/store-targets";

const ORIGIN = "https://edit.network.example";
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe.each(STORE_TARGETS)("the editor's sessions on $name", (target) => {
  it("opens one session per link, once and in time, and ends it", async () => {
    const store = await (await target.fresh()).open();
    try {
      const sessions = store.editorSessions;
      const now = Date.parse("2026-12-08T09:00:00Z");
      const token = tokenOf(await newSignInLink(sessions, ORIGIN, "Ana@Network.example", now));
      expect(await sessions.linkValid(hashSecret(token), now)).toBe(true);
      // Checking a link's page uses nothing.
      expect(await sessions.linkValid(hashSecret(token), now)).toBe(true);
      const opened = await openSession(sessions, token, now + 1000);
      expect(opened?.email).toBe("ana@network.example");
      expect(await openSession(sessions, token, now + 2000)).toBeNull();
      expect(await sessions.linkValid(hashSecret(token), now + 2000)).toBe(false);
      expect(await sessions.findSession(hashSecret(opened!.id), now + 5000)).toBe("ana@network.example");
      // The session's id itself is not what the store keeps.
      expect(await sessions.findSession(opened!.id, now + 5000)).toBeNull();
      expect(await sessions.findSession(hashSecret(opened!.id), now + 1000 + SESSION_LIFETIME_MS)).toBeNull();
      await sessions.endSession(hashSecret(opened!.id));
      expect(await sessions.findSession(hashSecret(opened!.id), now + 5000)).toBeNull();

      const late = tokenOf(await newSignInLink(sessions, ORIGIN, "bo@network.example", now));
      expect(await openSession(sessions, late, now + LINK_LIFETIME_MS)).toBeNull();
      expect(await openSession(sessions, "not-a-token", now)).toBeNull();
    } finally {
      await store.close();
    }
  });
});
