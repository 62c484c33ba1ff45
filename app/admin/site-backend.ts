/**
 * The editor on EDITOR_ORIGIN talks to the site's own server (server/editor/api.ts) through
 * Decap's proxy backend, with three additions: the page goes to the sign-in when there is no
 * session (and Decap's own sign-in screen is passed through); each file's version (`file.id`, its git blob) read is sent back with its save, so the
 * server refuses a save over a colleague's change; and a bar at the top says how the last save is
 * publishing, with links to the history (and undo) and to sign out.
 */
import { useEffect } from "react";
import { ProxyBackend } from "decap-cms-backend-proxy";
import { API_ROUTES, apiPath } from "#shared/api-paths.ts";

const versions = new Map<string, string | null>();

type Payload = { action: string; params: Record<string, unknown> };
type Entry = { file?: { path?: string; id?: string | null } };

/** Whether this browser has a session; without one it is sent to the sign-in page. */
export async function signedIn(): Promise<boolean> {
  const response = await fetch(apiPath(API_ROUTES.editorStatus), { credentials: "same-origin" });
  const status = (await response.json().catch(() => ({}))) as { signedIn?: boolean };
  if (status.signedIn !== false) return true;
  window.location.replace(apiPath(API_ROUTES.editorSignIn));
  return false;
}

const remember = (answer: unknown) => {
  for (const entry of (Array.isArray(answer) ? answer : [answer]) as Entry[]) {
    if (entry?.file?.path) versions.set(entry.file.path, entry.file.id ?? null);
  }
};

/** Decap's sign-in screen, passed through: the session was opened by the emailed link before the page loaded. */
function SignedIn({ onLogin }: { onLogin: (user: { token: string }) => void }) {
  useEffect(() => onLogin({ token: "" }), [onLogin]);
  return null;
}

export class SiteBackend extends ProxyBackend {
  authComponent() {
    return SignedIn;
  }

  async request(payload: Payload): Promise<unknown> {
    const writes =
      payload.action === "persistEntry" || payload.action === "deleteFile" || payload.action === "deleteFiles";
    const sent = writes
      ? { ...payload, params: { ...payload.params, versions: Object.fromEntries(versions) } }
      : payload;
    const answer = await super.request(sent);
    if (["entriesByFolder", "entriesByFiles", "getEntry"].includes(payload.action)) remember(answer);
    const saved = (answer as { versions?: Record<string, string | null> } | null)?.versions;
    if (saved) for (const [path, id] of Object.entries(saved)) versions.set(path, id);
    if (writes) void showStatus();
    return answer;
  }
}

let bar: HTMLElement | null = null;
let polling: number | null = null;

async function showStatus() {
  const response = await fetch(apiPath(API_ROUTES.editorStatus), { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok || !bar) return;
  const status = (await response.json()) as { phase: string; message: string };
  const said = bar.querySelector("[data-publish-status]")!;
  said.textContent = status.message;
  bar.dataset.phase = status.phase;
  const moving = status.phase === "publishing" || status.phase === "building" || status.phase === "not-pushed";
  if (moving && polling === null) polling = window.setInterval(() => void showStatus(), 3000);
  if (!moving && polling !== null) {
    window.clearInterval(polling);
    polling = null;
  }
}

/** The bar above the editor: the publishing status, the history, the sign-out. */
export function publishBanner(): void {
  bar = document.createElement("div");
  bar.setAttribute("role", "status");
  bar.style.cssText =
    "position:fixed;bottom:0;left:0;right:0;z-index:1000;display:flex;gap:1rem;align-items:center;padding:.4rem 1rem;background:#0b1f3a;color:#fff;font:14px system-ui,sans-serif";
  const said = document.createElement("span");
  said.dataset.publishStatus = "";
  said.style.flex = "1";
  const history = document.createElement("a");
  history.href = apiPath(API_ROUTES.editorHistory);
  history.textContent = "History and undo";
  history.style.color = "#fff";
  const signOut = document.createElement("form");
  signOut.method = "post";
  signOut.action = apiPath(API_ROUTES.editorSignOut);
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Sign out";
  signOut.append(button);
  bar.append(said, history, signOut);
  document.body.append(bar);
  void showStatus();
}
