// The same HTTP contract, checked against both servers of the production build: the
// Node server of `npm start` and nginx running the configuration the build generated,
// both started for this file (tests/support/production-servers.ts). Headers, caching,
// canonical redirects, the real 404, methods, path safety, compression.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { HSTS_VALUE, PERMISSIONS_POLICY, policyConfigFor, REPORTING_ENDPOINTS_VALUE } from "../../server/http/csp";
import {
  ALLOW_HEADER,
  CACHE_CONTROL,
  NOT_FOUND_FILE,
  ROBOTS_PATH,
  SITEMAP_PATH,
} from "../../server/http/static-policy";
import { site } from "../support/browser/site-config";
import { serveBuild } from "../support/production-servers";
import { rawRequest, type RawResponse } from "../support/raw-client";
import { BUILD_CLIENT, expectedCsp, hashedScript, type ServerTarget } from "../support/served-build";
import { pages, requestWords } from "../support/words";

const SERVERS = serveBuild();
const routes = Object.values(pages).filter((page) => page.indexable);
const fileOf = (path: string) => readFileSync(join(BUILD_CLIENT, path));
const notFoundPage = () => fileOf(NOT_FOUND_FILE);

function expectSecurityHeaders(response: RawResponse) {
  expect(response.headers["content-security-policy"]).toBe(expectedCsp());
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
  expect(response.headers["x-frame-options"]).toBe("DENY");
  // The Reporting API endpoint of the policy's report-to group, when the deployment has the API.
  expect(response.headers["reporting-endpoints"]).toBe(
    policyConfigFor(site).reports ? REPORTING_ENDPOINTS_VALUE : undefined,
  );
  // Plain http here: HSTS only when the request came over https.
  expect(response.headers["strict-transport-security"]).toBeUndefined();
}

/** A file that is not a document (script, image, data): nosniff and caching, none of the document-only headers. */
function expectFileHeaders(response: RawResponse, path: string) {
  expect(response.headers["x-content-type-options"], path).toBe("nosniff");
  expect(response.headers["cache-control"], path).toBeTruthy();
  for (const name of [
    "content-security-policy",
    "reporting-endpoints",
    "permissions-policy",
    "x-frame-options",
    "referrer-policy",
  ]) {
    expect(response.headers[name], `${path} ${name}`).toBeUndefined();
  }
}

function expectNotFoundPage(response: RawResponse) {
  expect(response.status).toBe(404);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
  expect(response.bytes.equals(notFoundPage())).toBe(true);
  expectSecurityHeaders(response);
}

