// @vitest-environment node
import { describe, expect, it } from "vitest";
import { resolveRequest } from "./request-path";

const files = new Set([
  "/index.html",
  "/index.html.br",
  "/mission/index.html",
  "/404.html",
  "/favicon.ico",
  "/assets/entry-Ab12.js",
  "/assets/entry-Ab12.js.gz",
  "/sitemap.xml",
  "/request-invitation/index.html",
  "/request-invitation/employer/index.html",
]);
const resolve = (target: string) => resolveRequest(target, files);

describe("resolveRequest", () => {
  it("serves pages from <path>/index.html and files at their path", () => {
    expect(resolve("/")).toEqual({ kind: "file", file: "/index.html" });
    expect(resolve("/mission")).toEqual({ kind: "file", file: "/mission/index.html" });
    expect(resolve("/mission?type=employer")).toEqual({ kind: "file", file: "/mission/index.html" });
    expect(resolve("/favicon.ico")).toEqual({ kind: "file", file: "/favicon.ico" });
    expect(resolve("/assets/entry-Ab12.js")).toEqual({ kind: "file", file: "/assets/entry-Ab12.js" });
  });

  it("serves the request page's employer HTML for type=employer, the leader page for any other query", () => {
    const employer = { kind: "file", file: "/request-invitation/employer/index.html" };
    const leader = { kind: "file", file: "/request-invitation/index.html" };
    expect(resolve("/request-invitation?type=employer")).toEqual(employer);
    expect(resolve("/request-invitation?utm_source=mail&type=employer&x=1")).toEqual(employer);
    expect(resolve("/request-invitation")).toEqual(leader);
    expect(resolve("/request-invitation?")).toEqual(leader);
    // Which queries read as the employer's is the pattern's (static-policy.test.ts), checked once there.
    expect(resolve("/request-invitation?type=candidate")).toEqual(leader);
    // Another page with the same query is itself.
    expect(resolve("/mission?type=employer")).toEqual({ kind: "file", file: "/mission/index.html" });
  });

  it("never serves the employer HTML at its own path", () => {
    expect(resolve("/request-invitation/employer")).toEqual({ kind: "not-found" });
    expect(resolve("/request-invitation/employer?type=employer")).toEqual({ kind: "not-found" });
    expect(resolve("/request-invitation/employer/index.html")).toEqual({ kind: "not-found" });
    expect(resolve("/request-invitation/employer/")).toEqual({
      kind: "redirect",
      location: "/request-invitation/employer",
    });
  });

  it("redirects a trailing slash to the canonical path, keeping the query", () => {
    expect(resolve("/mission/")).toEqual({ kind: "redirect", location: "/mission" });
    expect(resolve("/mission///?type=employer&x=%20")).toEqual({
      kind: "redirect",
      location: "/mission?type=employer&x=%20",
    });
    expect(resolve("/no-such-page/")).toEqual({ kind: "redirect", location: "/no-such-page" });
  });

  it("never redirects to another host", () => {
    expect(resolve("//evil.example/")).toEqual({ kind: "redirect", location: "/evil.example" });
    expect(resolve("///evil.example//")).toEqual({ kind: "redirect", location: "/evil.example" });
    expect(resolve("/%2F%2Fevil.example/")).toEqual({ kind: "redirect", location: "/%2F%2Fevil.example" });
    expect(resolve("/\\evil.example/").kind).toBe("bad-request");
  });

  it("keeps the Location encoded, so no CR or LF can reach the header", () => {
    const resolution = resolve("/a%0d%0aSet-Cookie:%20x=1/");
    expect(resolution).toEqual({ kind: "redirect", location: "/a%0d%0aSet-Cookie:%20x=1" });
  });

  it("does not redirect an encoded trailing slash (which would loop)", () => {
    expect(resolve("/mission%2F")).toEqual({ kind: "not-found" });
  });

  it.each([
    "/../package.json",
    "/assets/../../package.json",
    "/%2e%2e/package.json",
    "/%2E%2E/%2e%2E/etc/passwd",
    "/.%2e/package.json",
    "/assets/..%2f..%2fpackage.json",
    "/./index.html",
    "/..\\package.json",
    "/%5c..%5cpackage.json",
    "/%5C..",
    "/index.html%00.js",
    "/%00",
    "/index\0.html",
    "/%E0%A4%A",
    "/%",
    "mission",
    "http://evil.example/",
    "*",
  ])("refuses %s with 400", (target) => {
    expect(resolve(target).kind).toBe("bad-request");
  });

  it("answers 404 for what is not in the build, or not a URL of its own", () => {
    for (const target of [
      "/nope",
      "/mission/deeper",
      "/assets/missing.js",
      "/assets",
      "/index.html",
      "/mission/index.html",
      "/404.html",
      "/index.html.br",
      "/assets/entry-Ab12.js.gz",
      "/assets/entry-Ab12.js.map",
      "/.env",
      "/.well-known/security.txt",
      "/mission/..%252fpackage.json",
      "/favicon.ICO",
    ]) {
      expect(resolve(target), target).toEqual({ kind: "not-found" });
    }
  });
});

