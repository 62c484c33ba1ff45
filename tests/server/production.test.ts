/**
 * Running in production without surprises (issue 18), with the real server in a child
 * process, on each store where a store is involved: a HubSpot redirect is never taken
 * for delivery, text that cannot be read is refused, the way back to the employer form,
 * a log with no visitor field in it, refusals that close the connection, 100-continue,
 * bounded error answers, the proxy warning and a graceful SIGTERM within its deadline.
 */
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { accepted, startFakeHubSpotApi, type FakeAnswer } from "../support/fake-hubspot-api";
import { endlessUpload, expectContinue, trickle } from "../support/raw-client";
import { BASE_ENV, hubspotEnv, postRequest, requestBody, SITE_URL, until } from "../support/requests-client";
import { fixtureSite, removeFixtureSite, startSiteProcess, type SiteProcess } from "../support/site-process";
import { rawRequest } from "../support/raw-client";
import { siteUnderTest } from "../support/site-under-test";
import { STORE_TARGETS } from "../support/store-targets";
import { refusedWords, requestWords } from "../support/words";
import { API_MESSAGES } from "../../server/api/api-messages";

const messages = requestWords.validation;
const JSON_TYPE: [string, string] = ["Content-Type", "application/json"];
const FORM_TYPE: [string, string] = ["Content-Type", "application/x-www-form-urlencoded"];
const EMPLOYER_PAGE = `${SITE_URL}/request-invitation?type=employer`;
/** What a visitor typed, to look for in the log. */
const MARKER = "Zqxvisitor";
/** A client streams at most this much; a server that never closes lets it all through. */
const ENDLESS_CAP = 64 * 1024 * 1024;
/** What the kernel's socket buffers on loopback take before a client is held back (a few MB). */
const SOCKET_BUFFERS = 16 * 1024 * 1024;

const employer = {
  firstname: "Grace",
  lastname: "Hopper",
  email: "grace@example.com",
  jobtitle: "Head of Talent",
  company: "Compilers Inc",
  role_to_fill: "VP, Talent Acquisition",
};

