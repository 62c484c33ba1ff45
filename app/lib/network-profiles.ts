/** What a link to one of the network's own profiles (NETWORK_PROFILE_URLS) is called: its site's name, or its host. */
export function profileName(url: string, sites: readonly { host: string; name: string }[]): string {
  const host = new URL(url).hostname.replace(/^www\./, "");
  // A country or mobile subdomain (uk.linkedin.com, m.youtube.com) is the same site.
  return sites.find((site) => host === site.host || host.endsWith(`.${site.host}`))?.name ?? host;
}
