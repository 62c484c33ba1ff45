/**
 * The editor's GitHub sign-in (docs/decisions/0023-editor-sign-in.md), served on the editor's
 * own origin (EDITOR_ORIGIN, server/http/site-server.ts). Decap, at /admin, opens a popup at
 * `GET /api/editor/auth`; the site sends it to GitHub with a state and a PKCE challenge, both
 * kept in a short-lived cookie, and no scope: the app is a GitHub App, whose user tokens reach
 * only the repositories it is installed on, with its permissions. GitHub sends the popup back
 * to `GET /api/editor/callback`, which checks the state, trades the code for a token with the
 * app's secret (which never leaves this server) and the PKCE verifier, refuses a token that
 * does not expire, and answers a page whose script hands the token to the editor's window, on
 * this origin only, as Decap's popup protocol asks. The refresh token GitHub adds is dropped:
 * after eight hours the editor signs in again. No token or code is ever logged.
 */
import { API_ROUTES, apiPath } from "#shared/api-paths.ts";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "#shared/text.ts";
import type { AppConfig, ServerConfig } from "../config";
import { closeAfterAnswer, endpoint } from "../http/answers";
import { SERVER_LIMITS } from "../http/site-server";
import { errorCode } from "../safe-errors";
import { RateLimited } from "./rate-limit";

export const EDITOR_AUTH_PATH = apiPath(API_ROUTES.editorAuth);
export const EDITOR_CALLBACK_PATH = apiPath(API_ROUTES.editorCallback);
/** The popup page's one script, served from the site's origin so the page needs no inline script. */
export const EDITOR_POPUP_SCRIPT_PATH = apiPath(API_ROUTES.editorPopupScript);

const COOKIE = "editor_sign_in";
/** How long a sign-in may take between leaving for GitHub and coming back. */
const SIGN_IN_SECONDS = 600;
/**
 * The token exchange may take this share of the connection's idle limit (the server's `sendMs`,
 * docs/deployment/node-server.md, "Time limits"): nothing moves on the popup's connection while
 * the server waits for GitHub, and past that limit the connection is cut without an answer. The
 * rest of it is for answering the 502 page. GitHub's token endpoint answers within seconds.
 */
const EXCHANGE_SHARE_OF_IDLE_LIMIT = 0.75;

/** How long the token exchange may take on `socket`: under its idle limit (the production one when it has none). */
export function exchangeTimeLimitMs(socket: Socket): number {
  const idleLimitMs = socket.timeout || SERVER_LIMITS.sendMs;
  return Math.floor(idleLimitMs * EXCHANGE_SHARE_OF_IDLE_LIMIT);
}

