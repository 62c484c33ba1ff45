// @vitest-environment node
/**
 * The Node server closes a role on its day with no restart and no rebuild: its page answers
 * 410, it leaves the list and the sitemap, and its request page gives way to the plain one.
 * In process, on a synthetic build (tests/support/role-build.ts): first on the system's clock
 * (the default, with Date set by the test), then with a clock the tests move.
 */
import { readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkAtomFeed } from "../../tests/support/atom-feed";
import {
  feedRoles,
  listedRoles,
  ROLE_BUILD_SITE_URL,
  writeRoleBuild,
  sitemapPaths,
  type TestRole,
} from "../../tests/support/role-build";
import { buildSiteServer } from "./site-server";
import { CACHE_CONTROL } from "./static-policy";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("a role that closes while the server runs (the system's clock)", () => {
  // Only Date is faked: the server's timers and I/O run as usual.
  beforeAll(() => void vi.useFakeTimers({ toFake: ["Date"] }));
  afterAll(() => void vi.useRealTimers());

  it("is offered until its closing time, and gone after it, without a restart", async () => {
    const start = Date.UTC(2026, 10, 27, 12);
    const closesAt = start + 60 * 60 * 1000;
    vi.setSystemTime(start);
    const roles: TestRole[] = [
      { slug: "closing-soon", title: "VP, Talent Acquisition", closesAt },
      { slug: "open-role", title: "Head of Global Talent", closesAt: start + 30 * DAY_MS },
    ];
    const buildDir = writeRoleBuild(roles, start);
    const app = await buildSiteServer({ root: join(buildDir, "client") });
    try {
      const before = {
        page: await app.inject("/roles/closing-soon"),
        list: await app.inject("/roles"),
        sitemap: await app.inject("/sitemap.xml"),
        request: await app.inject("/request-invitation?role=closing-soon"),
      };
      expect(before.page.statusCode).toBe(200);
      expect(before.page.body).toContain("<h1>VP, Talent Acquisition</h1>");
      expect(listedRoles(before.list.body)).toEqual(["closing-soon", "open-role"]);
      expect(sitemapPaths(before.sitemap.body)).toContain("/roles/closing-soon");
      expect(before.request.body).toContain("About: VP, Talent Acquisition");

      vi.setSystemTime(closesAt + 1);

      const page = await app.inject("/roles/closing-soon");
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain("This role has closed");
      expect(listedRoles((await app.inject("/roles")).body)).toEqual(["open-role"]);
      const sitemap = sitemapPaths((await app.inject("/sitemap.xml")).body);
      expect(sitemap).not.toContain("/roles/closing-soon");
      expect(sitemap.filter((path) => path.startsWith("/roles"))).toEqual(["/roles", "/roles/open-role"]);
      const request = await app.inject("/request-invitation?role=closing-soon");
      expect(request.statusCode).toBe(200);
      expect(request.body).toBe(readFileSync(join(buildDir, "client/request-invitation/index.html"), "utf8"));
      // The other role is still offered.
      expect((await app.inject("/roles/open-role")).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(buildDir, { recursive: true, force: true });
    }
  });
});

describe("the role answers (a clock the tests move)", () => {
  const start = Date.UTC(2026, 10, 27, 12);
  /** End of the day (UTC) of `start`, and of the next: a role's closing time is the end of its validThrough day. */
  const tonight = Date.UTC(2026, 10, 27, 23, 59, 59, 999);
  const roles: TestRole[] = [
    { slug: "closes-tonight", title: "VP, Talent Acquisition", closesAt: tonight },
    { slug: "closes-tomorrow", title: "Head of Global Talent", closesAt: tonight + DAY_MS },
    { slug: "closed-before", title: "Director of Talent Acquisition", closesAt: start - DAY_MS },
  ];
  let now = start;
  let buildDir: string;
  let app: FastifyInstance;
  const client = (file: string) => readFileSync(join(buildDir, "client", file));
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  beforeAll(async () => {
    buildDir = writeRoleBuild(roles, start);
    app = await buildSiteServer({ root: join(buildDir, "client"), clock: () => now });
  });
  afterAll(async () => {
    await app.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("composes what the build wrote while nothing has changed since the build", async () => {
    now = start;
    const list = await get("/roles");
    expect(list.statusCode).toBe(200);
    expect(list.rawPayload.equals(client("roles/index.html"))).toBe(true);
    expect((await get("/sitemap.xml")).rawPayload.equals(client("sitemap.xml"))).toBe(true);
    expect((await get("/roles/feed.xml")).rawPayload.equals(client("roles/feed.xml"))).toBe(true);
    // A role closed before the build was never built: gone all the same.
    expect((await get("/roles/closed-before")).statusCode).toBe(410);
  });

  it("serves the feed of the open roles, valid Atom, and leaves a closed one out", async () => {
    now = start;
    const feed = await get("/roles/feed.xml");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const { problems, ids } = checkAtomFeed(feed.body);
    expect(problems).toEqual([]);
    expect(ids.map((id) => new URL(id).pathname).sort()).toEqual(["/roles/closes-tomorrow", "/roles/closes-tonight"]);
    now = tonight + 1;
    expect(checkAtomFeed((await get("/roles/feed.xml")).body).ids).toEqual([
      `${ROLE_BUILD_SITE_URL}/roles/closes-tomorrow`,
    ]);
  });

  it("answers the page of a role closed since the build 410 with the 410 page, as a document, compressed as asked", async () => {
    now = tonight + 1;
    const page = await get("/roles/closes-tonight", { "accept-encoding": "gzip, br" });
    expect(page.statusCode).toBe(410);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.vary).toBe("Accept-Encoding");
    // An error page carries no validator: nothing to revalidate against.
    expect(page.headers.etag).toBeUndefined();
    expect(page.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.rawPayload.equals(client("410.html.br"))).toBe(true);
    const gzip = await get("/roles/closes-tonight", { "accept-encoding": "gzip" });
    expect(gzip.rawPayload.equals(client("410.html.gz"))).toBe(true);
    const plain = await get("/roles/closes-tonight");
    expect(plain.rawPayload.equals(client("410.html"))).toBe(true);
    const head = await app.inject({ method: "HEAD", url: "/roles/closes-tonight" });
    expect(head.statusCode).toBe(410);
    expect(head.headers["content-length"]).toBe(plain.headers["content-length"]);
    expect(head.rawPayload.length).toBe(0);
    // Percent-encoded, it is the same role.
    expect((await get("/roles/closes-%74onight")).statusCode).toBe(410);
  });

  it("answers 404 for a slug not in the build, malformed or not, and redirects a trailing slash", async () => {
    now = tonight + 1;
    for (const path of ["/roles/no-such-role", "/roles/Closes_Tonight", "/roles/closes-tonight/more", "/roles/%zz"]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(path.includes("%zz") ? 400 : 404);
    }
    for (const [path, location] of [
      ["/roles/", "/roles"],
      ["/roles/closes-tonight/", "/roles/closes-tonight"],
    ]) {
      const response = await get(path!);
      expect(response.statusCode, path).toBe(301);
      expect(response.headers.location).toBe(location);
    }
    expect((await get("/roles/closes-tomorrow")).statusCode).toBe(200);
  });

  it("lists only the roles open now, from memory: br or gzip as accepted, its ETag, 304, HEAD, no ranges", async () => {
    now = tonight + 1;
    const plain = await get("/roles");
    expect(plain.statusCode).toBe(200);
    expect(listedRoles(plain.body)).toEqual(["closes-tomorrow"]);
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    expect(plain.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);

    const br = await get("/roles", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get("/roles", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);

    const notModified = await get("/roles", { "accept-encoding": "br", "if-none-match": `"x", ${br.headers.etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(br.headers.etag);
    // Another encoding's ETag is another representation: the whole answer.
    expect((await get("/roles", { "if-none-match": br.headers.etag as string })).statusCode).toBe(200);

    const head = await app.inject({ method: "HEAD", url: "/roles", headers: { "accept-encoding": "br" } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(br.rawPayload.length));
    expect(head.headers.etag).toBe(br.headers.etag);
    expect(head.rawPayload.length).toBe(0);

    const range = await get("/roles", { range: "bytes=0-10" });
    expect(range.statusCode).toBe(200);
    expect(range.body).toBe(plain.body);
  });

  it("maps only the roles open now, and leaves out the list once none is open; the sitemap is a file, not a document", async () => {
    now = tonight + 1;
    const sitemap = await get("/sitemap.xml");
    expect(sitemapPaths(sitemap.body).filter((path) => path.startsWith("/roles"))).toEqual([
      "/roles",
      "/roles/closes-tomorrow",
    ]);
    expect(sitemap.body).toContain("<lastmod>2026-11-20</lastmod>");
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    expect(sitemap.headers["content-security-policy"]).toBeUndefined();
    expect(sitemap.headers["x-content-type-options"]).toBe("nosniff");

    // Across the next midnight (UTC) the last open role closes too.
    now = tonight + DAY_MS + 1;
    expect(sitemapPaths((await get("/sitemap.xml")).body).filter((path) => path.startsWith("/roles"))).toEqual([]);
    expect(listedRoles((await get("/roles")).body)).toEqual([]);
    expect((await get("/roles/closes-tomorrow")).statusCode).toBe(410);
  });

  it("shows the open roles in the home page's band, and the list's heading for the state, as each closes", async () => {
    now = start;
    const home = await get("/");
    expect(home.rawPayload.equals(client("index.html"))).toBe(true);
    expect(listedRoles(home.body)).toEqual(["closes-tonight", "closes-tomorrow"]);
    expect((await get("/roles")).body).toContain("<h1>Open roles</h1>");

    now = tonight + 1;
    expect(listedRoles((await get("/")).body)).toEqual(["closes-tomorrow"]);

    // None open: no band on the home page, and the list's heading no longer says "open".
    now = tonight + DAY_MS + 1;
    const none = await get("/");
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain("<h1>Home</h1>");
    expect(none.body).not.toContain('id="open-roles"');
    const list = (await get("/roles")).body;
    expect(list).toContain("<h1>Roles</h1><p>No roles are open right now.</p>");
    expect(list).not.toContain("<h1>Open roles</h1>");
  });

  it("answers the request page with the role chosen while it is open, the plain page otherwise, never at its own path", async () => {
    now = start;
    const plain = client("request-invitation/index.html");
    const chosen = await get("/request-invitation?role=closes-tonight");
    expect(chosen.statusCode).toBe(200);
    expect(chosen.rawPayload.equals(client("request-invitation/role/closes-tonight/index.html"))).toBe(true);
    expect(chosen.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(chosen.headers["cache-control"]).toBe(CACHE_CONTROL.revalidate);
    const employer = await get("/request-invitation?role=closes-tonight&type=employer");
    expect(employer.rawPayload.equals(client("request-invitation/employer/index.html"))).toBe(true);

    now = tonight + 1;
    for (const query of [
      "role=closes-tonight",
      "role=closed-before",
      "role=no-such-role",
      "role=%3Cscript%3E",
      "role=",
    ]) {
      const response = await get(`/request-invitation?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.rawPayload.equals(plain), query).toBe(true);
    }
    for (const path of ["/request-invitation/role/closes-tomorrow", "/request-invitation/role"]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });
});

describe("a role posted for a day ahead (a clock the tests move)", () => {
  const start = Date.UTC(2026, 10, 27, 12);
  const midnight = Date.UTC(2026, 10, 28);
  const roles: TestRole[] = [
    { slug: "open-now", title: "Head of Global Talent", closesAt: start + 30 * DAY_MS },
    { slug: "posted-tomorrow", title: "SVP, Talent Acquisition", opensAt: midnight, closesAt: midnight + 30 * DAY_MS },
  ];
  let now = start;
  let buildDir: string;
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ url });

  beforeAll(async () => {
    buildDir = writeRoleBuild(roles, start);
    app = await buildSiteServer({ root: join(buildDir, "client"), clock: () => now });
  });
  afterAll(async () => {
    await app.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("is nowhere until its day (page 404, list, sitemap, feed, request page), then everywhere, with no restart", async () => {
    const absent = async () => {
      const page = await get("/roles/posted-tomorrow");
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain("SVP, Talent Acquisition");
      expect(listedRoles((await get("/roles")).body)).toEqual(["open-now"]);
      expect(sitemapPaths((await get("/sitemap.xml")).body)).not.toContain("/roles/posted-tomorrow");
      expect(feedRoles((await get("/roles/feed.xml")).body)).toEqual(["open-now"]);
      expect((await get("/request-invitation?role=posted-tomorrow")).body).not.toContain("About:");
      // Its files wait outside what is served as it is.
      expect((await get("/request-invitation/role/posted-tomorrow")).statusCode).toBe(404);
    };
    await absent();
    expect(listedRoles((await get("/")).body)).toEqual(["open-now"]);
    now = midnight - 1;
    await absent();

    now = midnight;
    // The home page's band shows it from its day, the newest few (two in this build) of those open.
    expect(listedRoles((await get("/")).body)).toEqual(["open-now", "posted-tomorrow"]);
    const page = await get("/roles/posted-tomorrow");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>SVP, Talent Acquisition</h1>");
    expect(page.headers["content-security-policy"]).toBeTruthy();
    expect(
      (await app.inject({ url: "/roles/posted-tomorrow", headers: { "Accept-Encoding": "br" } })).headers[
        "content-encoding"
      ],
    ).toBe("br");
    expect(listedRoles((await get("/roles")).body)).toEqual(["open-now", "posted-tomorrow"]);
    expect(sitemapPaths((await get("/sitemap.xml")).body)).toContain("/roles/posted-tomorrow");
    expect(feedRoles((await get("/roles/feed.xml")).body)).toEqual(["posted-tomorrow", "open-now"]);
    expect((await get("/request-invitation?role=posted-tomorrow")).body).toContain("About: SVP, Talent Acquisition");
  });
});

describe("a build with roles", () => {
  it("cannot be served without its timetable (roles.json), or its 410 page", async () => {
    const buildDir = writeRoleBuild([{ slug: "a-role", title: "A role", closesAt: Date.now() + DAY_MS }]);
    try {
      renameSync(join(buildDir, "roles.json"), join(buildDir, "roles.json.away"));
      await expect(buildSiteServer({ root: join(buildDir, "client") })).rejects.toThrow(/roles\.json is missing/);
      renameSync(join(buildDir, "roles.json.away"), join(buildDir, "roles.json"));
      rmSync(join(buildDir, "client", "410.html"));
      await expect(buildSiteServer({ root: join(buildDir, "client") })).rejects.toThrow(/410\.html/);
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  });
});
