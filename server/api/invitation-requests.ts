/**
 * POST /api/invitation-requests (DECISIONS §4): takes an invitation request as JSON
 * (`{"mode", "fields", "website"?, "fillMs"?}`) or as a form post (the form's fields
 * plus `mode`, `website`, `fill_ms`), checks it with the schema the form uses, and
 * answers only once it is committed: 201 `{"id"}` to programs, 303 to the mode's
 * confirmation page for a form post.
 *
 * A form post is answered as a page (303, or a small HTML page when it was not stored)
 * unless it asks for JSON with `Accept: application/json`, as the form's own fetch does.
 *
 * Refusals: 405 other methods, 403 a page of another site, 429 past the per-address
 * limit (Retry-After), 415 another or a repeated Content-Type, 413 a body over 16 KB,
 * 400 `{"errors": {field: message}}`. A request the honeypot or the fill time marks as
 * a bot's gets the same answer as a stored one, with an id that names nothing, and is
 * not stored.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppConfig } from "~/config/schema";
import { REQUEST_RECEIVED_PATHS } from "~/content/pages";
import { requestApiContent } from "~/content/request-api";
import { requestInvitationContent } from "~/content/request-invitation";
import { parseMode, type InvitationMode } from "~/features/invitation/mode";
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MODE_FIELD,
  validateInvitationRequest,
  type FieldErrors,
  type UnvalidatedRequest,
} from "~/features/invitation/request-schema";
import type { NotificationChannel, RelayContext, RequestStore } from "../requests/store";
import {
  clientAddress,
  HttpError,
  mediaTypeOf,
  RateLimiter,
  readBody,
  sendJson,
  sendMethodNotAllowed,
  type ApiRoute,
} from "./http";
import { isCrossSite, ownReferer } from "./origin";
import {
  pageTitle,
  requestPagePath,
  sendFailedPage,
  sendInvalidPage,
  sendRateLimitedPage,
  sendTooLargePage,
} from "./request-pages";

export const INVITATION_REQUESTS_PATH = "/api/invitation-requests";
/** DECISIONS §4: a body over this answers 413. */
export const REQUEST_BODY_LIMIT_BYTES = 16 * 1024;
const ALLOWED_METHODS = ["POST"] as const;
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
/** The JSON body's keys besides the schema's fields: `website` is the honeypot, `fillMs` the fill time. */
const JSON_HONEYPOT_KEY = HONEYPOT_FIELD;
const JSON_FILL_TIME_KEY = "fillMs";
const JSON_KEYS = new Set([MODE_FIELD, "fields", JSON_HONEYPOT_KEY, JSON_FILL_TIME_KEY]);
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
  /** The team's channels queued with each request (DECISIONS §5). */
  notify?: readonly NotificationChannel[];
  /** The privacy notice's version the form shows (features/invitation/privacy-notice.ts), stored with each request. */
  noticeVersion?: string;
  log?: (line: string) => void;
  now?: () => number;
}

type Parsed = { ok: true; input: UnvalidatedRequest } | { ok: false; errors: FieldErrors };

const utf8 = new TextDecoder("utf-8", { fatal: true });

function parseJsonBody(text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, errors: { body: messages.notJson } };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, errors: { body: messages.notObject } };
  }
  const record = body as Record<string, unknown>;
  const unknownKeys = Object.keys(record).filter((key) => !JSON_KEYS.has(key));
  if (unknownKeys.length > 0) {
    const unknown = requestInvitationContent.validation.unknownField;
    return { ok: false, errors: Object.fromEntries(unknownKeys.map((key) => [key, unknown])) };
  }
  return {
    ok: true,
    input: {
      mode: record[MODE_FIELD],
      fields: record.fields,
      honeypot: record[JSON_HONEYPOT_KEY],
      fillMs: record[JSON_FILL_TIME_KEY],
    },
  };
}

/** A form post: a name sent twice becomes a list, which the schema refuses as not text. */
function parseFormBody(text: string): Parsed {
  const params = new URLSearchParams(text);
  const values = new Map<string, string | string[]>();
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    values.set(name, all.length === 1 ? all[0]! : all);
  }
  const take = (name: string) => {
    const value = values.get(name);
    values.delete(name);
    return value;
  };
  const mode = take(MODE_FIELD);
  const honeypot = take(HONEYPOT_FIELD);
  const fillMs = take(FILL_TIME_FIELD);
  return { ok: true, input: { mode, honeypot, fillMs, fields: Object.fromEntries(values) } };
}

