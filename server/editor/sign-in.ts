/**
 * The editor's sign-in pages on EDITOR_ORIGIN (docs/deployment/editor.md, DECISIONS §12):
 *
 * - `GET /api/editor/sign-in`: a form asking for a work email. Its `POST` sends a listed address a
 *   one-time link (./sessions.ts) by email, and answers every address with the same page: whether
 *   an address may edit is never told. Rate limited per client (the API's limiter) and per address
 *   (here, in this process's memory).
 * - `GET /api/editor/link?token=`: a page with a button, and nothing changed (mail scanners open
 *   links). Its `POST` uses the link once and opens a session: an HttpOnly, SameSite=Lax cookie,
 *   Secure and `__Host-` on https; then `/admin`.
 * - `POST /api/editor/sign-out`: ends the session on the server and clears the cookie.
 *
 * The pages run no script and are never indexed, kept or sent as a Referer (the link holds its token).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_ROUTES, apiPath } from "#shared/api-paths.ts";
import { escapeHtml } from "#shared/text.ts";
import { closeAfterAnswer, endpoint } from "../http/answers";
import { errorCode } from "../safe-errors";
import type { EditorList, ServerConfig } from "../config";
import { paragraph, plainPage } from "../api/plain-page";
import { RateLimited } from "../api/rate-limit";
import type { EditorSessionStore } from "./session-store";
import {
  hashSecret,
  LINK_LIFETIME_MS,
  LINK_TOKEN_PARAM,
  mayEdit,
  newSignInLink,
  openSession,
  SESSION_LIFETIME_MS,
  sessionCookie,
  sessionCookieName,
} from "./sessions";

/** Links sent to one address per window, whoever asks: a mailbox is not flooded from many clients. */
export const LINKS_PER_ADDRESS = 3;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  // No script; a style element; forms post to this origin only.
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

export interface SignInOptions {
  /** EDITOR_ORIGIN: the links and the cookie are for it alone. */
  origin: string;
  editors: EditorList | null;
  store: EditorSessionStore;
  /** Sends a sign-in link by email; null without SMTP (the start-up line names the CLI command instead). */
  sendLink: ((to: string, link: string) => Promise<void>) | null;
  siteName: string;
  rateLimit: ServerConfig["rateLimit"];
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * Whether a form's POST came from `origin`'s own pages: its Origin, or, where the page's
 * Referrer-Policy makes the browser send `Origin: null`, its fetch metadata (same-origin).
 */
export function postedFrom(request: FastifyRequest, origin: string): boolean {
  const from = request.headers.origin;
  const site = request.headers["sec-fetch-site"];
  if (from !== undefined && from !== "null") return from === origin;
  if (from === "null") return site === "same-origin";
  return site === undefined || site === "same-origin" || site === "none";
}

/** The session of a request: its address, or null. */
export type SessionOf = (request: FastifyRequest) => Promise<{ email: string; idHash: string } | null>;

export function sessionReader(
  store: Pick<EditorSessionStore, "findSession">,
  origin: string,
  now = Date.now,
): SessionOf {
  const name = sessionCookieName(origin);
  return async (request) => {
    const id = request.cookies?.[name];
    if (!id) return null;
    const idHash = hashSecret(id);
    const email = await store.findSession(idHash, now());
    return email === null ? null : { email, idHash };
  };
}

const formOf = (body: unknown) => new URLSearchParams(Buffer.isBuffer(body) ? body.toString("utf8") : "");

export function signInRoutes(options: SignInOptions) {
  const { origin, editors, store, sendLink, siteName, rateLimit, now = Date.now } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const sent = new Map<string, number[]>();
  const signInPath = apiPath(API_ROUTES.editorSignIn);
  const linkPath = apiPath(API_ROUTES.editorLink);
  const minutes = Math.round(LINK_LIFETIME_MS / 60_000);

  const page = (
    reply: FastifyReply,
    status: number,
    heading: string,
    body: string,
    extra: Record<string, string> = {},
  ) =>
    reply
      .code(status)
      .headers({ ...PAGE_HEADERS, ...extra })
      .send(plainPage({ title: heading, siteName, heading, body, robots: "noindex, nofollow" }));

  const emailForm = (note = "") =>
    `${note}<form method="post" action="${signInPath}"><p><label for="email">Your work email</label><br>` +
    `<input id="email" name="email" type="email" autocomplete="email" required style="font:inherit;padding:.5rem;width:100%;box-sizing:border-box"></p>` +
    `<p><button type="submit">Email me a sign-in link</button></p></form>`;

  /** Whether another link may go to `email` now (LINKS_PER_ADDRESS per ADDRESS_WINDOW_MS), counting this one. */
  function mayMail(email: string): boolean {
    const at = now();
    const recent = (sent.get(email) ?? []).filter((time) => at - time < ADDRESS_WINDOW_MS);
    if (recent.length >= LINKS_PER_ADDRESS) return false;
    sent.set(email, [...recent, at]);
    return true;
  }

  async function askForLink(request: FastifyRequest, reply: FastifyReply) {
    if (!postedFrom(request, origin))
      return page(reply, 403, "Sign in", paragraph("Sign in from the editor's own page."));
    const email = (formOf(request.body).get("email") ?? "").trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
      return page(reply, 400, "Sign in", emailForm(paragraph("That is not an email address. Try again.")));
    }
    if (mayEdit(editors, email) && mayMail(email)) {
      try {
        const link = await newSignInLink(store, origin, email, now());
        if (sendLink) await sendLink(email, link);
        else
          log(
            "[editor] a sign-in link was asked for, but no mail server is set (SMTP_URL): npm run requests -- editor-link <email> prints one",
          );
      } catch (error) {
        log(`[editor] a sign-in link could not be sent (${errorCode(error)})`);
        return page(
          reply,
          503,
          "Sign in",
          paragraph("The sign-in link could not be sent just now. Try again in a minute."),
        );
      }
    }
    // The same answer for every address: whether one may edit is never told here.
    return page(
      reply,
      200,
      "Check your email",
      paragraph(
        `If ${email} may edit the ${siteName}'s words, a sign-in link is on its way to it. ` +
          `It works once, within ${minutes} minutes.`,
      ) + `<p class="note"><a href="${signInPath}">Use another address</a></p>`,
    );
  }

