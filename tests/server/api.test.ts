/**
 * POST /api/invitation-requests against the real server (server/serve.ts in a child
 * process), once per store: every refusal docs/product.md#nothing-lost names, each leaving zero rows,
 * the answers that look like success but store nothing (honeypot, fill time), and the
 * happy paths, checked in the store and through the export command.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "#shared/invitation/request-schema.ts";
import { freePort } from "../../scripts/lib/free-port";
import { REQUEST_BODY_LIMIT_BYTES } from "../../server/api/invitation-requests";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import type { RequestStore } from "../../server/requests/store";
import {
  fixtureSite,
  removeFixtureSite,
  runRequestsCommand,
  startSiteProcess,
  type SiteProcess,
} from "../support/site-process";
import { rawRequest, type RawResponse } from "../support/raw-client";
import { STORE_TARGETS } from "../support/store-targets";
import { DEPLOYMENT_SITE_FACTS } from "../support/deployment-site-facts";
import { EMPLOYER_FIELDS, CANDIDATE_FIELDS } from "../support/request-fixture";
import { refusedWords, requestWords } from "../support/words";
import { REQUEST_RECEIVED_PATHS } from "#shared/routes.ts";
import { API_MESSAGES } from "../../server/api/api-messages";

const SITE_URL = "https://network.example";
const RATE_LIMIT_MAX = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const messages = requestWords.validation;

const candidate = CANDIDATE_FIELDS;
const employer = EMPLOYER_FIELDS;

const JSON_TYPE: [string, string] = ["Content-Type", "application/json"];
const FORM_TYPE: [string, string] = ["Content-Type", "application/x-www-form-urlencoded"];
const json = (value: unknown) => JSON.stringify(value);
const withFields = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  json({ mode: "candidate", fields: { ...candidate, ...fields }, ...extra });
const form = (values: Record<string, string>) =>
  new URLSearchParams({ mode: "candidate", ...candidate, ...values }).toString();

interface Case {
  name: string;
  method?: string;
  target?: string;
  headers?: [string, string][];
  body?: string | Buffer;
  chunked?: boolean;
  status: number;
  check?: (response: RawResponse) => void;
}

const fieldError = (field: string, message?: string) => (response: RawResponse) => {
  const errors = JSON.parse(response.body).errors;
  expect(errors, response.body).toHaveProperty(field);
  if (message) expect(errors[field]).toBe(message);
};
const errorMessage = (message: string) => (response: RawResponse) => {
  expect(JSON.parse(response.body)).toEqual({ error: message });
};
const allow = (methods: string) => (response: RawResponse) => expect(response.headers.allow).toBe(methods);

const oversized = "x".repeat(17 * 1024);

/**
 * Refusals that end before the store: run on one store (the first of STORE_TARGETS). A body
 * the schema or the body parser refuses is decided by their unit tests
 * (shared/invitation/request-validation.test.ts, server/api/request-body.test.ts); the 400s here
 * are the ones only the whole endpoint sees (bytes that are not UTF-8, a form post, __proto__
 * through JSON.parse) or that no unit test names.
 */
