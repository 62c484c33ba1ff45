import { afterEach, describe, expect, it, vi } from "vitest";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { newIdempotencyKey, RETRY_DELAYS_MS, sendInvitationRequest, type SendInput } from "./send-request";

const input: SendInput = {
  mode: "employer",
  fields: { firstname: "Grace", email: "grace@example.com" },
  website: "",
  fillMs: 5000,
  idempotencyKey: "0f5c8e1a9b7d4c2e8f6a1b3c5d7e9f10",
};

const response = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn<typeof fetch>().mockImplementation(async () => response(status, body, headers));
/** Waits nothing, and records what it was asked to wait. */
const noWait = () => vi.fn(async (_ms: number) => {});
const offline = () => Promise.reject(new TypeError("Failed to fetch"));

afterEach(() => vi.restoreAllMocks());

describe("sendInvitationRequest", () => {
  it("posts the request as JSON to the API, with its idempotency key, and reports it sent on 201", async () => {
    const fetchImpl = answer(201, { id: "r-1" });
    expect(await sendInvitationRequest(input, { fetchImpl })).toEqual({ kind: "sent", id: "r-1" });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(INVITATION_API_PATH);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({
      mode: input.mode,
      fields: input.fields,
      website: input.website,
      fill_ms: input.fillMs,
      idempotencyKey: input.idempotencyKey,
    });
  });

  it("hands the server's field messages back on 400", async () => {
    const errors = { email: "Enter an email address such as name@company.com." };
    expect(await sendInvitationRequest(input, { fetchImpl: answer(400, { errors }) })).toEqual({
      kind: "invalid",
      errors,
    });
  });

  it("says how long to wait on 429", async () => {
    const fetchImpl = answer(429, { error: "x" }, { "Retry-After": "240" });
    expect(await sendInvitationRequest(input, { fetchImpl })).toEqual({ kind: "rate-limited", retryAfterSeconds: 240 });
  });

  it.each([
    ["a server error", 500, { error: "Internal Server Error" }],
    ["a static host without the API", 405, undefined],
    ["a 201 without an id", 201, {}],
    ["a 400 without field messages", 400, { error: "Bad Request" }],
  ])("never reports %s as sent, and does not try it again", async (_case, status, body) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchImpl = answer(status, body);
    expect(await sendInvitationRequest(input, { fetchImpl, wait: noWait() })).toEqual({
      kind: "failed",
      reason: "server",
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
  });

  it("tries a 503 or a send that got no answer again by itself, with the same key, and reports it sent once stored", async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockImplementationOnce(async () => response(503, { error: "x" }, { "Retry-After": "5" }))
      .mockImplementationOnce(offline)
      .mockImplementationOnce(async () => response(502, undefined))
      .mockImplementationOnce(async () => response(201, { id: "r-1" }));
    const wait = noWait();
    expect(await sendInvitationRequest(input, { fetchImpl, wait })).toEqual({ kind: "sent", id: "r-1" });
    const keys = fetchImpl.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).idempotencyKey);
    expect(keys).toEqual(Array(4).fill(input.idempotencyKey));
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual(RETRY_DELAYS_MS.slice(0, 3));
  });

  it(`tries ${RETRY_DELAYS_MS.length + 1} times within about 20 s, then says what went wrong`, async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [fetchImpl, reason] of [
      [vi.fn<typeof fetch>().mockImplementation(offline), "offline"],
      [answer(503, { error: "x" }), "server"],
    ] as const) {
      const wait = noWait();
      expect(await sendInvitationRequest(input, { fetchImpl, wait })).toEqual({ kind: "failed", reason });
      expect(fetchImpl).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
      const waited = wait.mock.calls.reduce((total, [ms]) => total + ms, 0);
      expect(waited).toBeLessThanOrEqual(20_000);
    }
    expect(error).toHaveBeenCalledTimes(2);
  });

  it("stops trying once the visitor has left the form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const leaving = new AbortController();
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => {
      leaving.abort();
      return response(503, { error: "x" });
    });
    expect(await sendInvitationRequest(input, { fetchImpl, wait: noWait(), signal: leaving.signal })).toEqual({
      kind: "failed",
      reason: "server",
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe("newIdempotencyKey", () => {
  it("makes 32 hex digits, a new one each time", () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
