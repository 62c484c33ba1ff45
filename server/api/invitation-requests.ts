/**
 * POST /api/invitation-requests (docs/product.md#nothing-lost): takes an invitation request as JSON
 * (`{"mode", "fields", "website"?, "fill_ms"?}`, any other key refused by name) or as a
 * form post (the form's fields plus `mode`, `website`, `fill_ms`), checks it with the
 * schema the form uses, and answers only once it is committed: 201 `{"id"}` to programs,
 * 303 to the mode's confirmation page for a form post. Turning the body's text into what
 * the schema checks is ./request-body.ts; this module refuses, reads, stores and answers.
 *
 * A form post is answered as a page (303, or a small HTML page when it was not stored)
 * unless it asks for JSON with `Accept: application/json`, as the form's own fetch does.
 *
 * Refusals: 405 other methods, 403 a page of another site, 429 past the per-address
 * limit (Retry-After), 415 another or a repeated Content-Type, 413 a body over 16 KB,
 * 400 `{"errors": {field: message}}`, 503 with Retry-After when the store cannot save
 * within STORE_TIME_LIMIT_MS. The refusals decided before the body is read close the
 * connection rather than read it. A request the honeypot or the fill time marks as
 * likely automated is answered like any other and stored held: neither relayed nor
 * notified until `requests -- release` (docs/product.md#nothing-lost), never dropped.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppConfig } from "../config";
import { REQUEST_RECEIVED_PATHS } from "~/content/pages";
import { requestApiContent } from "~/content/request-api";
import { requestInvitationContent } from "~/content/request-invitation";
import { MODE_PARAM, parseMode, type InvitationMode } from "~/invitation/mode";
import {
  INVITATION_API_PATH,
  MODE_FIELD,
  validateInvitationRequest,
  type FieldErrors,
} from "~/invitation/request-schema";
import type { NotificationChannel, RelayContext, RequestStore } from "../requests/store";
import { withinTimeLimit } from "../requests/time-limit";
import { errorCode } from "../safe-errors";
import {
  clientAddress,
  closeAfterAnswer,
  HttpError,
  isClientAbort,
  mediaTypeOf,
  RateLimiter,
  rateLimitKey,
  readBody,
  sendJson,
  sendMethodNotAllowed,
  type ApiRoute,
} from "../http/answers";
import { CrossSiteRefusalLog, SiteOrigins } from "./origin";
import { cookieValue, parseFormBody, parseJsonBody } from "./request-body";
import {
  pageTitle,
  requestPagePath,
  sendInvalidPage,
  sendRateLimitedPage,
  sendTooLargePage,
  sendUnavailablePage,
} from "./request-pages";

/** docs/product.md#nothing-lost: a body over this answers 413. */
export const REQUEST_BODY_LIMIT_BYTES = 16 * 1024;
const ALLOWED_METHODS = ["POST"] as const;
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
/**
 * The longest a save may take before the visitor is told to try again (503): the API
 * answers within 5 s whatever the database does (docs/deployment/node-server.md, "Time limits").
 * A save that commits after this is kept: the visitor may send again, and a duplicate
 * is better than a lost request.
 */
export const STORE_TIME_LIMIT_MS = 4000;
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

const messages = requestApiContent.json;

export interface InvitationRequestsOptions {
  config: AppConfig;
  store: RequestStore;
  /** Whether stored requests wait for the relay (`pending`) or are stored only (`off`). */
  relayEnabled: boolean;
  /** Called after each save: wakes the relay and the notification worker. */
  onSaved?: () => void;
  /** The team's channels queued with each request (docs/product.md#notifications-and-privacy). */
  notify?: readonly NotificationChannel[];
  /** The privacy notice's version the form shows (invitation/privacy-notice.ts), stored with each request. */
  noticeVersion?: string;
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
export function boundedErrors(errors: FieldErrors): FieldErrors {
  // No prototype: a field named `__proto__` stays a key (as in the schema's own errors).
  const bounded: FieldErrors = Object.create(null);
  let unknown = 0;
  for (const [name, message] of Object.entries(errors)) {
    if (message === requestInvitationContent.validation.unknownField || name.length > MAX_ERROR_KEY_LENGTH) {
      unknown += 1;
      if (unknown > MAX_UNKNOWN_FIELD_ERRORS) continue;
    }
    bounded[name.slice(0, MAX_ERROR_KEY_LENGTH)] = message;
  }
  return bounded;
}

/** What the relay tells HubSpot about where the request came from. */
export function relayContext(
  req: IncomingMessage,
  config: AppConfig,
  mode: InvitationMode,
  origins: SiteOrigins,
): RelayContext {
  const { siteUrl, siteName } = config.site;
  const pageUri = origins.ownReferer(req, PAGE_URI_MAX_LENGTH) ?? `${siteUrl}${requestPagePath(mode)}`;
  const pageName = pageTitle(requestInvitationContent.modes[mode].meta.title, siteName);
  const hutk = cookieValue(req.headers.cookie, HUBSPOT_COOKIE);
  return { pageUri, pageName, ...(hutk && HUTK_PATTERN.test(hutk) ? { hutk } : {}) };
}

/**
 * The mode of the form a post came from, for the pages answered before its body is read
 * (429, 413): the `mode` the form's action carries (`?mode=employer`), else the `type` of
 * the site's own page it was sent from (a Referer, which some browsers never send); the
 * leaders' form otherwise.
 */
export function postedMode(req: IncomingMessage, origins: SiteOrigins): InvitationMode {
  const fromAction = new URL(req.url ?? "/", "http://localhost").searchParams.get(MODE_FIELD);
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
  return mediaTypeOf(req) === FORM_TYPE && !accept.includes(JSON_TYPE);
}

/** The Content-Type, or null when it was sent more than once with different values. */
function singleContentType(req: IncomingMessage): string | null {
  const sent = req.headersDistinct["content-type"] ?? [];
  return new Set(sent.map((value) => value.trim().toLowerCase())).size > 1 ? null : mediaTypeOf(req);
}

export function invitationRequestsRoute(options: InvitationRequestsOptions): ApiRoute {
  const { config, store, relayEnabled } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const limiter = new RateLimiter(config.server.rateLimit.max, config.server.rateLimit.windowMs, now);
  const site = config.site;
  const origins = siteOrigins(config);
  const refusals = new CrossSiteRefusalLog(origins, log, now);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      closeAfterAnswer(req, res);
      return sendMethodNotAllowed(res, ALLOWED_METHODS);
    }
    const asPage = answersAsPage(req);

