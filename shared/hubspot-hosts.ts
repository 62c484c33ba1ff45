/**
 * HubSpot's hosts, one rule for every region: na1 portals use a service's bare host
 * (`js.hsforms.net`), the others `<service>-<region>` (`js-eu1.hsforms.net`), as the embed and
 * tracking codes HubSpot shows name them. The form embed, the analytics loader and the CSP read
 * them here (docs/deployment/hubspot.md).
 */
import type { HubSpotRegion } from "./site-config";

/** HUBSPOT_REGION's default, the region docs/product.md#the-request-page names. */
export const DEFAULT_HUBSPOT_REGION: HubSpotRegion = "na1";

/** `https://<service>[-<region>].<domain>`. */
export function hubspotHost(service: string, domain: string, region: HubSpotRegion): string {
  return `https://${region === "na1" ? service : `${service}-${region}`}.${domain}`;
}

/** Where the form embeds' scripts are: `js.hsforms.net`, `js-<region>.hsforms.net`. */
export const hubspotFormsOrigin = (region: HubSpotRegion) => hubspotHost("js", "hsforms.net", region);
/** Where the tracking code is: `js.hs-scripts.com`, `js-<region>.hs-scripts.com`. */
export const hubspotScriptsOrigin = (region: HubSpotRegion) => hubspotHost("js", "hs-scripts.com", region);
/** What the tracking code loads: the analytics script and the cookie banner. */
export const hubspotAnalyticsOrigin = (region: HubSpotRegion) => hubspotHost("js", "hs-analytics.net", region);
export const hubspotBannerOrigin = (region: HubSpotRegion) => hubspotHost("js", "hs-banner.com", region);
/** Where page views are reported: `track.hubspot.com`, `track-<region>.hubspot.com`. */
export const hubspotTrackOrigin = (region: HubSpotRegion) => hubspotHost("track", "hubspot.com", region);
