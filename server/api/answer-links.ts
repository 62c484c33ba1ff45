/**
 * `GET` and `POST /api/answer` (docs/product.md#the-48-hour-promise): the pages the answer links of
 * the team's emails open. A link is a capability, not a login: its signed token names one request,
 * one answer and an expiry (server/requests/answer-links.ts).
 *
 * - GET changes nothing: mail scanners and link previews open links, so it only asks the team to
 *   confirm, with a form that posts the token back. The POST records the answer once, through the
 *   same use case as `requests -- answer` (server/requests/answer.ts), and only from the site's own
 *   page (the Origin check of the request API, or the browser's fetch metadata where the page's
 *   policy makes its Origin `null`).
 * - A second use, an expired or altered link, a held or erased request: a plain page that says so,
 *   nothing changed.
 * - Each page shows no more of the request than its first name and how its sender is named; is
 *   neither indexed nor kept (`X-Robots-Tag`, `Cache-Control: no-store`); sends no Referer on (its
 *   URL holds the token); works without JavaScript and runs none (the site's CSP: a style
 *   element, a form post to 'self'). Its words are the team's (content/emails.yaml, `answerPages`).
 * - Rate limited per client address, counted apart from the request form's (server/api/rate-limit.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANSWER_TOKEN_PARAM, API_ROUTES, apiPath } from "#shared/api-paths.ts";
import type { TeamEmailWords } from "#shared/content/emails.ts";
import { escapeHtml, fill, waitText } from "#shared/text.ts";
import type { AppConfig } from "../config";
import { checkAnswerToken, LINK_LIFETIME_MS, type Answer } from "../requests/answer-links";
import { emailsRequester, type AnswerRequest } from "../requests/answer";
import type { AnswerStore, StoredInvitationRequest } from "../requests/store";
import { withinTimeLimit } from "../time-limit";
import { errorCode } from "../safe-errors";
import { closeAfterAnswer, endpoint, mediaTypeOf, refuse } from "../http/answers";
import { answerCommand, oneLine } from "../notifications/messages";
import { siteOrigins } from "./invitation-requests";
import { paragraph, plainPage } from "./plain-page";
import { RateLimited } from "./rate-limit";

/** The confirmation posts its token and nothing else. */
export const ANSWER_BODY_LIMIT_BYTES = 1024;
/** The longest the store may take to look up or record an answer before the page says to try again. */
const STORE_TIME_LIMIT_MS = 4000;
const FORM_TYPE = "application/x-www-form-urlencoded";
const DAY_MS = 24 * 60 * 60 * 1000;

/** What every answer page carries beside the site's policy (server/http/csp.ts): never indexed, kept, or named as a Referer. */
export const ANSWER_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

export interface AnswerLinkOptions {
  config: AppConfig;
  /** TEAM_LINK_SECRET's bytes; null: no link this server could check exists, and every one is refused as altered. */
  secret: Uint8Array | null;
  store: Pick<AnswerStore, "findRequest">;
  /** The use case that records an answer (server/requests/answer.ts). */
  answer: AnswerRequest;
  /** Whether the site emails requesters the answer (ACKNOWLEDGEMENT_SENDER=site): the page says what they will get. */
  tellsRequesters: boolean;
  /** The team's words (content/emails.yaml) with the site's facts filled in. */
  words: TeamEmailWords;
  /** The wait of a rate-limited page, in words (content/request-invitation.yaml, `waitWords`). */
  waitWords: { one: string; many: string };
  /** Called once an answer is recorded: wakes the notification worker for the requester's email. */
  onAnswered?: () => void;
  now: () => number;
  log?: (line: string) => void;
}

