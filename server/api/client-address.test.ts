// @vitest-environment node
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { trustedProxies } from "../http/site-server";
import { clientAddress, rateLimitKey } from "./client-address";

/** The client's address of a request from 10.0.0.9 with `headers`, to a server that trusts `hops` proxies, as the site's server is built. */
async function clientAddressOf(headers: Record<string, string>, hops: number) {
  const app = Fastify({ trustProxy: trustedProxies(hops) });
  app.get("/", async (request) => clientAddress(request, hops));
  const { body } = await app.inject({ url: "/", headers, remoteAddress: "10.0.0.9" });
  await app.close();
  return body;
}

describe("clientAddress", () => {
  it("uses the socket address when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await clientAddressOf({ "x-forwarded-for": "1.2.3.4" }, 0)).toBe("10.0.0.9");
  });
  it("takes the entry the trusted proxies wrote, not what the client made up", async () => {
    const headers = { "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.2" };
    expect(await clientAddressOf(headers, 1)).toBe("10.0.0.2");
    expect(await clientAddressOf(headers, 2)).toBe("203.0.113.7");
  });
  it("never takes an entry that is not an IP address: the socket's address stands in", async () => {
    expect(await clientAddressOf({ "x-forwarded-for": "unknown" }, 1)).toBe("10.0.0.9");
    expect(await clientAddressOf({ "x-forwarded-for": "203.0.113.7, evil<script>" }, 1)).toBe("10.0.0.9");
    expect(await clientAddressOf({ "x-forwarded-for": "2001:db8::1" }, 1)).toBe("2001:db8::1");
  });
  it("falls back to the leftmost entry, then the socket, when the chain is shorter", async () => {
    expect(await clientAddressOf({ "x-forwarded-for": "203.0.113.7" }, 3)).toBe("203.0.113.7");
    expect(await clientAddressOf({}, 1)).toBe("10.0.0.9");
  });
});

describe("rateLimitKey", () => {
  it.each([
    ["an IPv4 address", "203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped IPv6 address", "::ffff:203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped address in hex", "::ffff:cb00:7107", "203.0.113.7"],
    ["an IPv4-mapped address written out, upper case", "0:0:0:0:0:FFFF:CB00:7107", "203.0.113.7"],
    ["an address with leading zeros and upper case", "2001:0DB8:0001:0002:aaaa::1", "2001:db8:1:2::/64"],
    ["the last address of the same /64", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["an address compressed inside its /64", "2001:db8::1", "2001:db8::/64"],
    ["an address compressed at its end", "2001:db8:1:2:3::", "2001:db8:1:2::/64"],
    ["an address compressed across the /64 boundary", "2001:db8:1::2", "2001:db8:1::/64"],
    ["an address with a zero inside its prefix", "2001:0:0:1:2:3:4:5", "2001:0:0:1::/64"],
    ["an IPv4 address embedded in another prefix", "64:ff9b::198.51.100.1", "64:ff9b::/64"],
    ["the loopback address", "::1", "::/64"],
    ["the unspecified address", "::", "::/64"],
    ["a link-local address with a zone id", "fe80::1%eth0", "fe80::/64"],
    ["something that is not an address", "unknown", "unknown"],
    ["an address with a port", "203.0.113.7:443", "203.0.113.7:443"],
    ["an empty string", "", ""],
  ])("keys %s (%s) as %s", (_case, address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it.each([
    ["2001:db8:1:2::1", "2001:db8:1:2:dead:beef:0:42"],
    ["2001:db8:1:2::1", "2001:0db8:0001:0002:0000:0000:0000:0002"],
    ["fe80::1%eth0", "fe80::2%eth1"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
  ])("gives %s and %s one key", (a, b) => {
    expect(rateLimitKey(a)).toBe(rateLimitKey(b));
  });

  it.each([
    ["2001:db8:1:2::1", "2001:db8:1:3::1"],
    ["2001:db8::1", "2001:db8:0:1::1"],
    ["2001:db8::1", "2002:db8::1"],
    ["203.0.113.7", "203.0.113.8"],
    ["::ffff:203.0.113.7", "::ffff:203.0.113.8"],
  ])("gives %s and %s different keys", (a, b) => {
    expect(rateLimitKey(a)).not.toBe(rateLimitKey(b));
  });
});
