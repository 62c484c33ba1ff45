/**
 * POST /api/invitation-requests (docs/product.md#nothing-lost), the endpoint: it takes an
 * invitation request as JSON (`{"mode", "fields", "website"?, "fill_ms"?, "idempotencyKey"?,
 * "source"?, "role"?}`, any other key refused by name) or as a form post (the form's fields plus
 * the same names), turns the text into what the schema checks (./request-body.ts), hands it to
 * the intake (server/requests/intake.ts: check, hold, name the role, store once per key), and
 * answers only once it is committed: 201 `{"id"}` to programs, 303 to the mode's confirmation
 * page for a form post.
 *
 * A form post is answered as a page (303, or a small HTML page when it was not stored)
 * unless it asks for JSON with `Accept: application/json`, as the form's own fetch does.
 *
 * Refusals: 405 other methods, 403 a page of another site, 429 past the per-address
 * limit (Retry-After), 415 another or a repeated Content-Type, 413 a body over 16 KB,
 * 400 `{"errors": {field: message}}`, 503 with Retry-After when the store cannot save in
 * time. The refusals decided before the body is read close the connection rather than read it.
 */
import { API_ROUTES } from "#shared/api-paths.ts";
import type { IncomingMessage } from "node:http";
import { errorCodes, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import type { RequestInvitationWords } from "#shared/content/request-invitation.ts";
import { readContent } from "#shared/content/read.ts";
import { REQUEST_RECEIVED_PATHS, requestPagePath } from "#shared/routes.ts";
import { fill, formatTitle } from "#shared/text.ts";
import { MODE_PARAM, parseMode, type InvitationMode } from "#shared/invitation/mode.ts";
import { sourceFromPageUrl } from "#shared/invitation/request-source.ts";
import { MODE_FIELD } from "#shared/invitation/request-schema.ts";
import { problemText } from "#shared/invitation/request-validation.ts";
import type { RelayContext } from "../requests/store";
import type { TakeRequest } from "../requests/intake";
import {
  answerJson,
  closeAfterAnswer,
  continueIfAsked,
  declaresUtf8OrNothing,
  endpoint,
  mediaTypeOf,
  refuse,
} from "../http/answers";
import { CrossSiteRefusalLog, SiteOrigins } from "./origin";
import { RateLimited } from "./rate-limit";
import { API_MESSAGES } from "./api-messages";
import { isBodyProblem, parseFormBody, parseJsonBody, type ParseProblem } from "./request-body";
import { sendInvalidPage, sendRateLimitedPage, sendTooLargePage, sendUnavailablePage } from "./request-pages";

/** docs/product.md#nothing-lost: a body over this answers 413. */
export const REQUEST_BODY_LIMIT_BYTES = 16 * 1024;
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
/** What a 503 asks the client to wait: a restarting database is usually back within seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** A 400 names at most this many fields the form does not have, so an answer stays small. */
const MAX_UNKNOWN_FIELD_ERRORS = 5;
/** A field name is quoted back to a program up to this length. */
const MAX_ERROR_KEY_LENGTH = 64;
/** Longer Referers are not kept as the page URI (the request page's own URL is used instead). */
const PAGE_URI_MAX_LENGTH = 2048;
/** HubSpot's visitor cookie; its value is a hex token, and anything else is ignored. */
const HUBSPOT_COOKIE = "hubspotutk";
const HUTK_PATTERN = /^[A-Za-z0-9]{1,64}$/;

const messages = API_MESSAGES;

export interface InvitationRequestsOptions {
  config: AppConfig;
  /** The intake (server/requests/intake.ts): checks, holds and stores what this endpoint parsed. */
  takeRequest: TakeRequest;
  /** Called after each request newly stored: wakes the relay and the notification worker. */
  onSaved?: () => void;
  log?: (line: string) => void;
  now?: () => number;
}

/** Decodes the whole body before parsing: bytes that are not UTF-8 are refused (400 `body`), never turned into U+FFFD. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A 400's errors, bounded: every error of a field the form has, and at most a few of
 * the names it does not have, each cut short, so a body of many unknown names cannot
 * make an answer larger than the request (docs/deployment/node-server.md).
 */
export function boundedErrors<Problem extends ParseProblem>(errors: Record<string, Problem>): Record<string, Problem> {
  // No prototype: a field named `__proto__` stays a key (as in the schema's own errors).
  const bounded: Record<string, Problem> = Object.create(null);
  let unknown = 0;
  for (const [name, problem] of Object.entries(errors)) {
    if (problem.code === "unknownField" || name.length > MAX_ERROR_KEY_LENGTH) {
      unknown += 1;
      if (unknown > MAX_UNKNOWN_FIELD_ERRORS) continue;
    }
    bounded[name.slice(0, MAX_ERROR_KEY_LENGTH)] = problem;
  }
  return bounded;
}

/** A 400's problems in words: the body's in the API's own, a field's in the validation's (content/request-invitation.yaml). */
export function problemWords(
  problems: Record<string, ParseProblem>,
  words: RequestInvitationWords,
): Record<string, string> {
  const text = (problem: ParseProblem) =>
    isBodyProblem(problem) ? API_MESSAGES[problem.code] : problemText(words.validation, problem);
  return Object.fromEntries(Object.entries(problems).map(([name, problem]) => [name, text(problem)]));
}

/** What the relay tells HubSpot about where the request came from. */
export function relayContext(
  request: FastifyRequest,
  config: AppConfig,
  mode: InvitationMode,
  origins: SiteOrigins,
  words: RequestInvitationWords,
): RelayContext {
  const { siteUrl, siteName } = config.site;
  const pageUri = origins.ownReferer(request.raw, PAGE_URI_MAX_LENGTH) ?? `${siteUrl}${requestPagePath(mode)}`;
  const pageName = formatTitle(words.modes[mode].meta.title, siteName);
  // The API's scope parses the cookies (./routes.ts).
  const hutk = request.cookies[HUBSPOT_COOKIE];
  return { pageUri, pageName, ...(hutk && HUTK_PATTERN.test(hutk) ? { hutk } : {}) };
}

/**
 * The mode of the form a post came from, for the pages answered before its body is read
 * (429, 413): the `type` the form's action carries (`?type=employer`, as the page's own query
 * names it), else the `type` of the site's own page it was sent from (a Referer, which some
 * browsers never send); the leaders' form otherwise.
 */
export function postedMode(req: IncomingMessage, origins: SiteOrigins): InvitationMode {
  // The action's query names the mode as the pages do (`type`); `mode` is its old name, still read.
  const query = new URL(req.url ?? "/", "http://localhost").searchParams;
  const fromAction = query.get(MODE_PARAM) ?? query.get(MODE_FIELD);
  if (fromAction !== null) return parseMode(fromAction);
  const referer = origins.ownReferer(req, PAGE_URI_MAX_LENGTH);
  return parseMode(referer ? new URL(referer).searchParams.get(MODE_PARAM) : null);
}

/** The origins whose pages may post: SITE_URL's, ALLOWED_ORIGINS, and every loopback origin when SITE_URL is one. */
export function siteOrigins(config: AppConfig): SiteOrigins {
  return new SiteOrigins(config.site.siteUrl, config.server.extraOrigins);
}

/** Whether to answer as a page (303, HTML): a form post that did not ask for JSON. */
function answersAsPage(req: IncomingMessage): boolean {
  const accept = (req.headers.accept ?? "").toLowerCase();
  return mediaTypeOf(req.headers) === FORM_TYPE && !accept.includes(JSON_TYPE);
}

/** The Content-Type, or null when it was sent more than once with different values. */
function singleContentType(req: IncomingMessage): string | null {
  const sent = req.headersDistinct["content-type"] ?? [];
  return new Set(sent.map((value) => value.trim().toLowerCase())).size > 1 ? null : mediaTypeOf(req.headers);
}

export function invitationRequestsRoute(options: InvitationRequestsOptions) {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const site = config.site;
  const origins = siteOrigins(config);
  const refusals = new CrossSiteRefusalLog(origins, log, now);
  const words = readContent("requestInvitation");

  /** Parse, hand to the intake, answer: JSON to programs, a page (303, or the problems) to a form post. */
  async function receivePost(request: FastifyRequest, reply: FastifyReply) {
    const req = request.raw;
    const asPage = answersAsPage(req);
    let text: string;
    try {
      text = utf8.decode(request.body as Buffer);
    } catch {
      return answerJson(reply, 400, { errors: problemWords({ body: { code: "notUtf8" } }, words) });
    }
    const parsed = mediaTypeOf(req.headers) === JSON_TYPE ? parseJsonBody(text) : parseFormBody(text);
    // The page for errors is the form of the mode that was sent, or the leaders' form.
    const pageMode =
      parsed.ok && typeof parsed.input.mode === "string" ? parseMode(parsed.input.mode) : postedMode(req, origins);
    const outcome = parsed.ok
      ? await options.takeRequest(parsed.input, {
          context: relayContext(request, config, pageMode, origins, words),
          pageSource: sourceFromPageUrl(origins.ownReferer(req, PAGE_URI_MAX_LENGTH)),
        })
      : ({ kind: "invalid", problems: parsed.errors } as const);
    switch (outcome.kind) {
      case "invalid": {
        const errors = problemWords(boundedErrors(outcome.problems), words);
        if (asPage) return sendInvalidPage(reply, site, pageMode, errors);
        return answerJson(reply, 400, { errors });
      }
      case "unavailable":
        if (asPage) return sendUnavailablePage(reply, site, outcome.mode, UNAVAILABLE_RETRY_AFTER_SECONDS);
        return answerJson(
          reply,
          503,
          { error: messages.failed },
          { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
        );
      case "stored":
        if (!outcome.repeat) options.onSaved?.();
        return answerStored(reply, asPage, outcome.mode, outcome.id);
    }
  }

  /** The 429 and 413 as the client reads them (a page for a form post), the connection closed; the rest to the server. */
  function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const asPage = answersAsPage(request.raw);
    if (error instanceof RateLimited) {
      closeAfterAnswer(request, reply);
      const retryAfter = error.retryAfterSeconds;
      if (asPage) return sendRateLimitedPage(reply, site, postedMode(request.raw, origins), retryAfter);
      return answerJson(reply, 429, { error: messages.rateLimited }, { "Retry-After": String(retryAfter) });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      // Close the connection rather than read the rest of an oversized body.
      closeAfterAnswer(request, reply);
      if (asPage) return sendTooLargePage(reply, site, postedMode(request.raw, origins));
      return answerJson(reply, 413, { error: fill(messages.tooLarge, { limit: REQUEST_BODY_LIMIT_BYTES }) });
    }
    throw error;
  }

  return (app: FastifyInstance) =>
    endpoint(app, {
      method: ["POST"],
      url: API_ROUTES.invitationRequests,
      bodyLimit: REQUEST_BODY_LIMIT_BYTES,
      config: {
        rateLimit: {
          max: config.server.rateLimit.max,
          timeWindow: config.server.rateLimit.windowMs,
          groupId: "invitation-requests",
        },
      },
      // Before the rate limit (which @fastify/rate-limit adds after it): a refused page of another site is not counted.
      onRequest: async (request, reply) => {
        if (!origins.isCrossSite(request.raw)) return;
        refusals.record(origins.pageOrigin(request.raw));
        return refuse(request, reply, 403, { error: messages.crossSite });
      },
      preParsing: async (request, reply, payload) => {
        const type = singleContentType(request.raw);
        if ((type !== JSON_TYPE && type !== FORM_TYPE) || !declaresUtf8OrNothing(request.headers)) {
          return refuse(request, reply, 415, { error: messages.unsupportedType });
        }
        // Refused before the client is invited to send it (Fastify would read up to the limit first).
        if (Number(request.headers["content-length"]) > REQUEST_BODY_LIMIT_BYTES) {
          throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
        }
        continueIfAsked(request.raw);
        return payload;
      },
      errorHandler: answerError,
      handler: receivePost,
    });
}

function answerStored(reply: FastifyReply, asPage: boolean, mode: InvitationMode, id: string) {
  if (!asPage) return answerJson(reply, 201, { id });
  return reply.code(303).headers({ Location: REQUEST_RECEIVED_PATHS[mode], "Cache-Control": "no-store" }).send();
}