/** The popup's page: the script reads the outcome from its own attributes. */
const POPUP_CSP = "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const POPUP_SCRIPT = `(function () {
  var script = document.currentScript, token = script.dataset.token;
  var outcome = token
    ? "authorization:github:success:" + JSON.stringify({ token: token, provider: "github" })
    : "authorization:github:error:" + JSON.stringify({ message: script.dataset.error });
  function answer(event) {
    if (event.origin !== location.origin || event.data !== "authorizing:github") return;
    window.removeEventListener("message", answer);
    window.opener.postMessage(outcome, event.origin);
  }
  window.addEventListener("message", answer);
  if (window.opener) window.opener.postMessage("authorizing:github", location.origin);
})();
`;

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** The cookie's value (`request.cookies`, the API's scope parses them): the state and the PKCE verifier of one sign-in. */
function readCookie(value: string | undefined): { state: string; verifier: string } | null {
  const [state, verifier] = value?.split(".") ?? [];
  return state && verifier ? { state, verifier } : null;
}

/** Compared as bytes, in constant time: a string's length in letters says nothing of its length in bytes. */
function sameText(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

export function editorSignInRoutes({
  signIn,
  origin,
  rateLimit,
  log = (line) => console.log(line),
  fetchImpl = fetch,
}: {
  /** The GitHub App's id and secret; null: not set up, which the popup says (and the server, as it starts). */
  signIn: ServerConfig["editorSignIn"];
  /** EDITOR_ORIGIN (or a loopback SITE_URL without one): GitHub sends the editor back to its callback there. */
  origin: string;
  /** Callbacks per client address and window (RATE_LIMIT_MAX, as for the invitation requests), counted on their own. */
  rateLimit: ServerConfig["rateLimit"];
  log?: (line: string) => void;
  fetchImpl?: typeof fetch;
}) {
  const callbackUrl = new URL(EDITOR_CALLBACK_PATH, `${origin}/`).href;
  const secure = origin.startsWith("https:");
  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${apiPath("/editor")}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

  function popupPage(reply: FastifyReply, status: number, outcome: { token: string } | { error: string }) {
    const data =
      "token" in outcome ? `data-token="${escapeHtml(outcome.token)}"` : `data-error="${escapeHtml(outcome.error)}"`;
    return reply
      .code(status)
      .headers({
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": POPUP_CSP,
        "Referrer-Policy": "no-referrer",
        "Set-Cookie": cookie("", 0),
      })
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body><script src="${EDITOR_POPUP_SCRIPT_PATH}" ${data}></script></body></html>\n`,
      );
  }

  async function start(_request: FastifyRequest, reply: FastifyReply) {
    if (!signIn) {
      return popupPage(reply, 503, {
        error:
          "Signing in is not set up on this server yet. Ask the site's maintainer to give it the GitHub App's " +
          "CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET (docs/deployment/editor.md).",
      });
    }
    const state = base64url(randomBytes(24));
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const authorize = new URL("/login/oauth/authorize", signIn.githubOrigin);
    // No scope: a GitHub App's user token has the app's permissions, on the repositories it is installed on.
    authorize.search = new URLSearchParams({
      client_id: signIn.clientId,
      redirect_uri: callbackUrl,
      state,
      code_challenge: challenge,
      code_challenge_method: "S256",
    }).toString();
    return reply
      .code(302)
      .headers({
        Location: authorize.href,
        "Cache-Control": "no-store",
        "Set-Cookie": cookie(`${state}.${verifier}`, SIGN_IN_SECONDS),
      })
      .send();
  }

  async function finish(request: FastifyRequest, reply: FastifyReply) {
    // Not set up: the same page as the sign-in's start.
    if (!signIn) return start(request, reply);
    const query = request.query as Record<string, unknown>;
    const kept = readCookie(request.cookies[COOKIE]);
    const code = typeof query.code === "string" ? query.code : "";
    const state = typeof query.state === "string" ? query.state : "";
    if (typeof query.error === "string") {
      return popupPage(reply, 400, { error: "GitHub did not sign you in. Close this window and try again." });
    }
    if (!kept || !code || !sameText(state, kept.state)) {
      log("[editor] a sign-in came back without its state (expired, or not started here): refused");
      return popupPage(reply, 400, {
        error: "This sign-in expired or did not start here. Close this window and try again.",
      });
    }
    let token: unknown;
    let expiresIn: unknown;
    try {
      // The signal bounds the answer's headers and its body, and drops the connection at the limit.
      const response = await fetchImpl(new URL("/login/oauth/access_token", signIn.githubOrigin), {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({
          client_id: signIn.clientId,
          client_secret: signIn.clientSecret,
          code,
          redirect_uri: callbackUrl,
          code_verifier: kept.verifier,
        }),
        signal: AbortSignal.timeout(exchangeTimeLimitMs(request.raw.socket)),
      });
      const body = (await response.json().catch(() => null)) as {
        access_token?: unknown;
        expires_in?: unknown;
        error?: unknown;
      } | null;
      token = body?.access_token;
      expiresIn = body?.expires_in;
      if (typeof token !== "string") {
        // GitHub's error is a code (bad_verification_code, incorrect_client_credentials): safe to log.
        log(`[editor] GitHub refused a sign-in (${response.status}, ${String(body?.error ?? "no token")})`);
      }
    } catch (error) {
      log(`[editor] GitHub's token endpoint did not answer (${errorCode(error)})`);
      return popupPage(reply, 502, { error: "GitHub did not answer. Close this window and try again." });
    }
    if (typeof token !== "string") {
      return popupPage(reply, 400, { error: "GitHub did not sign you in. Close this window and try again." });
    }
    // A GitHub App with expiring user tokens gives one for eight hours; an OAuth app's, or an App's
    // with expiry turned off, lasts until revoked, and is not handed to a browser.
    if (typeof expiresIn !== "number" || !(expiresIn > 0)) {
      log(
        "[editor] GitHub gave a token that never expires: the sign-in needs a GitHub App with expiring " +
          "user tokens (docs/deployment/editor.md); refused",
      );
      return popupPage(reply, 400, {
        error:
          "GitHub gave this sign-in a token that never expires, which the site refuses. Ask the site's " +
          "maintainer to set up the editor's GitHub App as docs/deployment/editor.md says.",
      });
    }
    log("[editor] an editor signed in with GitHub");
    return popupPage(reply, 200, { token });
  }

  /** A callback past its rate limit: the popup says so, and GitHub is not asked. */
  function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (!(error instanceof RateLimited)) throw error;
    closeAfterAnswer(request, reply);
    return popupPage(reply.header("Retry-After", String(error.retryAfterSeconds)), 429, {
      error: "Too many sign-ins from this address. Wait a few minutes, close this window and try again.",
    });
  }

  return (app: FastifyInstance) => {
    endpoint(app, { method: ["GET"], url: API_ROUTES.editorAuth, handler: start });
    endpoint(app, {
      method: ["GET"],
      url: API_ROUTES.editorCallback,
      // Each callback that passes the state check makes this server post the client secret to
      // GitHub and wait up to exchangeTimeLimitMs, and a client can forge both halves of it.
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs, groupId: "editor-sign-in" } },
      errorHandler: answerError,
      handler: finish,
    });
    endpoint(app, {
      method: ["GET"],
      url: API_ROUTES.editorPopupScript,
      handler: (_request, reply) =>
        reply
          .headers({ "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" })
          .send(POPUP_SCRIPT),
    });
  };
}