export function answerLinksRoute(options: AnswerLinkOptions) {
  const { config, secret, store, words, now } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const pages = words.answerPages;
  const origins = siteOrigins(config);

  function sendPage(reply: FastifyReply, status: number, heading: string, body: string, headers = {}) {
    const html = plainPage({
      title: pages.title,
      siteName: config.site.siteName,
      heading,
      body,
      robots: "noindex, nofollow",
      head: '<meta name="referrer" content="no-referrer">',
    });
    return reply
      .code(status)
      .headers({ ...headers, ...ANSWER_PAGE_HEADERS })
      .send(html);
  }

  /** A page that says why nothing was done. */
  function refusal(
    reply: FastifyReply,
    status: number,
    words: { heading: string; body: string },
    values: Record<string, string | number> = {},
    headers: Record<string, string> = {},
  ) {
    return sendPage(reply, status, fill(words.heading, values), paragraph(fill(words.body, values)), headers);
  }

  /** The request as these pages name it: its first name (one line) and how its sender is called, nothing more. */
  const named = (request: StoredInvitationRequest) => ({
    name: oneLine(request.fields.firstname ?? "") || request.id,
    mode: words.modeNames[request.mode],
  });
  const answerName = (answer: Answer, request: StoredInvitationRequest) =>
    answer === "invite" ? pages.answerNames.invite[request.mode] : pages.answerNames[answer];
  const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

  /** What a request's state means for any answer: nothing to do (a page saying why), or go on. */
  function refusedFor(reply: FastifyReply, request: StoredInvitationRequest | null) {
    if (!request) return refusal(reply, 410, pages.erased);
    if (request.answer !== null) {
      const values = { answer: answerName(request.answer, request), date: utcMinute(request.answeredAt!) };
      return refusal(reply, 409, pages.answered, values);
    }
    if (request.held !== null) {
      return refusal(reply, 409, pages.held, { command: `npm run requests -- admit --id ${request.id}` });
    }
    return null;
  }

  /** The token checked, or the page of a link that does not work (altered) or no longer does (expired). */
  function checked(reply: FastifyReply, token: unknown) {
    const check = secret ? checkAnswerToken(secret, token, now()) : ({ kind: "altered" } as const);
    if (check.kind === "altered") return { page: refusal(reply, 400, pages.altered) };
    if (check.kind === "expired") {
      const values = { days: LINK_LIFETIME_MS / DAY_MS, command: answerCommand(check.requestId) };
      return { page: refusal(reply, 410, pages.expired, values) };
    }
    return { check };
  }

  async function ask(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown>;
    const { page, check } = checked(reply, query[ANSWER_TOKEN_PARAM]);
    if (page) return page;
    const found = await withinTimeLimit(store.findRequest(check.requestId), STORE_TIME_LIMIT_MS);
    const refused = refusedFor(reply, found);
    if (refused) return refused;
    const stored = found!;
    const { answer } = check;
    const question = answer === "invite" ? pages.confirm.invite[stored.mode] : pages.confirm[answer];
    const button = answer === "invite" ? pages.buttons.invite[stored.mode] : pages.buttons[answer];
    // What the requester will hear: the site's email of an invitation or a decline where it emails them; nothing for "other".
    const hears =
      answer === "other" || emailsRequester(answer, options.tellsRequesters)
        ? pages.requesterHears[answer]
        : pages.notEmailed;
    const token = String(query[ANSWER_TOKEN_PARAM]);
    const body = [
      paragraph(hears),
      // A form post to this same address: the token travels in the body, never in a Referer.
      `<form method="post" action="${apiPath(API_ROUTES.answer)}">`,
      `<input type="hidden" name="${ANSWER_TOKEN_PARAM}" value="${escapeHtml(token)}">`,
      `<button type="submit">${escapeHtml(button)}</button>`,
      "</form>",
      paragraph(pages.leave, "note"),
    ].join("\n");
    return sendPage(reply, 200, fill(question, named(stored)), body);
  }

  async function record(request: FastifyRequest, reply: FastifyReply) {
    const form = new URLSearchParams((request.body as Buffer).toString("utf8"));
    const { page, check } = checked(reply, form.get(ANSWER_TOKEN_PARAM));
    if (page) return page;
    const outcome = await withinTimeLimit(options.answer(check.requestId, check.answer), STORE_TIME_LIMIT_MS);
    if (outcome.outcome !== "recorded")
      return refusedFor(reply, outcome.outcome === "not-found" ? null : outcome.request);
    options.onAnswered?.();
    const { request: stored } = outcome;
    const values = { ...named(stored), answer: answerName(check.answer, stored) };
    return sendPage(reply, 200, fill(pages.recorded.heading, values), paragraph(fill(pages.recorded.body, values)));
  }

  /** The refusals before a page is made (rate limit, size) and a store that failed, as pages; the rest to the server. */
  function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof RateLimited) {
      closeAfterAnswer(request, reply);
      const wait = waitText(error.retryAfterSeconds, options.waitWords);
      return refusal(reply, 429, pages.rateLimited, { wait }, { "Retry-After": String(error.retryAfterSeconds) });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      closeAfterAnswer(request, reply);
      return refusal(reply, 413, pages.altered);
    }
    if (error.statusCode === undefined || error.statusCode >= 500) {
      // The store failed or was too slow: the log names its code, never the token.
      log(`[answers] an answer page could not reach the request store (${errorCode(error)}); answered 503`);
      return refusal(reply, 503, pages.unavailable, {}, { "Retry-After": "5" });
    }
    throw error;
  }

  /**
   * Whether a confirmation was posted from the site's own page. That page sends no Referer (its URL
   * holds the token), and browsers then send `Origin: null` with its form post (the Fetch
   * standard's rule for that policy): their fetch metadata, `Sec-Fetch-Site: same-origin`, says
   * where it came from instead. Any other Origin is judged as the request API judges it.
   */
  function fromOwnPage(req: FastifyRequest["raw"]): boolean {
    if (req.headers.origin === "null") return req.headers["sec-fetch-site"] === "same-origin";
    return !origins.isCrossSite(req);
  }

  const rateLimit = {
    max: config.server.rateLimit.max,
    timeWindow: config.server.rateLimit.windowMs,
    groupId: "answer-links",
  };

  return (app: FastifyInstance) => {
    endpoint(app, {
      method: ["GET", "HEAD", "POST"],
      url: API_ROUTES.answer,
      bodyLimit: ANSWER_BODY_LIMIT_BYTES,
      config: { rateLimit },
      // Only the site's own page may record an answer: a page of another site posting a leaked token is refused, uncounted.
      onRequest: async (request, reply) => {
        if (request.method !== "POST" || fromOwnPage(request.raw)) return;
        closeAfterAnswer(request, reply);
        return refusal(reply, 403, pages.crossSite);
      },
      preParsing: async (request, reply, payload) => {
        if (request.method === "POST" && mediaTypeOf(request.headers) !== FORM_TYPE) {
          return refuse(request, reply, 415, { error: `Send ${FORM_TYPE}.` });
        }
        return payload;
      },
      errorHandler: answerError,
      handler: (request, reply) => (request.method === "POST" ? record(request, reply) : ask(request, reply)),
    });
  };
}
