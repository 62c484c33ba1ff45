/**
 * Who a request came from, as the rate limit counts it: the client's address behind the
 * proxies TRUST_PROXY trusts, and its key (an IPv6 address counts as its /64).
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * The client's address. Behind `trustedHops` proxies that each append the address they
 * received from to X-Forwarded-For, the client is that many entries from the right;
 * entries further left were written by the client and prove nothing. With no trusted
 * proxy the socket's own address is the answer, whatever the header says. An entry that
 * is not an IP address (a misconfigured proxy, or a client's invention when the chain
 * is shorter than expected) is never used as a rate-limit key: the socket's address is.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  const header = req.headers["x-forwarded-for"];
  if (trustedHops <= 0) {
    if (header !== undefined) warnUntrustedProxyOnce();
    return socketAddress;
  }
  const chain = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = chain[chain.length - trustedHops] ?? chain[0];
  return entry !== undefined && isIP(entry) !== 0 ? entry : socketAddress;
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