    if (origins.isCrossSite(req)) {
      refusals.record(origins.pageOrigin(req));
      closeAfterAnswer(req, res);
      return sendJson(res, 403, { error: messages.crossSite });
    }

    const retryAfter = limiter.hit(rateLimitKey(clientAddress(req, config.server.trustProxyHops)));
    if (retryAfter !== null) {
      closeAfterAnswer(req, res);
      if (asPage) return sendRateLimitedPage(res, site, postedMode(req, origins), retryAfter);
      return sendJson(res, 429, { error: messages.rateLimited }, { "Retry-After": String(retryAfter) });
    }

    const type = singleContentType(req);
    if (type !== JSON_TYPE && type !== FORM_TYPE) {
      closeAfterAnswer(req, res);
      return sendJson(res, 415, { error: messages.unsupportedType });
    }

    let text: string;
    try {
      text = utf8.decode(await readBody(req, REQUEST_BODY_LIMIT_BYTES));
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) {
        // Close the connection rather than read the rest of an oversized body.
        closeAfterAnswer(req, res);
        if (asPage) return sendTooLargePage(res, site, postedMode(req, origins));
        return sendJson(res, 413, { error: messages.tooLarge.replace("{limit}", String(REQUEST_BODY_LIMIT_BYTES)) });
      }
      if (error instanceof TypeError) return sendJson(res, 400, { errors: { body: messages.notUtf8 } });
      if (isClientAbort(error)) {
        // The visitor's browser went away mid-upload: nothing to answer, one short line.
        log(`[requests] a client aborted its upload`);
        return void res.destroy();
      }
      throw error;
    }

    const parsed = type === JSON_TYPE ? parseJsonBody(text) : parseFormBody(text);
    const result = parsed.ok ? validateInvitationRequest(parsed.input) : parsed;
    // The page for errors is the form of the mode that was sent, or the leaders' form.
    const pageMode =
      parsed.ok && typeof parsed.input.mode === "string" ? parseMode(parsed.input.mode) : postedMode(req, origins);
    if (!result.ok) {
      const errors = boundedErrors(result.errors);
      if (asPage) return sendInvalidPage(res, site, pageMode, errors);
      return sendJson(res, 400, { errors });
    }

    const { mode, fields } = result.request;
    const { held } = result;
    const id = randomUUID();

    try {
      await withinTimeLimit(
        store.save({
          id,
          receivedAt: now(),
          mode,
          fields,
          context: relayContext(req, config, mode, origins),
          relay: relayEnabled ? "pending" : "off",
          noticeVersion: options.noticeVersion ?? null,
          notify: options.notify ?? [],
          held,
        }),
        STORE_TIME_LIMIT_MS,
      );
    } catch (error) {
      // The error's message may quote a value (PostgreSQL's do): the log names its code only.
      log(`[requests] could not store ${id} (${mode}): ${errorCode(error)}; answered 503`);
      const headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) };
      if (asPage) return sendUnavailablePage(res, site, mode, UNAVAILABLE_RETRY_AFTER_SECONDS);
      return sendJson(res, 503, { error: messages.failed }, headers);
    }
    log(`[requests] stored ${id} (${mode}, relay ${relayEnabled ? "pending" : "off"}${held ? `, held: ${held}` : ""})`);
    options.onSaved?.();
    answerStored(res, asPage, mode, id);
  }

  return { path: INVITATION_API_PATH, handle };
}

function answerStored(res: ServerResponse, asPage: boolean, mode: InvitationMode, id: string) {
  if (!asPage) return sendJson(res, 201, { id });
  res.writeHead(303, { Location: REQUEST_RECEIVED_PATHS[mode], "Cache-Control": "no-store", "Content-Length": 0 });
  res.end();
}
