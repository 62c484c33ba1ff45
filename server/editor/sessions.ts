/**
 * The editor's sign-in by email (docs/decisions/0028-editor-signs-in-by-email.md): who may sign in
 * (EDITORS), the one-time links and the sessions they open, kept in the store as hashes
 * (./session-store.ts). A link lasts LINK_LIFETIME_MS and opens one session; a session lasts
 * SESSION_LIFETIME_MS, or until its sign-out.
 */
import { createHash, randomBytes } from "node:crypto";
import { API_ROUTES, apiPath } from "#shared/api-paths.ts";
import type { EditorList } from "../config";
import type { EditorSessionStore } from "./session-store";

/** How long a sign-in link can be used: long enough to open one's mail, short enough that an old mail opens nothing. */
export const LINK_LIFETIME_MS = 15 * 60 * 1000;
/** How long a session lasts: a working day. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** The query parameter of a sign-in link, and the form field its page posts. */
export const LINK_TOKEN_PARAM = "token";

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");

/** Whether `email` may sign in: listed whole, or of a listed domain. */
export function mayEdit(editors: EditorList | null, email: string): boolean {
  if (!editors) return false;
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return false;
  return editors.addresses.includes(address) || editors.domains.includes(address.slice(at + 1));
}

/** The cookie of a session on `origin`: `__Host-` and Secure on https. */
export function sessionCookieName(origin: string): string {
  return origin.startsWith("https:") ? "__Host-editor_session" : "editor_session";
}

export function sessionCookie(origin: string, value: string, maxAgeSeconds: number): string {
  const secure = origin.startsWith("https:");
  return (
    `${sessionCookieName(origin)}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax` +
    (secure ? "; Secure" : "")
  );
}

/** Makes a sign-in link for `email` on `origin`, kept (hashed) in the store: the URL to send. */
export async function newSignInLink(
  store: Pick<EditorSessionStore, "addLink">,
  origin: string,
  email: string,
  now: number,
): Promise<string> {
  const token = newSecret();
  await store.addLink(hashSecret(token), email.trim().toLowerCase(), now + LINK_LIFETIME_MS);
  const url = new URL(apiPath(API_ROUTES.editorLink), `${origin}/`);
  url.searchParams.set(LINK_TOKEN_PARAM, token);
  return url.href;
}

/** Uses a link's token: a new session's id (for the cookie) and its address, or null when the link opens nothing. */
export async function openSession(
  store: Pick<EditorSessionStore, "useLink" | "openSession">,
  token: string,
  now: number,
): Promise<{ id: string; email: string } | null> {
  const email = await store.useLink(hashSecret(token), now);
  if (email === null) return null;
  const id = newSecret();
  await store.openSession(hashSecret(id), email, now, now + SESSION_LIFETIME_MS);
  return { id, email };
}
