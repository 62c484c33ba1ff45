// @vitest-environment node
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isCrossSite, ownReferer } from "./origin";

const SITE_URL = "https://network.example";
const request = (headers: Record<string, string>) =>
  ({ headers: { host: "127.0.0.1:4173", ...headers } }) as unknown as IncomingMessage;

describe("isCrossSite", () => {
  it.each([
    ["SITE_URL's origin", { origin: "https://network.example" }],
    ["no Origin, a same-origin fetch", { "sec-fetch-site": "same-origin" }],
    ["no Origin, a page of ours as Referer", { referer: "https://network.example/request-invitation?type=employer" }],
    ["nothing that names a page (a program)", {}],
  ])("allows %s", (_case, headers) => {
    expect(isCrossSite(request(headers), SITE_URL)).toBe(false);
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["a look-alike host", { origin: "https://network.example.evil.example" }],
    ["the origin the Host header names (a client chooses it)", { origin: "http://127.0.0.1:4173" }],
    ["the Host over https", { origin: "https://127.0.0.1:4173" }],
    ["another port", { origin: "http://127.0.0.1:9999" }],
    ["Origin: null", { origin: "null" }],
    ["a cross-site form post without Origin", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain without Origin", { "sec-fetch-site": "same-site" }],
    ["another site as Referer, without Origin", { referer: "https://evil.example/form.html" }],
    ["a Referer that is not a URL", { referer: "not a url" }],
    ["our Referer but another site's Origin", { origin: "https://evil.example", referer: "https://network.example/" }],
  ])("refuses %s", (_case, headers) => {
    expect(isCrossSite(request(headers), SITE_URL)).toBe(true);
  });
});

describe("ALLOWED_ORIGINS", () => {
  it("lets the pages of an origin set explicitly post, and no other", () => {
    const extra = ["http://127.0.0.1:4173"];
    expect(isCrossSite(request({ origin: "http://127.0.0.1:4173" }), SITE_URL, extra)).toBe(false);
    expect(isCrossSite(request({ referer: "http://127.0.0.1:4173/request-invitation" }), SITE_URL, extra)).toBe(false);
    expect(isCrossSite(request({ origin: "http://127.0.0.1:4174" }), SITE_URL, extra)).toBe(true);
  });
});

describe("ownReferer", () => {
  it("keeps a Referer of ours, up to a length", () => {
    const referer = "https://network.example/request-invitation?utm_source=x";
    expect(ownReferer(request({ referer }), SITE_URL, 2048)).toBe(referer);
    expect(ownReferer(request({ referer }), SITE_URL, 20)).toBeNull();
    expect(ownReferer(request({ referer: "https://evil.example/" }), SITE_URL, 2048)).toBeNull();
    expect(ownReferer(request({}), SITE_URL, 2048)).toBeNull();
  });
});
