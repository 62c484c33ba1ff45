// @vitest-environment node
import { describe, expect, it } from "vitest";
import { SafeError } from "../safe-errors";
import type { WebhookPayload } from "./messages";
import { ChannelRefusedError, postWebhook, webhookSignature } from "./webhook";

/** Slack's and Teams' hooks keep their token in the path: it must never reach a message. */
const HOOK_URL = "https://hooks.example/services/T0/B0/secret-token";
const PAYLOAD: WebhookPayload = {
  text: "Held as likely automated: 1 invitation request since 2026-11-25 09:00 UTC",
  event: "held-summary",
  held: { count: 1, ids: ["id-1"], since: "2026-11-25T09:00:00.000Z", admitCommand: "release" },
};

interface Posted {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers `status`. */
function answering(status: number) {
  const posted: Posted[] = [];
  const fake = (async (url: string | URL | Request, init?: RequestInit) => {
    posted.push({ url: String(url), init: init ?? {} });
    return new Response(status === 204 ? null : "body", { status });
  }) as typeof fetch;
  return { fetch: fake, posted };
}

function post(fake: typeof fetch, options: { secret?: string; deliveryId?: string; signal?: AbortSignal } = {}) {
  return postWebhook({ url: HOOK_URL, secret: options.secret ?? null }, PAYLOAD, {
    deliveryId: options.deliveryId ?? "delivery-1",
    timeoutMs: 10_000,
    fetch: fake,
    now: () => 1_700_000_000_500,
    signal: options.signal,
  });
}

function headersOf(posted: Posted): Headers {
  return new Headers(posted.init.headers);
}

/** The error `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("the team's webhook post", () => {
  it("carries the same X-Delivery-Id on every post of one notification, so receivers drop duplicates", async () => {
    const { fetch, posted } = answering(204);
    await post(fetch, { deliveryId: "n-42" });
    await post(fetch, { deliveryId: "n-42" });
    await post(fetch, { deliveryId: "n-43" });
    expect(posted.map((call) => headersOf(call).get("X-Delivery-Id"))).toEqual(["n-42", "n-42", "n-43"]);
    expect(posted[0]).toMatchObject({ url: HOOK_URL, init: { method: "POST", redirect: "manual" } });
  });

  it("signs the exact body it sends", async () => {
    const { fetch, posted } = answering(200);
    await post(fetch, { secret: "key" });
    const headers = headersOf(posted[0]!);
    const body = posted[0]!.init.body as string;
    expect(JSON.parse(body)).toEqual(PAYLOAD);
    expect(headers.get("X-Signature-Timestamp")).toBe("1700000000");
    expect(headers.get("X-Signature-256")).toBe(webhookSignature("key", "1700000000", body));
  });

  it.each([400, 401, 403, 404, 410])("takes %i as a refusal for good", async (status) => {
    const error = await rejection(post(answering(status).fetch));
    expect(error).toBeInstanceOf(ChannelRefusedError);
    expect(error).toBeInstanceOf(SafeError);
    expect(error).toMatchObject({ name: "ChannelRefusedError", message: `answered ${status}` });
  });

  it.each([408, 429, 500, 503, 301, 302])("takes %i as a failure to retry", async (status) => {
    const error = await rejection(post(answering(status).fetch));
    expect(error).toBeInstanceOf(SafeError);
    expect(error).not.toBeInstanceOf(ChannelRefusedError);
    expect(error.message).toBe(`answered ${status}`);
  });

  it("says a network error's code, never the URL and its token", async () => {
    const fake = (async () => {
      const cause = Object.assign(new Error(`connect ECONNREFUSED ${HOOK_URL}`), { code: "ECONNREFUSED" });
      throw new TypeError(`fetch failed: ${HOOK_URL}`, { cause });
    }) as typeof fetch;
    const error = await rejection(post(fake));
    expect(error).toBeInstanceOf(SafeError);
    expect(error).not.toBeInstanceOf(ChannelRefusedError);
    expect(error.message).toBe("could not be reached (ECONNREFUSED)");
    expect(error.message).not.toContain("secret-token");
  });

  it("gives up when there is no answer in time, or when the caller cuts it off", async () => {
    /** A fetch that never answers, and fails as fetch does once its signal aborts. */
    const hanging = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error));
      })) as typeof fetch;
    const timedOut = await rejection(
      postWebhook({ url: HOOK_URL, secret: null }, PAYLOAD, { deliveryId: "d", timeoutMs: 20, fetch: hanging }),
    );
    expect(timedOut).toBeInstanceOf(SafeError);
    expect(timedOut.message).toBe("no answer within 0.02 s");

    const caller = new AbortController();
    const started = Date.now();
    setTimeout(() => caller.abort(), 20);
    const cutOff = await rejection(post(hanging, { signal: caller.signal }));
    expect(cutOff).toBeInstanceOf(SafeError);
    expect(cutOff).not.toBeInstanceOf(ChannelRefusedError);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
