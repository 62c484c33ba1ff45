// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSP_REPORT_PATH } from "../http/csp";
import { writePolicyConfig } from "../http/policy-config";
import { buildSiteServer } from "../http/site-server";
import { SiteOrigins } from "./origin";
import { apiScope } from "./routes";
import {
  CSP_LOG_LINES_PER_BODY,
  CSP_REPORT_BODY_LIMIT,
  CSP_REPORTS_PER_MINUTE,
  createCspReportsRoute,
  NotAReport,
  parseCspReports,
} from "./csp-reports";

// What Chrome sends for `report-uri` (one object) and for `report-to` (a Reporting API batch).
const reportUriBody = {
  "csp-report": {
    "document-uri": "https://network.example/request-invitation?type=employer&email=a%40b.co#form",
    referrer: "https://search.example/?q=secret",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "default-src 'self'; report-uri /api/csp-reports",
    disposition: "enforce",
    "blocked-uri": "https://js-eu1.hsforms.net/forms/embed/123456.js?token=abc",
    "line-number": 12,
    "column-number": 34,
    "source-file": "https://network.example/assets/entry-abc.js?v=1",
    "status-code": 200,
    "script-sample": "",
  },
};

const reportingApiBody = [
  {
    type: "csp-violation",
    age: 10,
    url: "https://network.example/request-invitation?type=employer",
    user_agent: "Mozilla/5.0",
    body: {
      documentURL: "https://network.example/request-invitation?type=employer",
      referrer: "",
      blockedURL: "inline",
      effectiveDirective: "script-src-elem",
      originalPolicy: "default-src 'self'",
      sourceFile: "https://network.example/request-invitation",
      sample: "alert(1)",
      disposition: "enforce",
      statusCode: 200,
      lineNumber: 1,
      columnNumber: 2,
    },
  },
  { type: "deprecation", age: 1, url: "https://network.example/", body: { id: "x", message: "y" } },
];

describe("parseCspReports", () => {
  it("reads a report-uri report into the fixed shape, without queries, fragments or the referrer", () => {
    const [entry, ...rest] = parseCspReports("application/csp-report", Buffer.from(JSON.stringify(reportUriBody)));
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      event: "csp-violation",
      directive: "script-src-elem",
      blockedUri: "https://js-eu1.hsforms.net/forms/embed/123456.js",
      documentUri: "https://network.example/request-invitation",
      sourceFile: "https://network.example/assets/entry-abc.js",
      line: 12,
      column: 34,
      disposition: "enforce",
    });
    expect(JSON.stringify(entry)).not.toMatch(/secret|email|token|#form/);
  });

  it("reads the csp-violation reports of a Reporting API batch and leaves other report types", () => {
    const entries = parseCspReports("application/reports+json", Buffer.from(JSON.stringify(reportingApiBody)));
    expect(entries).toEqual([
      {
        event: "csp-violation",
        directive: "script-src-elem",
        blockedUri: "inline",
        documentUri: "https://network.example/request-invitation",
        sourceFile: "https://network.example/request-invitation",
        line: 1,
        column: 2,
        disposition: "enforce",
      },
    ]);
  });

  it("keeps only the scheme of data: and blob: addresses, and the first word of an old browser's directive", () => {
    const body = {
      "csp-report": {
        "document-uri": "http://127.0.0.1:4173/",
        "violated-directive": "img-src 'self' data:",
        "blocked-uri": "blob:http://127.0.0.1:4173/5b2c",
      },
    };
    const [entry] = parseCspReports("application/csp-report", Buffer.from(JSON.stringify(body)));
    expect(entry).toMatchObject({ directive: "img-src", blockedUri: "blob:", line: null, disposition: null });
  });

  it.each([
    ["not JSON", "application/csp-report", "{not json"],
    ["another object", "application/csp-report", JSON.stringify({ hello: "world" })],
    ["no document", "application/csp-report", JSON.stringify({ "csp-report": { "effective-directive": "img-src" } })],
    [
      "a page that is not a web page",
      "application/csp-report",
      JSON.stringify({ "csp-report": { "document-uri": "javascript:alert(1)", "effective-directive": "img-src" } }),
    ],
    ["no violation in the batch", "application/reports+json", JSON.stringify([reportingApiBody[1]])],
    ["a batch that is not a list", "application/reports+json", JSON.stringify(reportUriBody)],
    ["a violation without a body", "application/reports+json", JSON.stringify([{ type: "csp-violation" }])],
  ] as const)("refuses %s with 400", (_case, type, body) => {
    expect(() => parseCspReports(type, Buffer.from(body))).toThrow(NotAReport);
  });
});

