// @vitest-environment node
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CrossSiteRefusalLog, REFUSAL_LOG_ORIGINS_PER_HOUR, SiteOrigins } from "./origin";

const SITE_URL = "https://network.example";
const request = (headers: Record<string, string>) =>
  ({ headers: { host: "127.0.0.1:4173", ...headers } }) as unknown as IncomingMessage;
const production = new SiteOrigins(SITE_URL);

describe("isCrossSite", () => {
  it.each([
    ["SITE_URL's origin", { origin: "https://network.example" }],
    ["no Origin, a same-origin fetch", { "sec-fetch-site": "same-origin" }],
    ["no Origin, a page of ours as Referer", { referer: "https://network.example/request-invitation?type=employer" }],
    ["nothing that names a page (a program)", {}],
  ])("allows %s", (_case, headers) => {
    expect(production.isCrossSite(request(headers))).toBe(false);
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
    expect(production.isCrossSite(request(headers))).toBe(true);
  });
});

describe("ALLOWED_ORIGINS", () => {
  it("lets the pages of an origin set explicitly post, and no other", () => {
    const origins = new SiteOrigins(SITE_URL, ["http://127.0.0.1:4173"]);
    expect(origins.isCrossSite(request({ origin: "http://127.0.0.1:4173" }))).toBe(false);
    expect(origins.isCrossSite(request({ referer: "http://127.0.0.1:4173/request-invitation" }))).toBe(false);
    expect(origins.isCrossSite(request({ origin: "http://127.0.0.1:4174" }))).toBe(true);
  });
});

describe("a SITE_URL on a loopback host (a fresh checkout)", () => {
  const local = new SiteOrigins("http://localhost:4173");

  it.each(["http://127.0.0.1:4173", "http://localhost:4188", "http://[::1]:4173", "https://127.0.0.1:8443"])(
    "takes %s as the site's own",
    (origin) => {
      expect(local.isCrossSite(request({ origin }))).toBe(false);
      expect(local.ownReferer(request({ referer: `${origin}/request-invitation` }), 2048)).toBe(
        `${origin}/request-invitation`,
      );
    },
  );

  it.each(["https://evil.example", "http://127.0.0.1.evil.example:4173", "http://192.168.1.10:4173", "null"])(
    "still refuses %s",
    (origin) => {
      expect(local.isCrossSite(request({ origin }))).toBe(true);
    },
  );
});

describe("ownReferer", () => {
  it("keeps a Referer of ours, up to a length", () => {
    const referer = "https://network.example/request-invitation?utm_source=x";
    expect(production.ownReferer(request({ referer }), 2048)).toBe(referer);
    expect(production.ownReferer(request({ referer }), 20)).toBeNull();
    expect(production.ownReferer(request({ referer: "https://evil.example/" }), 2048)).toBeNull();
    expect(production.ownReferer(request({}), 2048)).toBeNull();
  });
});

describe("the log of refused posts", () => {
  function refusalLog() {
    const lines: string[] = [];
    let now = 0;
    const log = new CrossSiteRefusalLog(
      production,
      (line) => lines.push(line),
      () => now,
    );
    const refuse = (origin: string) => log.record(production.pageOrigin(request({ origin })));
    return { lines, refuse, advance: (ms: number) => (now += ms) };
  }

  it.each([
    ["the same host under another scheme", "http://network.example", "another scheme"],
    ["the same host under another port", "https://network.example:8443", "another port"],
    ["www in front", "https://www.network.example", "another host name (www)"],
    ["this machine while SITE_URL names another", "http://127.0.0.1:4173", "this machine's address"],
  ])("names %s, the origin and the settings to change, once an hour", (_case, origin, difference) => {
    const { lines, refuse, advance } = refusalLog();
    refuse(origin);
    refuse(origin);
    advance(59 * 60 * 1000);
    refuse(origin);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`refused a post from ${origin}`);
    expect(lines[0]).toContain(`SITE_URL (${SITE_URL}) under ${difference}`);
    expect(lines[0]).toMatch(/SITE_URL.*ALLOWED_ORIGINS/);
    advance(60 * 1000);
    refuse(origin);
    expect(lines).toHaveLength(2);
  });

  it("names a foreign origin without calling it the site", () => {
    const { lines, refuse } = refusalLog();
    refuse("https://evil.example");
    expect(lines).toEqual([expect.stringContaining("refused a post from https://evil.example as cross-site: neither")]);
  });

  it("logs a bounded number of lines an hour, however many origins are forged", () => {
    const { lines, refuse, advance } = refusalLog();
    for (let index = 0; index < 1000; index += 1) refuse(`https://forged-${index}.example`);
    expect(lines).toHaveLength(REFUSAL_LOG_ORIGINS_PER_HOUR + 1);
    expect(lines.at(-1)).toContain("not logged one by one");
    advance(60 * 60 * 1000);
    for (let index = 0; index < 1000; index += 1) refuse(`https://forged-again-${index}.example`);
    expect(lines).toHaveLength(2 * (REFUSAL_LOG_ORIGINS_PER_HOUR + 1));
  });
});

describe("the start-up's line on where the form sends from", () => {
  it("behind a proxy, explains the Host header and TRUST_PROXY rather than suggest this machine's address", () => {
    const note = new SiteOrigins("https://network.example", []).formNote("http://127.0.0.1:4173/");
    expect(note).toContain("proxy_set_header Host $host");
    expect(note).toContain("TRUST_PROXY=1");
    expect(note).not.toContain("add http://127.0.0.1:4173 to ALLOWED_ORIGINS");
    expect(
      new SiteOrigins("https://network.example", []).formNote("http://127.0.0.1:4173/", { trustProxyHops: 1 }),
    ).toContain("TRUST_PROXY=1 is set");
  });

  it("on another public address, suggests ALLOWED_ORIGINS; on its own, says it sends from here", () => {
    expect(new SiteOrigins("https://network.example", []).formNote("http://10.0.0.5:4173/")).toContain(
      "add http://10.0.0.5:4173 to ALLOWED_ORIGINS",
    );
    expect(new SiteOrigins("http://localhost:4173", []).formNote("http://localhost:4173/")).toBe(
      "The request form sends from this address.",
    );
  });
});