/** A line the server prints about the editor as it starts; a warning names what to fix. */
export interface EditorStartupLine {
  warning: boolean;
  line: string;
}

/**
 * What the server says about the editor as it starts (docs/deployment/editor.md): where it is,
 * and each half of its settings that is missing, by name. `builtWithEditor`: the build served
 * has /admin (its recorded policy configuration).
 */
export function editorStartupLines(
  { site, server }: Pick<AppConfig, "site" | "server">,
  builtWithEditor: boolean,
): EditorStartupLine[] {
  const warn = (line: string) => ({ warning: true, line: `[editor] ${line}` });
  const say = (line: string) => ({ warning: false, line: `[editor] ${line}` });
  if (site.editor?.backend !== "github") {
    return [
      ...(builtWithEditor
        ? [warn("this build has the editor, but CMS_GITHUB_REPO is unset here: /admin is not served")]
        : []),
      ...(server.editorSignIn
        ? [
            warn(
              "CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET are set, but CMS_GITHUB_REPO is not: no editor to sign in to",
            ),
          ]
        : []),
    ];
  }
  const at = `${site.editorOrigin ?? site.siteUrl}/admin`;
  const lines: EditorStartupLine[] = [];
  if (!builtWithEditor)
    lines.push(warn(`CMS_GITHUB_REPO is set, but this build has no editor: build it again for ${at}`));
  if (!site.requestApi) lines.push(warn(`INVITATION_API is off, so no API runs here: ${at} cannot sign anyone in`));
  else if (!server.editorSignIn) {
    lines.push(
      warn(
        `${at} cannot sign anyone in: CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET, the GitHub App's, ` +
          "are unset (docs/deployment/editor.md)",
      ),
    );
  }
  if (!site.editorOrigin) {
    lines.push(
      say("EDITOR_ORIGIN is unset: the editor is served beside the pages, which only a loopback SITE_URL allows"),
    );
  }
  if (lines.every((line) => !line.warning)) lines.push(say(`the editor at ${at}, signing in with its GitHub App`));
  return lines;
}
