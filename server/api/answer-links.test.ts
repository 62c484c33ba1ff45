// @vitest-environment node
import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { API_PREFIX } from "#shared/api-paths.ts";
import { readContent } from "#shared/content/read.ts";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import { sampleRequest } from "../../tests/support/store-contract";
import { parseConfig } from "../config";
import { answerLinks } from "../requests/answer-links";
import type { AnswerOutcome } from "../requests/answer";
import type { StoredInvitationRequest } from "../requests/store";
import { answerLinksRoute } from "./answer-links";
import { apiScope } from "./routes";
import { invitationRequestsRoute } from "./invitation-requests";

const SECRET = randomBytes(32);
const NOW = Date.UTC(2026, 10, 25, 9, 30);
const config = parseConfig({ RATE_LIMIT_MAX: "3" });
const words = withSiteFacts(readContent("emails"), config.site).team;
const { id, receivedAt, mode, fields, context } = sampleRequest(2, { fields: { firstname: "Ada", email: "a@b.co" } });
const REQUEST: StoredInvitationRequest = {
  ...{ id, receivedAt, mode, fields, context, relay: "off", relayAttempts: 0, relayError: null, sentAt: null },
  ...{ noticeVersion: null, held: null, source: null, consent: null, role: null, acknowledgedAt: null },
  ...{ replyBy: receivedAt + 48 * 3_600_000, answer: null, answeredAt: null, remindedAt: null },
};

/** The API's scope with the answer pages and the request endpoint, as the site's server mounts it, on a fake store. */
async function api() {
  const answered: string[] = [];
  const server = Fastify({ exposeHeadRoutes: false });
  const endpoints = [
    answerLinksRoute({
      config,
      secret: SECRET,
      store: { findRequest: async () => REQUEST },
      answer: async (requestId, answer): Promise<AnswerOutcome> => {
        answered.push(`${requestId} ${answer}`);
        return { outcome: "recorded", request: { ...REQUEST, answer, answeredAt: NOW }, emailed: false };
      },
      tellsRequesters: false,
      words,
      waitWords: readContent("requestInvitation").waitWords,
      now: () => NOW,
      log: () => {},
    }),
    invitationRequestsRoute({
      config,
      takeRequest: async () => ({ kind: "stored", id: "x", mode: "candidate", repeat: false }),
      log: () => {},
    }),
  ];
  await server.register(apiScope(endpoints, { trustProxyHops: 0, counter: undefined }), { prefix: API_PREFIX });
  return { server, answered };
}

const link = (answer: "invite" | "decline" | "other") =>
  new URL(answerLinks(SECRET, config.site.siteUrl, id, NOW)[answer]);

describe("the answer pages' limits", () => {
  it("count each address's opens and confirmations on their own, apart from the request form's", async () => {
    const { server } = await api();
    const { pathname, search } = link("decline");
    for (let index = 0; index < 3; index += 1) {
      expect((await server.inject({ method: "GET", url: `${pathname}${search}` })).statusCode).toBe(200);
    }
    const limited = await server.inject({ method: "GET", url: `${pathname}${search}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("600");
    expect(limited.body).toContain(`<h1>${words.answerPages.rateLimited.heading}</h1>`);
    expect(limited.body).toContain("Try again in 10 minutes. Nothing was changed.");
    // The request form's own count is untouched (a real connection: the endpoint reads Node's own headers).
    const origin = await server.listen({ port: 0, host: "127.0.0.1" });
    try {
      const request = await fetch(`${origin}${API_PREFIX}/invitation-requests`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mode: "candidate", fields: {} }),
      });
      expect(request.status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it("take a confirmation as a small form post only, and record nothing otherwise", async () => {
    const { server, answered } = await api();
    const token = link("invite").searchParams.get("token")!;
    const post = (payload: string, type = "application/x-www-form-urlencoded") =>
      server.inject({ method: "POST", url: `${API_PREFIX}/answer`, headers: { "content-type": type }, payload });
    expect((await post(JSON.stringify({ token }), "application/json")).statusCode).toBe(415);
    expect((await post(`token=${token}&pad=${"x".repeat(2000)}`)).statusCode).toBe(413);
    expect((await server.inject({ method: "PUT", url: `${API_PREFIX}/answer` })).statusCode).toBe(405);
    expect(answered).toEqual([]);
    expect((await post(`token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    expect(answered).toEqual([`${id} invite`]);
  });

  it("take a confirmation from their own page, whose policy makes its Origin null, and none from another site's", async () => {
    const { server, answered } = await api();
    const token = encodeURIComponent(link("decline").searchParams.get("token")!);
    const post = (headers: Record<string, string>) =>
      server.inject({
        method: "POST",
        url: `${API_PREFIX}/answer`,
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: `token=${token}`,
      });
    const others: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const from of others) {
      const refused = await post(from);
      expect(refused.statusCode, JSON.stringify(from)).toBe(403);
      expect(refused.body).toContain(`<h1>${words.answerPages.crossSite.heading}</h1>`);
    }
    expect(answered).toEqual([]);
    expect((await post({ origin: "null", "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expect((await post({ origin: config.site.siteUrl })).statusCode).toBe(200);
    expect(answered).toEqual([`${id} decline`, `${id} decline`]);
  });

  it("without TEAM_LINK_SECRET, take no link: each says it does not work", async () => {
    const server = Fastify({ exposeHeadRoutes: false });
    const route = answerLinksRoute({
      config,
      secret: null,
      store: { findRequest: async () => REQUEST },
      answer: async () => {
        throw new Error("nothing may be recorded");
      },
      tellsRequesters: false,
      words,
      waitWords: readContent("requestInvitation").waitWords,
      now: () => NOW,
    });
    await server.register(apiScope([route], { trustProxyHops: 0, counter: undefined }), { prefix: API_PREFIX });
    const { pathname, search } = link("other");
    const page = await server.inject({ method: "GET", url: `${pathname}${search}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`<h1>${words.answerPages.altered.heading}</h1>`);
  });
});