describe.each(STORE_TARGETS)("in production on $name", (target) => {
  const site = siteUnderTest(target);
  const { cleanups } = site;
  async function setUp(env: Record<string, string> = {}) {
    const { handle, store, fresh } = await site.start(env);
    return { server: handle.server, store, fresh };
  }

  it("never takes a HubSpot redirect (301, 302) for delivery: the row stays pending, is retried, then sent once", async () => {
    let redirecting = true;
    const hubspot = await startFakeHubSpotApi({
      // The redirect's target answers GET with 200, as the page a proxy moved to would.
      behaviour: (_submission, attempt): FakeAnswer =>
        redirecting
          ? { status: attempt % 2 === 0 ? 302 : 301, headers: { Location: "/__fake-hubspot/received" } }
          : accepted(),
    });
    cleanups.push(() => hubspot.close());
    const { server, store } = await setUp(hubspotEnv(hubspot));
    expect((await postRequest(server.origin, 0))?.status).toBe(201);
    expect((await postRequest(server.origin, 1))?.status).toBe(201);
    await until(
      async () => hubspot.received.length,
      (count) => count >= 6,
      "HubSpot to be tried again after its redirects",
    );
    const pending = await store.list();
    expect(pending.map((row) => row.relay)).toEqual(["pending", "pending"]);
    expect(pending.every((row) => row.relayError?.startsWith("HubSpot answered 30"))).toBe(true);
    expect(hubspot.accepted).toEqual([]);

    redirecting = false;
    await until(
      () => store.list(),
      (rows) => rows.every((row) => row.relay === "sent"),
      "both rows to be sent once HubSpot stops redirecting",
    );
    expect(hubspot.acceptedCount("grace0@example.com")).toBe(1);
    expect(hubspot.acceptedCount("grace1@example.com")).toBe(1);
    expect(server.output()).toMatch(/not sent \(HubSpot answered 301\)/);
    expect(server.output()).toMatch(/not sent \(HubSpot answered 302\)/);
  });

  it("refuses invisible text, controls, bidi overrides, lone surrogates and bad escapes, and stores an email trimmed", async () => {
    const { server, store } = await setUp();
    const post = (body: string, type = JSON_TYPE) =>
      rawRequest(server.port, {
        target: INVITATION_API_PATH,
        headers: [type, ["Accept", "application/json"]],
        body,
      });
    const withFields = (fields: Record<string, string>) =>
      JSON.stringify({ mode: "employer", fields: { ...employer, ...fields } });

    const refused: [string, Record<string, string>, Record<string, string>][] = [
      ["a first name of only U+200B", { firstname: "\u200b" }, { firstname: messages.required }],
      ["a company of only U+0085", { company: "\u0085" }, { company: messages.invalidCharacters }],
      ["a right-to-left override", { lastname: "Hop\u202eper" }, { lastname: messages.invalidCharacters }],
      ["a C1 control", { jobtitle: "Head\u009bof Talent" }, { jobtitle: messages.invalidCharacters }],
    ];
    for (const [name, fields, errors] of refused) {
      const response = await post(withFields(fields));
      expect(response.status, name).toBe(400);
      expect(JSON.parse(response.body).errors, name).toEqual(errors);
    }
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, as a client would send it.
    const loneSurrogate = await post(withFields({ firstname: "A\ud800a" }));
    expect(loneSurrogate.body).toContain("firstname");
    expect(loneSurrogate.status).toBe(400);
    expect(JSON.parse(loneSurrogate.body).errors).toEqual({ firstname: messages.invalidCharacters });

    const form = new URLSearchParams({ mode: "employer", ...employer }).toString();
    for (const [name, body, errors] of [
      [
        "an escape that is not UTF-8",
        form.replace("Compilers", "Compil%E9rs"),
        { company: messages.invalidCharacters },
      ],
      [
        "an escape of a lone surrogate",
        form.replace("Grace", "Gr%ED%A0%80ce"),
        { firstname: messages.invalidCharacters },
      ],
      ["a broken escape", form.replace("Hopper", "Hop%zzper"), { lastname: messages.invalidCharacters }],
      ["a field name that is not UTF-8", `${form}&%FF=1`, { body: API_MESSAGES.notUtf8 }],
    ] as const) {
      const response = await post(body, FORM_TYPE);
      expect(response.status, name).toBe(400);
      expect(JSON.parse(response.body).errors, name).toEqual(errors);
    }
    expect(await store.list()).toEqual([]);

    const stored = await post(withFields({ email: "  grace@example.com\u00a0 " }));
    expect(stored.status).toBe(201);
    const rows = await store.list();
    expect(rows.map((row) => row.fields.email)).toEqual(["grace@example.com"]);
  });

  it("leads the 429, 413 and validation pages of an employer's form post back to the employer form", async () => {
    const { server } = await setUp({ RATE_LIMIT_MAX: "2", TRUST_PROXY: "1" });
    const postPage = (body: string, from: string) =>
      rawRequest(server.port, {
        target: INVITATION_API_PATH,
        headers: [FORM_TYPE, ["Origin", SITE_URL], ["Referer", EMPLOYER_PAGE], ["X-Forwarded-For", from]],
        body,
      });
    const tooLarge = await postPage(`mode=employer&message=${"x".repeat(17 * 1024)}`, "198.51.100.1");
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain(refusedWords.tooLarge.heading);
    expect(tooLarge.body).toContain('href="/request-invitation?type=employer"');

    // RATE_LIMIT_MAX is 2: two posts use this address's allowance.
    expect((await postPage("mode=employer", "198.51.100.2")).status).toBe(400);
    expect((await postPage("mode=employer", "198.51.100.2")).status).toBe(400);
    const limited = await postPage(new URLSearchParams({ mode: "employer", ...employer }).toString(), "198.51.100.2");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(limited.body).toContain(refusedWords.rateLimited.heading);
    expect(limited.body).toContain('href="/request-invitation?type=employer"');
    expect(limited.body).not.toContain('href="/request-invitation"');

    // A browser that sends no Referer: the employer form's action names its mode (`type`, as
    // the page's query does; `mode`, its old name, still read from an action a page served before).
    for (const [query, address] of [
      ["type=employer", "198.51.100.3"],
      ["mode=employer", "198.51.100.4"],
    ]) {
      const noReferer = await rawRequest(server.port, {
        target: `${INVITATION_API_PATH}?${query}`,
        headers: [FORM_TYPE, ["Origin", SITE_URL], ["X-Forwarded-For", address!]],
        body: `mode=employer&message=${"x".repeat(17 * 1024)}`,
      });
      expect(noReferer.status, query).toBe(413);
      expect(noReferer.body, query).toContain('href="/request-invitation?type=employer"');
    }

    // An IPv6 client counts by its /64: rotating addresses inside it shares one allowance.
    const statuses: number[] = [];
    for (const address of ["2001:db8:1:2::a", "2001:db8:1:2::b", "2001:db8:1:2:ffff::c"]) {
      statuses.push((await postPage("mode=employer", address)).status);
    }
    expect(statuses).toEqual([400, 400, 429]);
    expect((await postPage("mode=employer", "2001:db8:1:3::a")).status).toBe(400);
  });

  it("logs request ids and statuses, never a field a visitor typed, HubSpot's words about it, or a stack", async () => {
    const email = `${MARKER.toLowerCase()}@example.com`;
    const hubspot = await startFakeHubSpotApi({
      behaviour: (submission, attempt): FakeAnswer =>
        attempt === 1
          ? { status: 503, body: { status: "error", message: `Contact ${submission.values.email} is locked` } }
          : attempt === 2
            ? { status: 301, headers: { Location: `/moved?email=${submission.values.email}` } }
            : accepted(),
    });
    cleanups.push(() => hubspot.close());
    const { server, store } = await setUp(hubspotEnv(hubspot));
    const fields = { ...employer, firstname: MARKER, email, message: `${MARKER} message` };
    const sent = await rawRequest(server.port, {
      target: INVITATION_API_PATH,
      headers: [JSON_TYPE],
      body: JSON.stringify({ mode: "employer", fields }),
    });
    expect(sent.status).toBe(201);
    // Refused input, in both formats.
    await rawRequest(server.port, {
      target: INVITATION_API_PATH,
      headers: [JSON_TYPE],
      body: JSON.stringify({ mode: "employer", fields: { ...fields, email: `${MARKER}@` } }),
    });
    await rawRequest(server.port, {
      target: INVITATION_API_PATH,
      headers: [FORM_TYPE],
      body: `mode=employer&${MARKER}=1&firstname=%zz${MARKER}`,
    });
    // An upload the client abandons half-way.
    await new Promise<void>((resolveAbort) => {
      const socket = connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST ${INVITATION_API_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"mode":"employer","fields":{"firstname":"${MARKER}"`,
        );
        setTimeout(() => {
          socket.destroy();
          resolveAbort();
        }, 200);
      });
    });
    await until(
      () => store.list(),
      (rows) => rows[0]?.relay === "sent",
      "the request to be relayed after a 503 and a redirect",
    );
    await until(
      async () => server.output(),
      (output) => output.includes("aborted"),
      "the aborted upload's line",
    );

    const output = server.output();
    expect(output).toContain(`[requests] stored ${JSON.parse(sent.body).id} (employer`);
    expect(output).toMatch(/not sent \(HubSpot answered 503\)/);
    expect(output).toMatch(/not sent \(HubSpot answered 301\)/);
    expect(output.toLowerCase()).not.toContain(MARKER.toLowerCase());
    expect(output).not.toContain("Hopper");
    expect(output).not.toMatch(/^\s+at /m);
    expect(output.split("\n").filter((line) => line.includes("aborted"))).toHaveLength(1);
  });

  it("answers SIGTERM by finishing the request and the relay in flight, recording both, cutting off a client that never finishes, and exiting 0 within 10 s; health says 503 meanwhile", async () => {
    // A slow HubSpot, so a submission is in flight when the signal comes.
    const hubspot = await startFakeHubSpotApi({ behaviour: () => ({ ...accepted(), delayMs: 800 }) });
    cleanups.push(() => hubspot.close());
    const { server, store } = await setUp(hubspotEnv(hubspot));
    expect((await postRequest(server.origin, 0))?.status).toBe(201);
    await until(
      async () => hubspot.received.length,
      (count) => count === 1,
      "HubSpot to receive the first request",
    );
    // A client that never finishes its request: the server must not wait for it past its deadline.
    const stuck = trickle(server.port, {
      head: `POST ${INVITATION_API_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      rest: "x".repeat(999),
      everyMs: 500,
    });
    // A load balancer's health check on a connection already open: its request begins
    // before the signal and ends during the drain, when the answer must take the server out.
    let healthAnswer = "";
    const health = connect(server.port, "127.0.0.1", () => health.write("GET /api/health HTTP/1.1\r\nHost: x\r\n"));
    health.on("data", (chunk) => (healthAnswer += chunk.toString()));
    health.on("error", () => {});
    const healthClosed = new Promise((resolveClose) => health.on("close", resolveClose));
    const body = JSON.stringify(requestBody(3));
    const half = Math.floor(body.length / 2);
    let signalledAt = 0;
    const answer = new Promise<string>((resolveAnswer) => {
      const socket = connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST ${INVITATION_API_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
        );
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("close", () => resolveAnswer(data));
      socket.on("error", () => {});
      (async () => {
        await new Promise((resolveWait) => setTimeout(resolveWait, 200));
        signalledAt = Date.now();
        server.child.kill("SIGTERM");
        await until(
          async () => server.output(),
          (output) => output.includes("SIGTERM received"),
          "the server to begin its shutdown",
        );
        health.write("\r\n");
        socket.write(body.slice(half));
      })();
    });
    const exited = new Promise<number | null>((resolveExit) => server.child.once("exit", resolveExit));
    expect(await answer).toMatch(/^HTTP\/1\.1 201/);
    await healthClosed;
    expect(healthAnswer).toMatch(/^HTTP\/1\.1 503/);
    expect(healthAnswer).toContain('"status":"shutting down"');
    expect(await exited).toBe(0);
    const exitedAfter = Date.now() - signalledAt;
    console.log(`SIGTERM with requests in flight, one never finishing: exited ${exitedAfter} ms after the signal`);
    expect(exitedAfter).toBeLessThan(10_000);
    expect((await stuck).complete).toBe(false);
    const rows = await store.list();
    expect(rows.map((row) => row.fields.email)).toEqual(["grace0@example.com", "grace3@example.com"]);
    // The submission in flight was let finish and recorded as sent; nothing was sent twice
    // (the second request may or may not be relayed while the stuck client holds the drain).
    expect(rows[0]?.relay).toBe("sent");
    expect(hubspot.accepted).toHaveLength(rows.filter((row) => row.relay === "sent").length);
  });
});

describe("in production, whatever the store", () => {
  let server: SiteProcess;
  let dir: string;
  afterEach(async () => {
    if (server?.child.exitCode === null) await server.kill();
    if (dir) removeFixtureSite(dir);
  });

  async function start(env: Record<string, string> = {}) {
    const fresh = await STORE_TARGETS[0]!.fresh();
    dir = fixtureSite();
    server = await startSiteProcess({ dir, port: await freePort(), env: { ...BASE_ENV, ...fresh.env, ...env } });
    return server;
  }

  it("closes the connection on an endless body after a 403, 415, 413, 405 (API and page), and on the CSP endpoint's 413", async () => {
    await start();
    const cases: [string, string, [string, string][], number][] = [
      ["403", INVITATION_API_PATH, [JSON_TYPE, ["Origin", "https://evil.example"]], 403],
      ["415", INVITATION_API_PATH, [["Content-Type", "text/plain"]], 415],
      ["413", INVITATION_API_PATH, [JSON_TYPE], 413],
      ["405", "/api/health", [JSON_TYPE], 405],
      ["page 405", "/mission", [JSON_TYPE], 405],
      ["CSP 413", "/api/csp-reports", [["Content-Type", "application/csp-report"]], 413],
      ["CSP 415", "/api/csp-reports", [["Content-Type", "text/plain"]], 415],
    ];
    for (const [name, path, headers, status] of cases) {
      const result = await endlessUpload(server.port, { target: path, headers, maxBytes: ENDLESS_CAP });
      expect(result.status, name).toBe(status);
      expect(result.closedByServer, name).toBe(true);
      expect(result.bodyBytesSent, name).toBeLessThan(SOCKET_BUFFERS);
    }
    // The server is still there for everyone else.
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  });

  it("says 100 Continue only to a request it will read", async () => {
    await start();
    const body = JSON.stringify(requestBody(0));
    const refused = await expectContinue(server.port, {
      target: INVITATION_API_PATH,
      headers: [JSON_TYPE, ["Origin", "https://evil.example"]],
      body,
    });
    expect(refused.statuses).toEqual([403]);
    const taken = await expectContinue(server.port, { target: INVITATION_API_PATH, headers: [JSON_TYPE], body });
    expect(taken.statuses).toEqual([100, 201]);
  });

  it("keeps an error answer small, however many unknown fields a body names", async () => {
    await start();
    const names = Array.from({ length: 1050 }, (_, index) => `unknown_${index}=1`).join("&");
    const body = `mode=candidate&${names}`;
    expect(body.length).toBeGreaterThan(14_000);
    expect(body.length).toBeLessThan(16 * 1024);
    const response = await rawRequest(server.port, {
      target: INVITATION_API_PATH,
      headers: [FORM_TYPE, ["Accept", "application/json"]],
      body,
    });
    expect(response.status).toBe(400);
    expect(Buffer.byteLength(response.body)).toBeLessThan(2048);
    expect(JSON.parse(response.body).errors).toMatchObject({ unknown_0: messages.unknownField });
  });

  it("checks origins against SITE_URL, not the Host header", async () => {
    await start();
    const response = await rawRequest(server.port, {
      target: INVITATION_API_PATH,
      // rawRequest sends `Host: 127.0.0.1:<port>`: a page there is not one of the site's.
      headers: [JSON_TYPE, ["Origin", server.origin]],
      body: JSON.stringify(requestBody(0)),
    });
    expect(response.status).toBe(403);
    const own = await rawRequest(server.port, {
      target: INVITATION_API_PATH,
      headers: [JSON_TYPE, ["Origin", SITE_URL]],
      body: JSON.stringify(requestBody(0)),
    });
    expect(own.status).toBe(201);
  });

  it("warns once when requests carry X-Forwarded-For while TRUST_PROXY=0", async () => {
    await start({ TRUST_PROXY: "0" });
    for (const from of ["203.0.113.1", "203.0.113.2"]) {
      await rawRequest(server.port, {
        target: INVITATION_API_PATH,
        headers: [JSON_TYPE, ["X-Forwarded-For", from]],
        body: "{",
      });
    }
    await until(
      async () => server.output(),
      (output) => output.includes("TRUST_PROXY=0"),
      "the proxy warning",
    );
    expect(
      server
        .output()
        .split("\n")
        .filter((line) => line.includes("TRUST_PROXY=0")),
    ).toHaveLength(1);
  });

  it("ignores a forwarded address that is not an IP address when it trusts a proxy", async () => {
    await start({ TRUST_PROXY: "1", RATE_LIMIT_MAX: "1" });
    const send = (from: string) =>
      rawRequest(server.port, {
        target: INVITATION_API_PATH,
        headers: [JSON_TYPE, ["X-Forwarded-For", from]],
        body: "{",
      });
    // Made-up entries do not each get a limit of their own: they all count as the socket's address.
    expect((await send("not-an-address")).status).toBe(400);
    expect((await send("also not one")).status).toBe(429);
    expect((await send("203.0.113.9")).status).toBe(400);
  });
});