describe("resolveRequest with the build's roles as they stand now", () => {
  const built = new Set([
    ...files,
    "/roles/index.html",
    "/roles/vp-ta/index.html",
    "/roles/closing-today/index.html",
    "/request-invitation/role/vp-ta/index.html",
    "/request-invitation/role/closing-today/index.html",
  ]);
  /** vp-ta is open; closing-today was open at build time and has closed since; old-role closed before. */
  const closed = new Set(["closing-today", "old-role"]);
  const roles = {
    isClosed: (slug: string) => closed.has(slug),
    isOpen: (slug: string) => slug === "vp-ta",
    isUpcoming: (slug: string) => slug === "posted-tomorrow",
  };
  const now = (target: string) => resolveRequest(target, built, roles);

  it("answers a role that has closed 410, built page or not; an open or unknown role as any page", () => {
    expect(now("/roles/closing-today")).toEqual({ kind: "gone" });
    expect(now("/roles/old-role")).toEqual({ kind: "gone" });
    // Decoded first, as nginx hands the raw target on.
    expect(now("/roles/closing-%74oday")).toEqual({ kind: "gone" });
    expect(now("/roles/vp-ta")).toEqual({ kind: "file", file: "/roles/vp-ta/index.html" });
    // A role posted for a day ahead is not there yet, as if it did not exist.
    expect(now("/roles/posted-tomorrow")).toEqual({ kind: "not-found" });
    expect(now("/request-invitation?role=posted-tomorrow")).toEqual({
      kind: "file",
      file: "/request-invitation/index.html",
    });
    expect(now("/roles")).toEqual({ kind: "file", file: "/roles/index.html" });
    expect(now("/roles/no-such-role")).toEqual({ kind: "not-found" });
    expect(now("/roles/Bad_Slug")).toEqual({ kind: "not-found" });
    expect(now("/roles/closing-today/deeper")).toEqual({ kind: "not-found" });
    expect(now("/roles/closing-today/")).toEqual({ kind: "redirect", location: "/roles/closing-today" });
    expect(now("/roles/")).toEqual({ kind: "redirect", location: "/roles" });
    // Without the roles (static answers), the built page is a page like any other.
    expect(resolve("/roles/closing-today")).toEqual({ kind: "not-found" });
    expect(resolveRequest("/roles/closing-today", built)).toEqual({
      kind: "file",
      file: "/roles/closing-today/index.html",
    });
  });

  it("answers the request page for an open role with that role chosen; any other role, the plain page", () => {
    const chosen = { kind: "file", file: "/request-invitation/role/vp-ta/index.html" };
    const leader = { kind: "file", file: "/request-invitation/index.html" };
    expect(now("/request-invitation?role=vp-ta")).toEqual(chosen);
    expect(now("/request-invitation?utm_source=mail&role=vp-ta&x=1")).toEqual(chosen);
    for (const query of [
      "role=closing-today",
      "role=old-role",
      "role=nope",
      "role=VP-TA",
      "role=vp%2Dta",
      "role=",
      "role",
    ]) {
      expect(now(`/request-invitation?${query}`), query).toEqual(leader);
    }
    // The first `role` counts, as the page's script reads it.
    expect(now("/request-invitation?role=nope&role=vp-ta")).toEqual(leader);
    expect(now("/request-invitation?myrole=vp-ta")).toEqual(leader);
    // The employer's page wins: a role is a leader's.
    expect(now("/request-invitation?role=vp-ta&type=employer")).toEqual({
      kind: "file",
      file: "/request-invitation/employer/index.html",
    });
    // Without the roles (a static answer), the plain page.
    expect(resolveRequest("/request-invitation?role=vp-ta", built)).toEqual(leader);
  });

  it("never serves a request page with a role at its own path", () => {
    for (const target of [
      "/request-invitation/role/vp-ta",
      "/request-invitation/role",
      "/request-invitation/role/vp-ta?role=vp-ta",
      "/request-invitation/role/vp-ta/index.html",
    ]) {
      expect(now(target), target).toEqual({ kind: "not-found" });
      expect(resolveRequest(target, built), target).toEqual({ kind: "not-found" });
    }
  });
});