  async function showLink(request: FastifyRequest, reply: FastifyReply) {
    const token = String((request.query as Record<string, unknown>)[LINK_TOKEN_PARAM] ?? "");
    if (!token || !(await store.linkValid(hashSecret(token), now()))) return expired(reply);
    return page(
      reply,
      200,
      "Sign in to edit",
      `<form method="post" action="${linkPath}"><input type="hidden" name="${LINK_TOKEN_PARAM}" value="${escapeHtml(token)}">` +
        `<p><button type="submit">Sign in</button></p></form>` +
        paragraph("This link works once. Signing in keeps you in for 12 hours on this browser.", "note"),
    );
  }

  const expired = (reply: FastifyReply) =>
    page(
      reply,
      400,
      "This link does not work any more",
      paragraph(`A sign-in link works once, within ${minutes} minutes. Ask for a new one.`) + emailForm(),
    );

  async function useLink(request: FastifyRequest, reply: FastifyReply) {
    if (!postedFrom(request, origin))
      return page(reply, 403, "Sign in", paragraph("Sign in from the link's own page."));
    const token = formOf(request.body).get(LINK_TOKEN_PARAM) ?? "";
    const session = token ? await openSession(store, token, now()) : null;
    if (!session) return expired(reply);
    log("[editor] an editor signed in");
    return reply
      .code(303)
      .headers({
        "Cache-Control": "no-store",
        Location: "/admin",
        "Set-Cookie": sessionCookie(origin, session.id, SESSION_LIFETIME_MS / 1000),
      })
      .send();
  }

  const readSession = sessionReader(store, origin, now);
  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    if (!postedFrom(request, origin)) return page(reply, 403, "Sign out", paragraph("Sign out from the editor."));
    const session = await readSession(request);
    if (session) await store.endSession(session.idHash);
    return reply
      .code(303)
      .headers({ "Cache-Control": "no-store", Location: signInPath, "Set-Cookie": sessionCookie(origin, "", 0) })
      .send();
  }

  function tooMany(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (!(error instanceof RateLimited)) throw error;
    closeAfterAnswer(request, reply);
    return page(
      reply.header("Retry-After", String(error.retryAfterSeconds)),
      429,
      "Too many tries",
      paragraph("Too many sign-ins from this address. Wait a few minutes and try again."),
    );
  }
  const limited = {
    config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs, groupId: "editor-sign-in" } },
    errorHandler: tooMany,
  };

  return (app: FastifyInstance) => {
    endpoint(app, {
      method: ["GET", "HEAD", "POST"],
      url: API_ROUTES.editorSignIn,
      ...limited,
      handler: (request, reply) =>
        request.method === "POST"
          ? askForLink(request, reply)
          : page(
              reply,
              200,
              "Sign in to edit",
              emailForm(paragraph(`Edit the ${siteName}'s words: sign in with your work email.`)),
            ),
    });
    endpoint(app, {
      method: ["GET", "HEAD", "POST"],
      url: API_ROUTES.editorLink,
      ...limited,
      handler: (request, reply) => (request.method === "POST" ? useLink(request, reply) : showLink(request, reply)),
    });
    endpoint(app, { method: ["POST"], url: API_ROUTES.editorSignOut, handler: signOut });
  };
}
