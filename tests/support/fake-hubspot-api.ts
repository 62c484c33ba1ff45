/**
 * A local stand-in for HubSpot's Forms Submission API (the unauthenticated v3 endpoint
 * the relay posts to), for tests that must never reach the internet: point a server's
 * HUBSPOT_API_ORIGIN at `origin`. It answers like HubSpot (200 with an inline message;
 * JSON errors with `status`, `message` and `errors`), records every submission it
 * received and which ones it accepted, and lets a test decide each answer.
 *
 *   const hubspot = await startFakeHubSpotApi();
 *   hubspot.behaviour = failFor(2000);          // 503 for 2 s, then accept
 *   ... hubspot.acceptedCount("ada@example.com") === 1
 *   await hubspot.close();
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** Not HubSpot's: where the fake lists the submissions it received and accepted, as JSON. */
export const RECEIVED_PATH = "/__fake-hubspot/received";

export const SUBMIT_PATH = /^\/submissions\/v3\/integration\/submit\/(\d+)\/([0-9a-f-]{36})$/i;

export interface FakeSubmission {
  portalId: string;
  formId: string;
  submittedAt: unknown;
  fields: { name: string; value: string }[];
  context: Record<string, string>;
  /** The fields as one object, for assertions. */
  values: Record<string, string>;
  /** The consent it carried, as sent; absent when none. */
  legalConsentOptions?: unknown;
}

/**
 * HubSpot refuses a `submittedAt` "more than one month old" (its Forms API documentation): the
 * fake refuses one older than 30 days, the shortest reading of a month but February's.
 */
export const SUBMITTED_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const submittedTooLongAgo = (): FakeAnswer => ({
  status: 400,
  body: {
    status: "error",
    message: "The request is not valid",
    correlationId: "fake",
    errors: [{ message: "submittedAt is more than one month old", errorType: "INVALID_METADATA" }],
  },
});

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow HubSpot). */
  delayMs?: number;
}

/** Decides the answer to a well-formed submission; `attempt` counts every one received, from 1. */
export type FakeBehaviour = (submission: FakeSubmission, attempt: number) => FakeAnswer;

export const accepted = (): FakeAnswer => ({ status: 200, body: { inlineMessage: "Thanks for submitting the form." } });
export const unavailable = (): FakeAnswer => ({
  status: 503,
  body: { status: "error", message: "Service Unavailable", correlationId: "fake" },
});
export const invalidEmail = (): FakeAnswer => ({
  status: 400,
  body: {
    status: "error",
    message: "The request is not valid",
    correlationId: "fake",
    errors: [{ message: "Error in 'fields.email'. Invalid email address", errorType: "INVALID_EMAIL" }],
  },
});

export const ACCEPT_ALL: FakeBehaviour = () => accepted();
/** 503 for `ms` from the first submission on, then accept. */
export function failFor(ms: number): FakeBehaviour {
  let firstAt: number | null = null;
  return () => {
    firstAt ??= Date.now();
    return Date.now() - firstAt < ms ? unavailable() : accepted();
  };
}

export interface FakeHubSpotApi {
  origin: string;
  port: number;
  /** Replace at any time to change how the next submissions are answered. */
  behaviour: FakeBehaviour;
  /** Every well-formed submission received, answered however it was. */
  received: FakeSubmission[];
  /** The submissions answered 2xx: what HubSpot would have recorded. */
  accepted: FakeSubmission[];
  /** Requests that were not a well-formed submission (wrong path, method or body). */
  malformed: { method: string; url: string; reason: string }[];
  acceptedCount(email: string): number;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function asSubmission(portalId: string, formId: string, body: unknown): FakeSubmission | string {
  if (typeof body !== "object" || body === null) return "the body is not a JSON object";
  const { fields, context = {}, submittedAt, legalConsentOptions } = body as Record<string, unknown>;
  if (!Array.isArray(fields)) return "fields is not an array";
  for (const field of fields) {
    if (typeof field?.name !== "string" || typeof field?.value !== "string") return "a field is not {name, value}";
  }
  if (typeof context !== "object" || context === null) return "context is not an object";
  const pairs = fields as { name: string; value: string }[];
  return {
    portalId,
    formId,
    submittedAt,
    fields: pairs,
    context: context as Record<string, string>,
    values: Object.fromEntries(pairs.map((field) => [field.name, field.value])),
    ...(legalConsentOptions === undefined ? {} : { legalConsentOptions }),
  };
}

export async function startFakeHubSpotApi({
  port = 0,
  behaviour = ACCEPT_ALL,
}: { port?: number; behaviour?: FakeBehaviour } = {}): Promise<FakeHubSpotApi> {
  const api: FakeHubSpotApi = {
    origin: "",
    port: 0,
    behaviour,
    received: [],
    accepted: [],
    malformed: [],
    acceptedCount: (email) => api.accepted.filter((submission) => submission.values.email === email).length,
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };

  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json;charset=utf-8", ...headers });
      res.end(body === undefined ? "" : JSON.stringify(body));
    };
    const refuse = (status: number, reason: string) => {
      api.malformed.push({ method: req.method ?? "", url: req.url ?? "", reason });
      answer(status, { status: "error", message: reason, correlationId: "fake" });
    };
    // What it received, for tests in another process (the browser tests' fake runs as a web server).
    if (req.method === "GET" && req.url === RECEIVED_PATH)
      return answer(200, { received: api.received, accepted: api.accepted });
    const match = SUBMIT_PATH.exec(req.url ?? "");
    if (!match) return refuse(404, "Not found");
    if (req.method !== "POST") return refuse(405, "Method not allowed");
    if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(415, "Expected JSON");
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return refuse(400, "Invalid JSON");
    }
    const submission = asSubmission(match[1]!, match[2]!, body);
    if (typeof submission === "string") return refuse(400, submission);
    api.received.push(submission);
    const tooOld =
      submission.submittedAt !== undefined && Date.now() - Number(submission.submittedAt) > SUBMITTED_AT_MAX_AGE_MS;
    const reply = tooOld ? submittedTooLongAgo() : api.behaviour(submission, api.received.length);
    if (reply.delayMs) await new Promise((resolveDelay) => setTimeout(resolveDelay, reply.delayMs));
    if (reply.status >= 200 && reply.status < 300) api.accepted.push(submission);
    answer(reply.status, reply.body, reply.headers);
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveListen());
  });
  api.port = (server.address() as AddressInfo).port;
  api.origin = `http://127.0.0.1:${api.port}`;
  return api;
}
