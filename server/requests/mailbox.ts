/**
 * The mailbox an address reaches, as the requester's acknowledgement counts them: one a day per
 * mailbox, not per spelling (docs/deployment/notifications.md, "What each requester receives").
 * Case and surrounding spaces never matter; a `+tag` after the local part reaches the same inbox
 * at every large provider; and Gmail ignores dots in the local part (gmail.com and
 * googlemail.com are one domain). Other providers' dots are kept: at most of them `a.b` and
 * `ab` are different people.
 */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(["gmail.com", "googlemail.com"]);

export function mailboxKey(address: string): string {
  const folded = address.trim().toLowerCase();
  const at = folded.lastIndexOf("@");
  if (at <= 0) return folded;
  let local = folded.slice(0, at);
  let domain = folded.slice(at + 1);
  const tag = local.indexOf("+");
  if (tag > 0) local = local.slice(0, tag);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