const REFUSED: Case[] = [
  // Bodies that are not a request.
  {
    name: "JSON that is not UTF-8",
    headers: [JSON_TYPE],
    body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    status: 400,
    check: fieldError("body", API_MESSAGES.notUtf8),
  },
  // Wrong modes and types.
  {
    name: "a mode of the wrong type",
    headers: [JSON_TYPE],
    body: json({ mode: ["candidate"], fields: candidate }),
    status: 400,
    check: fieldError("mode"),
  },
  {
    name: "no fields",
    headers: [JSON_TYPE],
    body: json({ mode: "candidate" }),
    status: 400,
    check: fieldError("fields", messages.fields),
  },
  // Missing, blank, long and malformed values.
  {
    name: "a blank required field",
    headers: [JSON_TYPE],
    body: withFields({ lastname: "   " }),
    status: 400,
    check: fieldError("lastname", messages.required),
  },
  {
    name: "an over-long message",
    headers: [JSON_TYPE],
    body: withFields({ message: "m".repeat(2001) }),
    status: 400,
    check: fieldError("message"),
  },
  {
    name: "an email with a space",
    headers: [JSON_TYPE],
    body: withFields({ email: "ada lovelace@example.com" }),
    status: 400,
    check: fieldError("email", messages.email),
  },
  // No reply could reach a domain without a dot: the words say to add its end.
  {
    name: "an email with no dot in its domain",
    headers: [JSON_TYPE],
    body: withFields({ email: "dana@gmail" }),
    status: 400,
    check: fieldError("email", messages.emailDomain),
  },
  {
    name: "an email at localhost",
    headers: [JSON_TYPE],
    body: withFields({ email: "root@localhost" }),
    status: 400,
    check: fieldError("email", messages.emailDomain),
  },
  // A MIME encoded word in a name would reach the team email's Subject and Reply-To, where a mail
  // reader decodes it (here a right-to-left override and a line break).
  {
    name: "a name sent as MIME encoded words",
    headers: [JSON_TYPE],
    body: withFields({ firstname: `=?utf-8?b?${Buffer.from("\u202eAda\r\nBcc: x@example.com").toString("base64")}?=` }),
    status: 400,
    check: fieldError("firstname", messages.invalidCharacters),
  },
  // Fields the form does not have.
  {
    name: "an extra field",
    headers: [JSON_TYPE],
    body: withFields({ admin: "true" }),
    status: 400,
    check: fieldError("admin", messages.unknownField),
  },
  {
    name: "a field named __proto__",
    headers: [JSON_TYPE],
    body: `{"mode":"candidate","fields":{"__proto__":{"x":"1"},${json(candidate).slice(1, -1)}}}`,
    status: 400,
    check: (response) => expect(Object.keys(JSON.parse(response.body).errors)).toEqual(["__proto__"]),
  },
  {
    name: "a form post without a mode",
    headers: [FORM_TYPE, ["Accept", "application/json"]],
    body: new URLSearchParams(candidate).toString(),
    status: 400,
    check: fieldError("mode"),
  },
  // Size.
  {
    name: "a 17 KB body",
    headers: [JSON_TYPE],
    body: withFields({ message: oversized }),
    status: 413,
    check: errorMessage(API_MESSAGES.tooLarge.replace("{limit}", String(REQUEST_BODY_LIMIT_BYTES))),
  },
  {
    name: "a 17 KB body sent in chunks",
    headers: [JSON_TYPE],
    body: withFields({ message: oversized }),
    chunked: true,
    status: 413,
  },
  {
    name: "a 17 KB form post in chunks",
    headers: [FORM_TYPE, ["Accept", "application/json"]],
    body: form({ message: oversized }),
    chunked: true,
    status: 413,
  },
  // Content types.
  {
    name: "text/plain",
    headers: [["Content-Type", "text/plain"]],
    body: withFields({}),
    status: 415,
    check: errorMessage(API_MESSAGES.unsupportedType),
  },
  {
    name: "multipart/form-data",
    headers: [["Content-Type", "multipart/form-data; boundary=x"]],
    body: "--x--",
    status: 415,
  },
  { name: "no Content-Type", body: withFields({}), status: 415 },
  {
    name: "a JSON look-alike type",
    headers: [["Content-Type", "application/jsonp"]],
    body: withFields({}),
    status: 415,
  },
  {
    name: "JSON labelled charset=utf-16",
    headers: [["Content-Type", "application/json; charset=utf-16"]],
    body: withFields({}),
    status: 415,
    check: errorMessage(API_MESSAGES.unsupportedType),
  },
  {
    name: "JSON labelled with RFC 2231's charset*=iso-8859-1''",
    headers: [["Content-Type", "application/json; charset*=iso-8859-1''"]],
    body: withFields({}),
    status: 415,
  },
  {
    name: "a form post labelled charset=iso-8859-1",
    headers: [
      ["Content-Type", "application/x-www-form-urlencoded; charset=iso-8859-1"],
      ["Accept", "application/json"],
    ],
    body: form({}),
    status: 415,
  },
  {
    name: "two different Content-Types",
    headers: [JSON_TYPE, ["Content-Type", "text/plain"]],
    body: withFields({}),
    status: 415,
  },
  // Other sites.
  {
    name: "a cross-site Origin",
    headers: [JSON_TYPE, ["Origin", "https://evil.example"]],
    body: withFields({}),
    status: 403,
    check: errorMessage(API_MESSAGES.crossSite),
  },
  {
    name: "a look-alike Origin",
    headers: [JSON_TYPE, ["Origin", "https://network.example.evil.example"]],
    body: withFields({}),
    status: 403,
  },
  { name: "Origin: null", headers: [JSON_TYPE, ["Origin", "null"]], body: withFields({}), status: 403 },
  {
    name: "a form post from another site without Origin (fetch metadata)",
    headers: [FORM_TYPE, ["Sec-Fetch-Site", "cross-site"]],
    body: form({}),
    status: 403,
  },
  {
    name: "a form post from another site without Origin (Referer)",
    headers: [FORM_TYPE, ["Referer", "https://evil.example/form.html"]],
    body: form({}),
    status: 403,
  },
  // Methods.
  { name: "GET", method: "GET", status: 405, check: allow("POST") },
  { name: "PUT", method: "PUT", headers: [JSON_TYPE], body: withFields({}), status: 405, check: allow("POST") },
  { name: "DELETE", method: "DELETE", status: 405, check: allow("POST") },
  { name: "PATCH", method: "PATCH", headers: [JSON_TYPE], body: withFields({}), status: 405, check: allow("POST") },
  { name: "OPTIONS", method: "OPTIONS", status: 405, check: allow("POST") },
  // Paths that are not the endpoint.
  {
    name: "a trailing slash",
    target: `${INVITATION_API_PATH}/`,
    headers: [JSON_TYPE],
    body: withFields({}),
    status: 404,
  },
  {
    name: "a doubled slash",
    target: "/api//invitation-requests",
    headers: [JSON_TYPE],
    body: withFields({}),
    status: 404,
  },
  {
    name: "a dot segment",
    target: "/api/./invitation-requests",
    headers: [JSON_TYPE],
    body: withFields({}),
    status: 404,
  },
  {
    name: "an encoded dot-dot",
    target: "/api/%2e%2e/api/invitation-requests",
    headers: [JSON_TYPE],
    body: withFields({}),
    status: 404,
  },
  {
    name: "an encoded slash",
    target: "/api%2finvitation-requests",
    headers: [JSON_TYPE],
    body: withFields({}),
    status: 405,
    check: allow("GET, HEAD"),
  },
  {
    name: "an encoded letter",
    target: "/%61pi/invitation-requests",
    headers: [JSON_TYPE],
    body: withFields({}),
    status: 405,
    check: allow("GET, HEAD"),
  },
  { name: "another case", target: "/API/invitation-requests", headers: [JSON_TYPE], body: withFields({}), status: 405 },
];

