import { afterEach, describe, expect, it, vi } from "vitest";
import { INVITATION_API_PATH } from "~/invitation/request-schema";
import { sendInvitationRequest, type SendInput } from "./send-request";

const input: SendInput = {
  mode: "employer",
  fields: { firstname: "Grace", email: "grace@example.com" },
  website: "",
  fillMs: 5000,
};

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi
    .fn<typeof fetch>()
    .mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status, headers }));

afterEach(() => vi.restoreAllMocks());

describe("sendInvitationRequest", () => {
  it("posts the request as JSON to the API and reports it sent on 201", async () => {
    const fetchImpl = answer(201, { id: "r-1" });
    expect(await sendInvitationRequest(input, fetchImpl)).toEqual({ kind: "sent", id: "r-1" });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(INVITATION_API_PATH);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({
      mode: input.mode,
      fields: input.fields,
      website: input.website,
      fill_ms: input.fillMs,
    });
  });

  it("hands the server's field messages back on 400", async () => {
    const errors = { email: "Enter an email address such as name@company.com." };
    expect(await sendInvitationRequest(input, answer(400, { errors }))).toEqual({ kind: "invalid", errors });
  });

  it("says how long to wait on 429", async () => {
    expect(await sendInvitationRequest(input, answer(429, { error: "x" }, { "Retry-After": "240" }))).toEqual({
      kind: "rate-limited",
      retryAfterSeconds: 240,
    });
  });

  it.each([
    ["a server error", 503, { error: "Service Unavailable" }],
    ["a static host without the API", 405, undefined],
    ["a 201 without an id", 201, {}],
    ["a 400 without field messages", 400, { error: "Bad Request" }],
  ])("never reports %s as sent", async (_case, status, body) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await sendInvitationRequest(input, answer(status, body))).toEqual({ kind: "failed", reason: "server" });
    expect(error).toHaveBeenCalled();
  });

  it("reports a request that got no answer as offline", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await sendInvitationRequest(input, offline)).toEqual({ kind: "failed", reason: "offline" });
    expect(error).toHaveBeenCalled();
  });
});
