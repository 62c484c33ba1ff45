/**
 * Analytics by choice, off by default (docs/product.md#where-requests-come-from): with ANALYTICS
 * set, every page loads the chosen script once it is interactive (after `load`, when the
 * browser is idle), never on the first-paint path; with it unset, nothing loads and no cookie
 * is set. HubSpot's tracking code brings HubSpot's own cookie banner, which decides what it
 * may store; Plausible sets no cookie. One conversion event per request sent, with its mode.
 */
import type { HubSpotRegion, SiteConfig } from "#shared/site-config.ts";
import { hubspotScriptsOrigin } from "#shared/hubspot-hosts.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";

type Analytics = NonNullable<SiteConfig["analytics"]>;

/** Plausible's custom event for a request sent (its dashboard's goal of the same name). */
export const PLAUSIBLE_CONVERSION_EVENT = "Request sent";
/** The custom behavioral event's internal name, after HubSpot's `pe<portalId>_` prefix. */
export const HUBSPOT_CONVERSION_EVENT = "request_sent";

/**
 * The longest the loader waits for an idle period after `load` before it loads the script
 * anyway: a page that keeps the browser busy (or a browser that paints nothing) still counts.
 */
export const ANALYTICS_IDLE_TIMEOUT_MS = 3000;

/** HubSpot's tracking code for a portal in its region (docs/deployment/hubspot.md). */
export function hubspotTrackingScriptUrl(portalId: string, region: HubSpotRegion): string {
  return `${hubspotScriptsOrigin(region)}/${encodeURIComponent(portalId)}.js`;
}

export function analyticsScriptUrl(analytics: Analytics): string {
  return analytics.kind === "hubspot"
    ? hubspotTrackingScriptUrl(analytics.portalId, analytics.region)
    : analytics.scriptUrl;
}

/**
 * The inline script (allowed by its hash) that loads the chosen analytics once the page is
 * interactive: after `load`, in an idle period (at most ANALYTICS_IDLE_TIMEOUT_MS later). It
 * first sets up each tool's queue, so an event sent before the script arrived is kept:
 * HubSpot's `_hsq`, Plausible's `plausible.q`. Plausible's `data-domain` is SITE_URL's host,
 * the site's name in its dashboard. Null: no analytics.
 */
export function analyticsLoaderScript(site: Pick<SiteConfig, "analytics" | "siteUrl">): string | null {
  const { analytics } = site;
  if (!analytics) return null;
  const queue =
    analytics.kind === "hubspot"
      ? `w._hsq=w._hsq||[];`
      : `w.plausible=w.plausible||function(){(w.plausible.q=w.plausible.q||[]).push(arguments)};`;
  const attributes =
    analytics.kind === "hubspot"
      ? `s.id="hs-script-loader";`
      : `s.setAttribute("data-domain",${JSON.stringify(new URL(site.siteUrl).hostname)});`;
  return (
    `(function(w){${queue}function l(){var s=document.createElement("script");s.async=true;${attributes}` +
    `s.src=${JSON.stringify(analyticsScriptUrl(analytics))};document.head.appendChild(s)}` +
    `function i(){(w.requestIdleCallback||setTimeout)(l,{timeout:${ANALYTICS_IDLE_TIMEOUT_MS}})}` +
    `document.readyState=="complete"?i():w.addEventListener("load",i)})(window)`
  );
}

interface AnalyticsWindow {
  _hsq?: unknown[];
  plausible?: (event: string, options: { props: Record<string, string> }) => void;
}

/** Sends the chosen analytics' one conversion event for a request sent, with its mode; nothing without analytics. */
export function trackRequestSent(analytics: SiteConfig["analytics"], mode: InvitationMode): void {
  if (!analytics) return;
  const w = window as AnalyticsWindow;
  if (analytics.kind === "plausible") {
    w.plausible?.(PLAUSIBLE_CONVERSION_EVENT, { props: { mode } });
  } else {
    // A custom behavioral event: HubSpot records it on Marketing Hub Enterprise only (docs/deployment/hubspot.md).
    (w._hsq ??= []).push([
      "trackCustomBehavioralEvent",
      { name: `pe${analytics.portalId}_${HUBSPOT_CONVERSION_EVENT}`, properties: { mode } },
    ]);
  }
}