for (const server of SERVERS) {
  const get = (target: string, options: Omit<Parameters<typeof rawRequest>[1], "target"> = {}) =>
    rawRequest(server.port, { target, ...options });

  describe(`${server.name} server`, () => {
    it("every page answers 200 at its path, as HTML revalidated on each use, with the security headers", async () => {
      for (const route of routes) {
        const response = await get(route.path);
        expect(response.status, route.path).toBe(200);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
        expectSecurityHeaders(response);
        const file = route.path === "/" ? "/index.html" : `${route.path}/index.html`;
        expect(response.bytes.equals(fileOf(file)), route.path).toBe(true);
      }
    });

    it("HSTS is sent when a proxy in front says the request came over https", async () => {
      const overHttps = await get("/mission", { headers: { "X-Forwarded-Proto": "https" } });
      expect(overHttps.headers["strict-transport-security"]).toBe(HSTS_VALUE);
      const overHttp = await get("/mission", { headers: { "X-Forwarded-Proto": "http" } });
      expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
    });

    it("a visitor a TLS-terminating proxy received over plain http is redirected to https (308, a POST stays a POST), SITE_URL's port, path and query kept", async () => {
      const publicHost = new URL(site.siteUrl).host;
      for (const method of ["GET", "POST"]) {
        const response = await get("/mission?ref=a%20b", { method, headers: { "X-Forwarded-Proto": "http" } });
        expect(response.status, method).toBe(308);
        expect(response.headers.location, method).toBe(`https://${publicHost}/mission?ref=a%20b`);
      }
    });

    it("a trailing slash redirects (301) to the canonical path, query kept", async () => {
      for (const route of routes.filter((page) => page.path !== "/")) {
        const response = await get(`${route.path}/`);
        expect(response.status, route.path).toBe(301);
        expect(response.headers.location).toBe(route.path);
      }
      const withQuery = await get("/request-invitation/?type=employer&ref=a%20b");
      expect(withQuery.status).toBe(301);
      expect(withQuery.headers.location).toBe("/request-invitation?type=employer&ref=a%20b");
      expect(withQuery.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
      expectSecurityHeaders(withQuery);
    });

    it("the request page: type=employer gets the employer's HTML, any other query the leader's, with the same headers", async () => {
      const heading = (mode: "candidate" | "employer") => `>${requestWords.modes[mode].heading}</h1>`;
      const answers = {
        employer: ["?type=employer", "?utm_source=mail&type=employer", "?type=employer&utm_source=mail"],
        candidate: ["", "?type=candidate", "?type=Employer", "?type=employers", "?type=candidate&type=employer"],
      } as const;
      for (const [mode, queries] of Object.entries(answers) as [keyof typeof answers, readonly string[]][]) {
        const other = mode === "employer" ? "candidate" : "employer";
        for (const query of queries) {
          const response = await get(`/request-invitation${query}`);
          expect(response.status, query).toBe(200);
          expect(response.body, query).toContain(heading(mode));
          expect(response.body, query).not.toContain(heading(other));
          expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
          expect(response.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
          expectSecurityHeaders(response);
        }
      }
      const compressed = await get("/request-invitation?type=employer", { headers: { "Accept-Encoding": "br" } });
      expect(compressed.headers["content-encoding"]).toBe("br");
      // The employer's HTML has no URL of its own.
      for (const target of [
        "/request-invitation/employer",
        "/request-invitation/employer?type=employer",
        "/request-invitation/employer/index.html",
      ]) {
        expect((await get(target)).status, target).toBe(404);
      }
    });

    it("content-hashed assets are cached for a year as immutable, without the document-only headers", async () => {
      const response = await get(hashedScript());
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toBe(CACHE_CONTROL.immutable);
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expectFileHeaders(response, hashedScript());
    });

    it("other public files get a short cache; sitemap and robots are revalidated; none carries the document-only headers", async () => {
      const expectations: [string, string, string][] = [
        ["/favicon.ico", "image/x-icon", CACHE_CONTROL.short],
        ["/site.webmanifest", "application/manifest+json; charset=utf-8", CACHE_CONTROL.short],
        ["/brand/icon.svg", "image/svg+xml; charset=utf-8", CACHE_CONTROL.short],
        [SITEMAP_PATH, "application/xml; charset=utf-8", CACHE_CONTROL.revalidate],
        [ROBOTS_PATH, "text/plain; charset=utf-8", CACHE_CONTROL.revalidate],
      ];
      for (const [path, type, cache] of expectations) {
        const response = await get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers["content-type"], path).toBe(type);
        expect(response.headers["cache-control"], path).toBe(cache);
        expect(response.bytes.equals(fileOf(path)), path).toBe(true);
        expectFileHeaders(response, path);
      }
    });

    it("unknown paths answer HTTP 404 with the 404 page", async () => {
      for (const path of ["/no-such-page", "/mission/deeper/still", "/assets/missing-abc123.js", "/missing.png"]) {
        expectNotFoundPage(await get(path));
      }
    });

    it("build files that are not URLs of their own answer 404: HTML files, precompressed variants, maps, dotfiles", async () => {
      const script = hashedScript();
      for (const path of [
        NOT_FOUND_FILE,
        "/index.html",
        "/mission/index.html",
        "/index.html.br",
        `${script}.br`,
        `${script}.gz`,
        `${script}.map`,
        "/_headers",
        "/.env",
        "/.well-known/security.txt",
      ]) {
        const response = await get(path);
        expect(response.status, path).toBe(404);
        expect(response.bytes.equals(notFoundPage()), path).toBe(true);
      }
    });

    it("folders are never listed", async () => {
      for (const path of ["/assets", "/brand", "/social"]) expectNotFoundPage(await get(path));
    });

    it("HEAD answers like GET, without a body", async () => {
      for (const path of ["/", "/mission", hashedScript(), "/favicon.ico", "/no-such-page"]) {
        const [head, getResponse] = [await get(path, { method: "HEAD" }), await get(path)];
        expect(head.status, path).toBe(getResponse.status);
        for (const name of ["content-type", "content-length", "cache-control", "content-security-policy"]) {
          expect(head.headers[name], `${path} ${name}`).toBe(getResponse.headers[name]);
        }
        expect(head.bytes.length, path).toBe(0);
      }
    });

    it("methods other than GET and HEAD answer 405 with Allow", async () => {
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
        for (const path of ["/", "/mission", hashedScript(), "/no-such-page"]) {
          const response = await get(path, { method });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.allow).toBe(ALLOW_HEADER);
          expectSecurityHeaders(response);
        }
      }
    });

    it("no request target reaches outside the build folder", async () => {
      // The project's package.json sits two levels above BUILD_DIR/client.
      const outside = readFileSync("package.json", "utf8");
      for (const target of [
        "/../../package.json",
        "/assets/../../../package.json",
        "/%2e%2e/%2e%2e/package.json",
        "/%2E%2E/%2E%2E/package.json",
        "/.%2e/.%2e/package.json",
        "/assets/..%2f..%2f..%2fpackage.json",
        "/..\\..\\package.json",
        "/%5c..%5c..%5cpackage.json",
        "/mission/..%252f..%252f..%252fpackage.json",
        "/index.html%00.js",
        "/%00",
        "/..%00/package.json",
        "/etc/passwd",
        "/../../../../../../etc/passwd",
      ]) {
        const response = await get(target);
        expect([400, 404], target).toContain(response.status);
        const body = response.bytes.toString("utf8");
        expect(body.includes(outside), target).toBe(false);
        expect(body, target).not.toMatch(/root:.*:0:0:/);
      }
    });

    it("a raw NUL byte in the request line is refused", async () => {
      const response = await get("/index.html\0");
      expect(response.status).toBe(400);
    });

    it("redirects never point to another host", async () => {
      for (const target of [
        "//evil.example/",
        "///evil.example/",
        "/\\evil.example/",
        "/%2F%2Fevil.example/",
        "/%5Cevil.example/",
      ]) {
        const response = await get(target);
        expect([301, 400, 404], target).toContain(response.status);
        if (response.status === 301) expect(response.headers.location, target).toMatch(/^\/[^/\\]/);
      }
    });

    it("text answers are precompressed: brotli when accepted, else gzip, else identity", async () => {
      for (const path of ["/mission", hashedScript(), SITEMAP_PATH, "/no-such-page"]) {
        const file =
          path === "/no-such-page" ? notFoundPage() : fileOf(path === "/mission" ? "/mission/index.html" : path);

        const br = await get(path, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
        expect(br.headers["content-encoding"], path).toBe("br");
        expect(br.headers.vary, path).toMatch(/accept-encoding/i);
        expect(brotliDecompressSync(br.bytes).equals(file), path).toBe(true);

        const gzip = await get(path, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
        expect(gzip.headers["content-encoding"], path).toBe("gzip");
        expect(gunzipSync(gzip.bytes).equals(file), path).toBe(true);

        const identity = await get(path);
        expect(identity.headers["content-encoding"], path).toBeUndefined();
        expect(identity.bytes.equals(file), path).toBe(true);
      }
    });

    // Debian's brotli_static under `disable_symlinks on` read past the file name into memory
    // earlier requests had used, and fell back to gzip when it found a '/' there: after a
    // request with a deep path, about half the time.
    it("brotli every time, whatever the requests before left in the server's memory", async () => {
      const encodings = new Set<string | undefined>();
      for (let round = 0; round < 40; round++) {
        await get(`/${"deep/".repeat(10 + round)}page`, { headers: { "Accept-Encoding": "gzip" } });
        const page = await get("/mission", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
        encodings.add(page.headers["content-encoding"]);
      }
      expect([...encodings]).toEqual(["br"]);
    });

    // RFC 9110 §14: a suffix range is the file's last bytes; a range whose last byte is
    // before its first satisfies nothing, which both servers answer 416.
    it("answers a range, a suffix range and a one-byte range with 206, and a backwards range with 416", async () => {
      const path = hashedScript();
      const file = fileOf(path);
      expect(file.length).toBeGreaterThan(500);
      const cases: [string, number, number][] = [
        ["bytes=100-199", 100, 199],
        ["bytes=-500", file.length - 500, file.length - 1],
        ["bytes=0-0", 0, 0],
      ];
      for (const [range, first, last] of cases) {
        const response = await get(path, { headers: { Range: range } });
        expect(response.status, range).toBe(206);
        expect(response.headers["content-range"], range).toBe(`bytes ${first}-${last}/${file.length}`);
        expect(response.bytes.equals(file.subarray(first, last + 1)), range).toBe(true);
      }
      const backwards = await get(path, { headers: { Range: "bytes=100-50" } });
      expect(backwards.status).toBe(416);
      expect(backwards.headers["content-range"]).toBe(`bytes */${file.length}`);
    });

    it("pages answer conditional requests with 304", async () => {
      const first = await get("/mission");
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const again = await get("/mission", { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    });
  });
}

it("both servers send the same policy, and the static hosts' _headers file carries it too", async () => {
  const [node, nginx] = await Promise.all(
    SERVERS.map((server: ServerTarget) => rawRequest(server.port, { target: "/" })),
  );
  expect(nginx?.headers["content-security-policy"]).toBe(node?.headers["content-security-policy"]);
  const staticHeaders = readFileSync(join(BUILD_CLIENT, "_headers"), "utf8");
  expect(staticHeaders).toContain(`  Content-Security-Policy: ${expectedCsp()}\n`);
  for (const route of routes) expect(staticHeaders).toContain(`\n${route.path}\n  Cache-Control: no-cache\n`);
});