describe(`POST ${CSP_REPORT_PATH}`, () => {
  let buildDir: string;
  let app: FastifyInstance;
  let client = 0;
  const lines: string[] = [];
  const post = async (body: string, type: string) => {
    const response = await app.inject({
      method: "POST",
      url: CSP_REPORT_PATH,
      headers: { "Content-Type": type },
      payload: body,
      remoteAddress: `198.51.100.${client}`,
    });
    return { status: response.statusCode, headers: response.headers };
  };

  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), "csp-reports-"));
    mkdirSync(join(buildDir, "client"));
    writeFileSync(join(buildDir, "client", "404.html"), "<html></html>");
    writePolicyConfig(buildDir, { hubspot: null, reports: true });
    const route = createCspReportsRoute({
      origins: new SiteOrigins("https://network.example"),
      log: (line) => lines.push(line),
    });
    app = await buildSiteServer({
      root: join(buildDir, "client"),
      api: apiScope([route], { trustProxyHops: 0, counter: undefined }),
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    lines.length = 0;
    // Each test from an address of its own: a rate-limit window of its own.
    client += 1;
  });

  it("logs one JSON line per violation and answers 204, for both formats", async () => {
    const first = await post(JSON.stringify(reportUriBody), "application/csp-report");
    expect(first.status).toBe(204);
    const second = await post(JSON.stringify(reportingApiBody), "application/reports+json");
    expect(second.status).toBe(204);
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line) as { directive: string; blockedUri: string })).toMatchObject([
      { directive: "script-src-elem", blockedUri: "https://js-eu1.hsforms.net/forms/embed/123456.js" },
      { directive: "script-src-elem", blockedUri: "inline" },
    ]);
  });

  it.each([
    ["a body that is not JSON", () => post("{not json", "application/csp-report"), 400],
    ["a body of the wrong shape", () => post(JSON.stringify({ a: 1 }), "application/csp-report"), 400],
    ["a body over the limit", () => post("x".repeat(CSP_REPORT_BODY_LIMIT + 1), "application/csp-report"), 413],
    ["another content type", () => post(JSON.stringify(reportUriBody), "application/json"), 415],
    ["a form post", () => post("csp-report=1", "application/x-www-form-urlencoded"), 415],
  ])("answers %s with %s and logs nothing", async (_case, send, status) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(lines).toEqual([]);
  });

  it(`logs at most ${CSP_LOG_LINES_PER_BODY} lines for one body, however many reports it carries`, async () => {
    const many = Array.from({ length: 100 }, (_, index) => ({
      ...reportingApiBody[0],
      body: { ...reportingApiBody[0]!.body, blockedURL: `https://host${index}.example/x.js` },
    }));
    const body = JSON.stringify(many);
    expect(body.length).toBeLessThan(CSP_REPORT_BODY_LIMIT);
    expect((await post(body, "application/reports+json")).status).toBe(204);
    expect(lines).toHaveLength(CSP_LOG_LINES_PER_BODY);
    lines.length = 0;
    const same = JSON.stringify(Array.from({ length: 50 }, () => reportingApiBody[0]));
    expect((await post(same, "application/reports+json")).status).toBe(204);
    expect(lines).toHaveLength(1);
  });

  it("takes POST only", async () => {
    const response = await app.inject(CSP_REPORT_PATH);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(lines).toEqual([]);
  });

  it("answers a report about a page of another site with 204, and logs nothing", async () => {
    const elsewhere = {
      "csp-report": { ...reportUriBody["csp-report"], "document-uri": "https://evil.example/page" },
    };
    expect((await post(JSON.stringify(elsewhere), "application/csp-report")).status).toBe(204);
    expect(lines).toEqual([]);
  });

  it(`allows ${CSP_REPORTS_PER_MINUTE} reports a minute per address, then answers 429 and logs nothing`, async () => {
    for (let sent = 0; sent < CSP_REPORTS_PER_MINUTE; sent += 1) {
      expect((await post(JSON.stringify(reportUriBody), "application/csp-report")).status).toBe(204);
    }
    lines.length = 0;
    const refused = await post(JSON.stringify(reportUriBody), "application/csp-report");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(lines).toEqual([]);
  });
});
