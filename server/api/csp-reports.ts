/**
 * `POST /api/csp-reports`: the Content-Security-Policy violation reports browsers send
 * (the policy's `report-uri` and `report-to`, server/http/csp.ts), logged as one
 * JSON line each on stdout, so the first deployment with real HubSpot ids shows every
 * blocked host in the server log instead of only in a visitor's console.
 *
 * Two formats arrive: `application/csp-report` (`report-uri`: one `{"csp-report": {...}}`
 * object) and `application/reports+json` (the Reporting API: an array of reports, of
 * which the `csp-violation` ones are read). A line has a fixed shape and URLs without
 * their query or fragment, so what a visitor typed into a URL never reaches the log.
 * Anything else (another method, content type or shape, a body that is not JSON or is
 * too large, a client over its rate) is answered 4xx and logs nothing; a refusal made
 * before the body is read closes the connection rather than read it. One body logs at
 * most CSP_LOG_LINES_PER_BODY lines, identical violations once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CSP_REPORT_PATH } from "../http/csp";
import {
  clientAddress,
  closeAfterAnswer,
  HttpError,
  mediaTypeOf,
  RateLimiter,
  readBody,
  sendJson,
  sendMethodNotAllowed,
  type ApiRoute,
} from "../http/answers";

/** A page load with a blocked host sends a few reports; a batch of them fits easily. */
export const CSP_REPORT_BODY_LIMIT = 64 * 1024;
/** Per client address, per minute: generous for real pages, a ceiling for a flood. */
export const CSP_REPORTS_PER_MINUTE = 60;
const ONE_MINUTE_MS = 60_000;
/** A batch of reports logs at most this many lines: a 64 KB body cannot flood the log. */
export const CSP_LOG_LINES_PER_BODY = 5;
/** Longer URLs are cut: a log line stays a line. */
const MAX_URL_LENGTH = 512;

export const CSP_REPORT_MEDIA_TYPES = ["application/csp-report", "application/reports+json"] as const;

/** One logged violation. */
export interface CspViolation {
  event: "csp-violation";
  /** The directive that blocked (`script-src-elem`, `frame-src`...). */
  directive: string;
  /** What was blocked: a URL without query and fragment, or the browser's keyword (`inline`, `eval`, `data`...). */
  blockedUri: string | null;
  /** The page it happened on, without query and fragment. */
  documentUri: string;
  /** The script that caused it, if any, without query and fragment. */
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  /** `enforce` (blocked) or `report` (a report-only policy). */
  disposition: "enforce" | "report" | null;
}

const badShape = () => new HttpError(400, "The body is not a Content-Security-Policy report.");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A URL reduced to where it points (no credentials, query or fragment); a scheme alone for data: and blob:; a keyword as it is. */
function cleanUri(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return /^[a-z][a-z-]{0,31}$/i.test(value) ? value : null;
  }
  if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return url.protocol;
  return `${url.origin}${url.pathname}`.slice(0, MAX_URL_LENGTH);
}

const wholeNumber = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;

/** The directive's name: `effective-directive`, or the first word of an older browser's `violated-directive`. */
function directiveName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim().split(/\s+/)[0] ?? "";
  return /^[a-z][a-z-]{0,63}$/.test(name) ? name : null;
}

function violation(fields: {
  directive: unknown;
  blocked: unknown;
  document: unknown;
  source: unknown;
  line: unknown;
  column: unknown;
  disposition: unknown;
}): CspViolation {
  const directive = directiveName(fields.directive);
  const documentUri = cleanUri(fields.document);
  if (!directive || !documentUri || !/^https?:/.test(documentUri)) throw badShape();
  return {
    event: "csp-violation",
    directive,
    blockedUri: cleanUri(fields.blocked),
    documentUri,
    sourceFile: cleanUri(fields.source),
    line: wholeNumber(fields.line),
    column: wholeNumber(fields.column),
    disposition: fields.disposition === "enforce" || fields.disposition === "report" ? fields.disposition : null,
  };
}

/** The violations in a report body of `mediaType`; throws a 400 HttpError for anything that is not one. */
export function parseCspReports(mediaType: (typeof CSP_REPORT_MEDIA_TYPES)[number], body: Buffer): CspViolation[] {
  let data: unknown;
  try {
    data = JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, "The body is not JSON.");
  }

  if (mediaType === "application/csp-report") {
    const report = isRecord(data) ? data["csp-report"] : undefined;
    if (!isRecord(report)) throw badShape();
    return [
      violation({
        directive: report["effective-directive"] ?? report["violated-directive"],
        blocked: report["blocked-uri"],
        document: report["document-uri"],
        source: report["source-file"],
        line: report["line-number"],
        column: report["column-number"],
        disposition: report.disposition,
      }),
    ];
  }

  if (!Array.isArray(data)) throw badShape();
  const violations = data
    .filter((report) => isRecord(report) && report.type === "csp-violation")
    .map((report) => {
      const reportBody = (report as Record<string, unknown>).body;
      if (!isRecord(reportBody)) throw badShape();
      return violation({
        directive: reportBody.effectiveDirective,
        blocked: reportBody.blockedURL,
        document: reportBody.documentURL ?? (report as Record<string, unknown>).url,
        source: reportBody.sourceFile,
        line: reportBody.lineNumber,
        column: reportBody.columnNumber,
        disposition: reportBody.disposition,
      });
    });
  if (violations.length === 0) throw badShape();
  return violations;
}

export interface CspReportsRouteOptions {
  /** Proxies in front of the server that append to X-Forwarded-For (TRUST_PROXY). */
  trustProxyHops: number;
  /** Where a line goes; stdout by default. */
  log?: (line: string) => void;
  now?: () => number;
}

export function createCspReportsRoute({
  trustProxyHops,
  log = (line) => console.log(line),
  now = Date.now,
}: CspReportsRouteOptions): ApiRoute {
  const limiter = new RateLimiter(CSP_REPORTS_PER_MINUTE, ONE_MINUTE_MS, now);

  return {
    path: CSP_REPORT_PATH,
    async handle(req: IncomingMessage, res: ServerResponse) {
      if (req.method !== "POST") {
        closeAfterAnswer(req, res);
        return sendMethodNotAllowed(res, ["POST"]);
      }
      const retryAfter = limiter.hit(clientAddress(req, trustProxyHops));
      if (retryAfter !== null) {
        closeAfterAnswer(req, res);
        return sendJson(res, 429, { error: "Too Many Requests" }, { "Retry-After": String(retryAfter) });
      }
      const mediaType = mediaTypeOf(req);
      if (!(CSP_REPORT_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
        closeAfterAnswer(req, res);
        throw new HttpError(415, `Send ${CSP_REPORT_MEDIA_TYPES.join(" or ")}.`);
      }
      let body: Buffer;
      try {
        body = await readBody(req, CSP_REPORT_BODY_LIMIT);
      } catch (error) {
        // Answer a body over the limit, then close: the rest is never read.
        if (error instanceof HttpError && error.status === 413) closeAfterAnswer(req, res);
        throw error;
      }
      const violations = parseCspReports(mediaType as (typeof CSP_REPORT_MEDIA_TYPES)[number], body);
      const lines = [...new Set(violations.map((entry) => JSON.stringify(entry)))];
      for (const line of lines.slice(0, CSP_LOG_LINES_PER_BODY)) log(line);
      res.writeHead(204, { "Cache-Control": "no-store" });
      res.end();
    },
  };
}
