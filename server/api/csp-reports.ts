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
 * before the body is read closes the connection rather than read it. A report about a
 * page of another site (its `document-uri`) is answered 204 and dropped: anyone can post
 * here, and only the site's own pages say something about its policy. One body logs at
 * most CSP_LOG_LINES_PER_BODY lines, identical violations once.
 */
import { API_ROUTES } from "#shared/api-paths.ts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answerJson, closeAfterAnswer, continueIfAsked, endpoint, mediaTypeOf, refuse } from "../http/answers";
import { originOf, type SiteOrigins } from "./origin";
import { RateLimited } from "./rate-limit";

/** A page load with a blocked host sends a few reports; a batch of them fits easily. */
export const CSP_REPORT_BODY_LIMIT = 64 * 1024;
/** Per client address (an IPv6 address counted by its /64), per minute: generous for real pages, a ceiling for a flood. */
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

/** A body that is not a report (400). */
export class NotAReport extends Error {
  readonly statusCode = 400;
  constructor(message = "The body is not a Content-Security-Policy report.") {
    super(message);
    this.name = "NotAReport";
  }
}

const badShape = () => new NotAReport();

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

/** The violations in a report body of `mediaType`; throws NotAReport (400) for anything that is not one. */
export function parseCspReports(mediaType: (typeof CSP_REPORT_MEDIA_TYPES)[number], body: Buffer): CspViolation[] {
  let data: unknown;
  try {
    data = JSON.parse(body.toString("utf8"));
  } catch {
    throw new NotAReport("The body is not JSON.");
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
  /** The site's own origins: reports about pages of other sites are dropped. */
  origins: Pick<SiteOrigins, "isOwn">;
  /** Where a line goes; stdout by default. */
  log?: (line: string) => void;
}

const isMediaType = (type: string): type is (typeof CSP_REPORT_MEDIA_TYPES)[number] =>
  (CSP_REPORT_MEDIA_TYPES as readonly string[]).includes(type);

/** 413, 429 and 400 as JSON; the rest (a client gone, a fault of ours) to the server's own handler. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    closeAfterAnswer(request, reply);
    return answerJson(reply, 413, { error: `The body is over ${CSP_REPORT_BODY_LIMIT} bytes.` });
  }
  if (error instanceof NotAReport) return answerJson(reply, 400, { error: error.message });
  if (error instanceof RateLimited) return refuse(request, reply, 429, { error: "Too Many Requests" });
  throw error;
}

export function createCspReportsRoute({ origins, log = (line) => console.log(line) }: CspReportsRouteOptions) {
  return (app: FastifyInstance) =>
    endpoint(app, {
      method: ["POST"],
      url: API_ROUTES.cspReports,
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      config: { rateLimit: { max: CSP_REPORTS_PER_MINUTE, timeWindow: ONE_MINUTE_MS, groupId: "csp-reports" } },
      preParsing: async (request, reply, payload) => {
        if (!isMediaType(mediaTypeOf(request.headers))) {
          return refuse(request, reply, 415, { error: `Send ${CSP_REPORT_MEDIA_TYPES.join(" or ")}.` });
        }
        continueIfAsked(request.raw);
        return payload;
      },
      errorHandler: answerError,
      async handler(request, reply) {
        const mediaType = mediaTypeOf(request.headers) as (typeof CSP_REPORT_MEDIA_TYPES)[number];
        const violations = parseCspReports(mediaType, request.body as Buffer).filter((entry) =>
          origins.isOwn(originOf(entry.documentUri)),
        );
        const lines = [...new Set(violations.map((entry) => JSON.stringify(entry)))];
        for (const line of lines.slice(0, CSP_LOG_LINES_PER_BODY)) log(line);
        return reply.code(204).header("Cache-Control", "no-store").send();
      },
    });
}