/** Requests a bot most likely sent: answered as stored, and stored held (docs/product.md#nothing-lost). */
const HELD: (Omit<Case, "check"> & { held: "honeypot" | "fill-time" })[] = [
  {
    name: "honeypot filled (JSON)",
    headers: [JSON_TYPE],
    body: withFields({}, { website: "https://spam.example" }),
    status: 201,
    held: "honeypot",
  },
  {
    name: "honeypot filled (form post)",
    headers: [FORM_TYPE],
    body: form({ website: "spam" }),
    status: 303,
    held: "honeypot",
  },
  {
    name: `filled in under ${MIN_FILL_MS} ms (JSON)`,
    headers: [JSON_TYPE],
    body: withFields({}, { fill_ms: MIN_FILL_MS - 1 }),
    status: 201,
    held: "fill-time",
  },
  {
    name: `filled in under ${MIN_FILL_MS} ms (form post)`,
    headers: [FORM_TYPE],
    body: form({ fill_ms: "120" }),
    status: 303,
    held: "fill-time",
  },
];

describe.each(STORE_TARGETS)("the invitation request API on $name", (target) => {
  let server: SiteProcess;
  let store: RequestStore;
  let storeEnv: Record<string, string>;
  let site: string;
  let addresses = 0;
  /** Each request comes from its own address (the server trusts one proxy), so the rate limit is per test. */
  const newAddress = () => `198.51.100.${(addresses += 1)}`;

  const send = (request: Omit<Case, "name" | "status" | "check">, from = newAddress()) =>
    rawRequest(server.port, {
      method: request.method ?? "POST",
      target: request.target ?? INVITATION_API_PATH,
      headers: [["X-Forwarded-For", from], ...(request.headers ?? [])],
      body: request.body,
      chunked: request.chunked,
    });
  const rows = async () => (await store.list()).length;

  beforeAll(async () => {
    const fresh = await target.fresh();
    storeEnv = fresh.env;
    site = fixtureSite();
    server = await startSiteProcess({
      dir: site,
      port: await freePort(),
      env: {
        ...storeEnv,
        SITE_URL,
        ...DEPLOYMENT_SITE_FACTS,
        TRUST_PROXY: "1",
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        RATE_LIMIT_WINDOW_SECONDS: "600",
      },
    });
    store = await fresh.open();
  });

  afterAll(async () => {
    await store?.close();
    expect(await server?.stop()).toBe(0);
    removeFixtureSite(site);
  });

  describe("refuses, storing nothing", () => {
    // The table's refusals end before the store: one store answers them for both.
    if (target === STORE_TARGETS[0])
      it.each(REFUSED)("$name: $status", async (refused) => {
        const response = await send(refused);
        expect(response.status, response.body).toBe(refused.status);
        if (refused.status !== 405 || refused.target === undefined) {
          expect(response.headers["content-type"]).toMatch(/^application\/json/);
        }
        refused.check?.(response);
        expect(await rows()).toBe(0);
      });

    it("logs a refused origin once an hour, naming the setting to change and SITE_URL under another name", async () => {
      for (const origin of ["http://network.example", "http://network.example", "https://evil.example"]) {
        const response = await send({ headers: [JSON_TYPE, ["Origin", origin]], body: withFields({}) });
        expect(response.status).toBe(403);
      }
      // Other cases of this file posted from evil.example too: still one line for it.
      const linesFrom = (origin: string) =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes(`refused a post from ${origin} `));
      await expect.poll(() => linesFrom("http://network.example").length).toBe(1);
      expect(linesFrom("http://network.example")[0]).toMatch(/under another scheme.*SITE_URL.*ALLOWED_ORIGINS/);
      expect(linesFrom("https://evil.example")).toHaveLength(1);
      expect(await rows()).toBe(0);
    });

    it("past the limit per address: 429 with Retry-After, whatever the body", async () => {
      const from = newAddress();
      for (let attempt = 0; attempt < RATE_LIMIT_MAX; attempt += 1) {
        expect((await send({ headers: [JSON_TYPE], body: "{" }, from)).status).toBe(400);
      }
      const limited = await send({ headers: [JSON_TYPE], body: withFields({}) }, from);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(JSON.parse(limited.body)).toEqual({ error: API_MESSAGES.rateLimited });
      // Another address is not held back by this one.
      expect((await send({ headers: [JSON_TYPE], body: "{" })).status).toBe(400);
      expect(await rows()).toBe(0);
    });

    it("a form post past the limit gets a calm page saying how long to wait", async () => {
      const from = newAddress();
      for (let attempt = 0; attempt < RATE_LIMIT_MAX; attempt += 1)
        await send({ headers: [FORM_TYPE], body: "mode=x" }, from);
      const limited = await send({ headers: [FORM_TYPE, ["Accept", "text/html"]], body: form({}) }, from);
      expect(limited.status).toBe(429);
      expect(limited.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(540);
      expect(limited.body).toContain(refusedWords.rateLimited.heading);
      expect(limited.body).toContain("10 minutes");
      expect(limited.body).toContain('href="/request-invitation"');
      expect(await rows()).toBe(0);
    });

    it("a form post that fails validation gets a page naming the fields by label, never echoing what was sent", async () => {
      const typed = "<script>alert('zqmarker')</script>";
      const response = await send({
        headers: [FORM_TYPE, ["Accept", "text/html,application/xhtml+xml"]],
        body: new URLSearchParams({
          mode: "employer",
          ...employer,
          firstname: typed.repeat(10),
          email: `${typed}@x`,
          [typed]: "1",
        }).toString(),
      });
      expect(response.status).toBe(400);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(response.body).toContain(refusedWords.invalid.heading);
      expect(response.body).toContain(`<strong>First name</strong>: ${messages.tooLong.replace("{max}", "100")}`);
      expect(response.body).toContain(`<strong>Work email</strong>: ${messages.email}`);
      expect(response.body).toContain(refusedWords.invalid.unknownField);
      expect(response.body).toContain('href="/request-invitation?type=employer"');
      expect(response.body).not.toMatch(/alert|zqmarker/);
      expect(await rows()).toBe(0);
    });
  });

  describe("answers a likely bot exactly like a person, and keeps its request held", () => {
    it.each(HELD)("$name: $status, stored held ($held)", async (bot) => {
      const before = await rows();
      const response = await send(bot);
      expect(response.status).toBe(bot.status);
      if (bot.status === 303) expect(response.headers.location).toBe(REQUEST_RECEIVED_PATHS.candidate);
      else expect(JSON.parse(response.body)).toEqual({ id: expect.stringMatching(UUID) });
      expect(await rows()).toBe(before + 1);
      const stored = (await store.list()).at(-1);
      if (bot.status === 201) expect(stored?.id).toBe(JSON.parse(response.body).id);
      expect(stored?.held).toBe(bot.held);
    });
  });

  describe("stores a request, then answers", () => {
    it("JSON: 201 with the id of the stored row, kept exactly as sent", async () => {
      const fields = {
        ...candidate,
        company: "<b>Engines</b> & Sons",
        linkedin_url: "linkedin.com/in/ada",
        message: "Line one\nLine two 🙂",
      };
      const response = await send({
        headers: [
          JSON_TYPE,
          ["Origin", SITE_URL],
          ["Referer", `${SITE_URL}/request-invitation?utm_source=newsletter`],
          ["Cookie", "theme=dark; hubspotutk=0123456789abcdef0123456789abcdef"],
        ],
        body: json({ mode: "candidate", fields, fill_ms: MIN_FILL_MS + 5000 }),
      });
      expect(response.status).toBe(201);
      const { id } = JSON.parse(response.body);
      expect(id).toMatch(UUID);
      expect(response.body).not.toContain("Engines");
      const stored = (await store.list()).find((request) => request.id === id);
      expect(stored).toMatchObject({ mode: "candidate", fields, relay: "off" });
      expect(stored?.context).toEqual({
        pageUri: `${SITE_URL}/request-invitation?utm_source=newsletter`,
        pageName: "Request an Invitation | The TA Leadership Network",
        hutk: "0123456789abcdef0123456789abcdef",
      });
    });

    it("form post: 303 to the mode's confirmation page", async () => {
      const before = await rows();
      const response = await send({
        headers: [FORM_TYPE, ["Origin", SITE_URL], ["Accept", "text/html"]],
        body: new URLSearchParams({
          mode: "employer",
          ...employer,
          email: "brief@example.com",
          website: "",
          fill_ms: "",
        }).toString(),
      });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(REQUEST_RECEIVED_PATHS.employer);
      expect(await rows()).toBe(before + 1);
      const stored = (await store.list()).at(-1);
      expect(stored).toMatchObject({ mode: "employer", fields: { ...employer, email: "brief@example.com" } });
      // No same-site Referer: the page URI is the employer form under SITE_URL.
      expect(stored?.context.pageUri).toBe(`${SITE_URL}/request-invitation?type=employer`);
      expect(stored?.context).not.toHaveProperty("hutk");
    });

    it("form post asking for JSON (the form's fetch): 201", async () => {
      const response = await send({
        headers: [FORM_TYPE, ["Accept", "application/json"]],
        body: form({ email: "fetch@example.com" }),
      });
      expect(response.status).toBe(201);
      expect(JSON.parse(response.body).id).toMatch(UUID);
    });

    it("the export command lists every stored request while the server runs", async () => {
      const stored = await store.list();
      expect(stored.filter((request) => request.held === null)).toHaveLength(3);
      const exported = await runRequestsCommand(["export", "--format", "json"], storeEnv, { viaNpm: true });
      expect(exported.code, exported.stderr).toBe(0);
      const list = JSON.parse(exported.stdout);
      expect(list.map((request: { id: string }) => request.id)).toEqual(stored.map((request) => request.id));
      const brief = stored.find((request) => request.fields.email === "brief@example.com")!;
      expect(list.find((request: { id: string }) => request.id === brief.id)).toEqual({
        id: brief.id,
        receivedAt: new Date(brief.receivedAt).toISOString(),
        mode: "employer",
        fields: brief.fields,
        relay: "off",
        relayError: null,
        held: null,
        previousRequests: 0,
        source: null,
        consent: null,
        role: null,
        replyBy: new Date(brief.receivedAt + 48 * 60 * 60 * 1000).toISOString(),
        answer: null,
        answeredAt: null,
      });
      // Every row says whether it is held, and why (the four held by "answers a likely bot ...").
      expect(list.filter((request: { held: string | null }) => request.held !== null)).toHaveLength(4);

      const csv = await runRequestsCommand(["export", "--format", "csv"], storeEnv);
      const lines = csv.stdout
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines).toHaveLength(stored.length + 1);
      expect(lines[0]).toMatch(/^"id","receivedAt","mode","relay","relayError","held","previousRequests","firstname",/);
      expect(lines.find((line) => line.includes('"<b>Engines</b> & Sons"'))).toBeDefined();
    });
  });

  describe("stores a retried send once", () => {
    it("a form post sent twice with the page's idempotency key: 303 both times, stored once", async () => {
      const before = await rows();
      const body = form({ email: "twice@example.com", idempotencyKey: "a1b2c3d4e5f60718293a4b5c6d7e8f90" });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await send({ headers: [FORM_TYPE, ["Accept", "text/html"]], body });
        expect(response.status).toBe(303);
        expect(response.headers.location).toBe(REQUEST_RECEIVED_PATHS.candidate);
      }
      expect(await rows()).toBe(before + 1);
    });

    it("the same key with other fields is another request, stored as its own; no key, or no valid one, stores each send", async () => {
      const key = "b1b2c3d4e5f60718293a4b5c6d7e8f90";
      const sendJson = (extra: Record<string, unknown>, fields: Record<string, string> = {}) =>
        send({ headers: [JSON_TYPE], body: withFields({ email: "again@example.com", ...fields }, extra) });
      const before = await rows();
      const first = JSON.parse((await sendJson({ idempotencyKey: key })).body).id;
      const edited = JSON.parse((await sendJson({ idempotencyKey: key }, { company: "Difference Engines" })).body).id;
      expect(edited).not.toBe(first);
      for (const extra of [{}, {}, { idempotencyKey: "short" }, { idempotencyKey: "short" }, { idempotencyKey: 42 }]) {
        expect((await sendJson(extra)).status).toBe(201);
      }
      expect(await rows()).toBe(before + 7);
    });
  });
});