function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.split("=");
    if (key?.trim() === name) return rest.join("=").trim();
  }
  return null;
}

/** What the relay tells HubSpot about where the request came from. */
export function relayContext(req: IncomingMessage, config: AppConfig, mode: InvitationMode): RelayContext {
  const { siteUrl, siteName } = config.site;
  const pageUri = ownReferer(req, siteUrl, PAGE_URI_MAX_LENGTH) ?? `${siteUrl}${requestPagePath(mode)}`;
  const pageName = pageTitle(requestInvitationContent.modes[mode].meta.title, siteName);
  const hutk = cookieValue(req, HUBSPOT_COOKIE);
  return { pageUri, pageName, ...(hutk && HUTK_PATTERN.test(hutk) ? { hutk } : {}) };
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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") return sendMethodNotAllowed(res, ALLOWED_METHODS);
    const asPage = answersAsPage(req);

    if (isCrossSite(req, site.siteUrl)) {
      req.resume();
      return sendJson(res, 403, { error: messages.crossSite });
    }

    const retryAfter = limiter.hit(clientAddress(req, config.server.trustProxyHops));
    if (retryAfter !== null) {
      req.resume();
      if (asPage) return sendRateLimitedPage(res, site, "candidate", retryAfter);
      return sendJson(res, 429, { error: messages.rateLimited }, { "Retry-After": String(retryAfter) });
    }

    const type = singleContentType(req);
    if (type !== JSON_TYPE && type !== FORM_TYPE) {
      req.resume();
      return sendJson(res, 415, { error: messages.unsupportedType });
    }

    let text: string;
    try {
      text = utf8.decode(await readBody(req, REQUEST_BODY_LIMIT_BYTES));
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) {
        if (asPage) return sendTooLargePage(res, site, "candidate");
        // Close the connection rather than read the rest of an oversized body.
        return sendJson(
          res,
          413,
          { error: messages.tooLarge.replace("{limit}", String(REQUEST_BODY_LIMIT_BYTES)) },
          { Connection: "close" },
        );
      }
      if (error instanceof TypeError) return sendJson(res, 400, { errors: { body: messages.notUtf8 } });
      throw error;
    }

    const parsed = type === JSON_TYPE ? parseJsonBody(text) : parseFormBody(text);
    const result = parsed.ok ? validateInvitationRequest(parsed.input) : parsed;
    // The page for errors is the form of the mode that was sent, or the leaders' form.
    const pageMode = parseMode(parsed.ok && typeof parsed.input.mode === "string" ? parsed.input.mode : null);
    if (!result.ok) {
      if (asPage) return sendInvalidPage(res, site, pageMode, result.errors);
      return sendJson(res, 400, { errors: result.errors });
    }

    const { mode, fields } = result.request;
    const id = randomUUID();
    if (result.looksAutomated) {
      log(`[requests] dropped a likely automated request (${mode})`);
      return answerStored(res, asPage, mode, id);
    }

    try {
      await store.save({
        id,
        receivedAt: now(),
        mode,
        fields,
        context: relayContext(req, config, mode),
        relay: relayEnabled ? "pending" : "off",
        noticeVersion: options.noticeVersion ?? null,
        notify: options.notify ?? [],
      });
    } catch (error) {
      console.error(`[requests] could not store a request (${mode}):`, (error as Error).message);
      if (asPage) return sendFailedPage(res, site, mode);
      return sendJson(res, 500, { error: messages.failed });
    }
    log(`[requests] stored ${id} (${mode}, relay ${relayEnabled ? "pending" : "off"})`);
    options.onSaved?.();
    answerStored(res, asPage, mode, id);
  }

  return { path: INVITATION_REQUESTS_PATH, handle };
}

function answerStored(res: ServerResponse, asPage: boolean, mode: InvitationMode, id: string) {
  if (!asPage) return sendJson(res, 201, { id });
  res.writeHead(303, { Location: REQUEST_RECEIVED_PATHS[mode], "Cache-Control": "no-store", "Content-Length": 0 });
  res.end();
}
