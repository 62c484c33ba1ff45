/**
 * Who a request came from, as the rate limit counts it: Fastify's `request.ip`, behind the
 * proxies TRUST_PROXY trusts (the site's server gives Fastify that many hops,
 * server/http/site-server.ts), and its key (an IPv6 address counts as its /64).
 */
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";

/**
 * The client's address: Fastify's `request.ip`, the entry of X-Forwarded-For the trusted proxies
 * wrote, or the socket's own address when none is trusted, whatever the header says. An entry
 * that is not an IP address (a misconfigured proxy, or a client's invention when the chain is
 * shorter than expected) is never used as a rate-limit key: the socket's address is. With
 * `trustedHops` 0 (TRUST_PROXY=0) a request that names a proxy is worth one warning.
 */
export function clientAddress(request: Pick<FastifyRequest, "ip" | "socket" | "headers">, trustedHops: number): string {
  if (trustedHops <= 0 && request.headers["x-forwarded-for"] !== undefined) warnUntrustedProxyOnce();
  return isIP(request.ip) !== 0 ? request.ip : (request.socket.remoteAddress ?? "unknown");
}

let untrustedProxyWarned = false;

/** One warning per process: behind a proxy with TRUST_PROXY=0, every visitor shares one rate limit. */
function warnUntrustedProxyOnce() {
  if (untrustedProxyWarned) return;
  untrustedProxyWarned = true;
  console.warn(
    "[api] requests carry X-Forwarded-For but TRUST_PROXY=0: if a proxy is in front of this server, every " +
      "visitor shares one rate limit. Set TRUST_PROXY to the number of proxies (docs/deployment/requests.md).",
  );
}

/**
 * The rate-limit key for a client address. One subscriber is usually given a whole IPv6
 * /64 (RFC 6177) and may pick any address in it, a new one per request if it likes: keyed
 * on the full address, such a client would never be limited, so an IPv6 address counts as
 * its /64, written canonically (`2001:db8:1:2::/64`). An IPv4 address, also when it comes
 * IPv4-mapped (`::ffff:203.0.113.7`, as a dual-stack socket reports it), stays itself.
 * Anything that is not an IP address is returned unchanged.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const hextets = ipv6Hextets(address.split("%")[0]!);
  if (hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join(".");
  }
  return `${ipv6Text([...hextets.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of an IPv6 address that isIP has accepted (no zone id). */
function ipv6Hextets(address: string): number[] {
  const toHextets = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          // A trailing dotted IPv4 address (`::ffff:203.0.113.7`) holds the last two groups.
          const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split("::") as [string, string | undefined];
  if (tail === undefined) return toHextets(head);
  const left = toHextets(head);
  const right = toHextets(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952 text for eight groups: lower case, no leading zeros, the first longest run of 2+ zero groups as `::`. */
function ipv6Text(hextets: number[]): string {
  let runStart = -1;
  let runLength = 0;
  for (let start = 0; start < hextets.length; start++) {
    let end = start;
    while (end < hextets.length && hextets[end] === 0) end++;
    if (end - start > runLength && end - start >= 2) [runStart, runLength] = [start, end - start];
    start = end;
  }
  const text = (groups: number[]) => groups.map((group) => group.toString(16)).join(":");
  if (runStart < 0) return text(hextets);
  return `${text(hextets.slice(0, runStart))}::${text(hextets.slice(runStart + runLength))}`;
}
