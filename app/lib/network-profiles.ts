/** What a link to one of the network's own profiles (NETWORK_PROFILE_URLS) is called: its site's name, or its host. */
export function profileName(url: string, siteNames: Readonly<Record<string, string>>): string {
  const host = new URL(url).hostname.replace(/^www\./, "");
  // A country or mobile subdomain (uk.linkedin.com, m.youtube.com) is the same site.
  const known = Object.keys(siteNames).find((site) => host === site || host.endsWith(`.${site}`));
  return known === undefined ? host : siteNames[known]!;
}
