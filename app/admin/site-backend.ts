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

/** The editor's page where no editor answers on this server (EDITORS unset, or a checkout that cannot publish). */
export const EDITOR_NOT_RUNNING =
  "The editor is not running on this server yet, so nothing can be opened or saved here. The server's start-up line, beginning [editor], names what to set (docs/deployment/editor.md).";

const versions = new Map<string, string | null>();

type Payload = { action: string; params: Record<string, unknown> };
type Entry = { file?: { path?: string; id?: string | null } };

/**
 * Whether this browser has a session; without one it is sent to the sign-in page. Where no editor
 * answers (the server started without one: its start-up line says why), the page says so instead
 * of opening an editor that could neither load nor save a page.
 */
export async function signedIn(): Promise<boolean> {
  const response = await fetch(apiPath(API_ROUTES.editorStatus), { credentials: "same-origin" }).catch(() => null);
  const status = response?.ok ? ((await response.json().catch(() => null)) as { signedIn?: boolean } | null) : null;
  if (status?.signedIn === true) return true;
  if (status?.signedIn === false) window.location.replace(apiPath(API_ROUTES.editorSignIn));
  else {
    const notice = document.createElement("p");
    notice.setAttribute("role", "alert");
    notice.style.cssText =
      "max-width: 40rem; margin: 4rem auto; padding: 0 1.5rem; font: 1rem/1.5 system-ui, sans-serif";
    notice.textContent = EDITOR_NOT_RUNNING;
    document.body.replaceChildren(notice);
  }
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
