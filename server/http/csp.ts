/**
 * The security headers of the built site: the Content-Security-Policy, the headers every
 * response and every document carries, and HSTS. With server/http/static-policy.ts (caching,
 * content types and which URLs are public) it is the one source of truth for how the
 * built site is served.
 *
 * Three outputs are derived from these two modules and nothing else:
 *   - the Node server of `npm start` / `npm run serve` (server/http/site-server.ts),
 *   - the nginx configuration written at build time (hosting/nginx-config.ts),
 *   - the `_headers` file for static hosts and CDNs (hosting/static-host-headers.ts).
 * The server tests (tests/server/http-contract.test.ts) send the same requests to the Node
 * server and to a real nginx, so the three cannot drift apart unnoticed.
 */

import { API_ROUTES, apiPath } from "#shared/api-paths.ts";
import type { HubSpotRegion, SiteConfig } from "#shared/site-config.ts";
import {
  hubspotAnalyticsOrigin,
  hubspotBannerOrigin,
  hubspotScriptsOrigin,
  hubspotTrackOrigin,
} from "#shared/hubspot-hosts.ts";

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Sent only when the request reached the site over https (see `isHttpsRequest` in
 * server/http/static-policy.ts). One year, without includeSubDomains or preload: those
 * commit every subdomain of the deployment's domain, which is the operator's decision,
 * not the site's.
 */
export const HSTS_VALUE = `max-age=${ONE_YEAR_SECONDS}`;

/** Where browsers send Content-Security-Policy violation reports: the site's own API (server/api/csp-reports.ts). */
export const CSP_REPORT_PATH = apiPath(API_ROUTES.cspReports);
/** The Reporting API group of those reports (`report-to` in the policy, `Reporting-Endpoints` header). */
export const CSP_REPORT_GROUP = "csp-endpoint";

/**
 * What a deployment's policy depends on besides its build's inline scripts, taken from
 * the configuration the build was made with (postbuild records it in
 * BUILD_DIR/deploy/policy-config.json for the Node server; see `readPolicyConfig`).
 */
export interface PolicyConfig {
  /** The HubSpot region whose forms the request page embeds, or null when it embeds none. */
  hubspot: { region: HubSpotRegion } | null;
  /** Whether the deployment runs the site's API, which receives violation reports. */
  reports: boolean;
  /** The analytics the pages load (ANALYTICS): HubSpot's in a region, or Plausible's script's origin; none when null or absent. */
  analytics?: AnalyticsPolicy | null;
  /** Whether the build has the editor's page at EDITOR_PATH (its own policy, `editorHeaders`). */
  editor?: boolean;
}

export type AnalyticsPolicy = { kind: "hubspot"; region: HubSpotRegion } | { kind: "plausible"; origin: string };

export function policyConfigFor(
  site: Pick<SiteConfig, "hubspot" | "requestApi" | "analytics"> & Partial<Pick<SiteConfig, "editor">>,
): PolicyConfig {
  const { analytics } = site;
  return {
    hubspot: site.hubspot && { region: site.hubspot.region },
    reports: site.requestApi,
    editor: Boolean(site.editor),
    analytics:
      analytics === null
        ? null
        : analytics.kind === "hubspot"
          ? { kind: "hubspot", region: analytics.region }
          : { kind: "plausible", origin: new URL(analytics.scriptUrl).origin },
  };
}

/**
 * The hosts each analytics choice needs, and no more (docs/deployment/hubspot.md):
 *   - HubSpot's tracking code (`js.hs-scripts.com/<portalId>.js`, `js-<region>.hs-scripts.com`
 *     outside na1) loads the analytics script from `hs-analytics.net` and the cookie banner from
 *     `hs-banner.com` (the banner decides what the analytics may store), and reports page views
 *     as image beacons and requests to `track.hubspot.com` (`track-<region>.hubspot.com`). Not
 *     opened: the collected-forms, ads-pixel and chat hosts it loads only when the portal turns
 *     those features on, which this site does not ask for.
 *   - Plausible: its script's origin, which also receives the events (`/api/event`).
 */
export function analyticsSources(analytics: AnalyticsPolicy | null | undefined): {
  script: string[];
  connect: string[];
  img: string[];
} {
  if (!analytics) return { script: [], connect: [], img: [] };
  if (analytics.kind === "plausible") return { script: [analytics.origin], connect: [analytics.origin], img: [] };
  const { region } = analytics;
  const track = hubspotTrackOrigin(region);
  const banner = hubspotBannerOrigin(region);
  return {
    script: [hubspotScriptsOrigin(region), hubspotAnalyticsOrigin(region), banner],
    connect: [track, banner],
    img: [track],
  };
}

/**
 * The sources HubSpot's forms need, both embeds (the legacy v2 `hbspt.forms.create`
 * and the current editor's `div.hs-form-frame`), every region. Each host is in
 * docs/measurements/0007-hubspot-embeds.md with its source; in short:
 *   - scripts: the embed scripts on each region's forms host (`js.hsforms.net` in na1,
 *     `js-<region>.hsforms.net` elsewhere: `/forms/embed/v2.js`, `/forms/embed/<portalId>.js`)
 *     and the chunks they load from `*.hsforms.net`, `*.hsforms.com` and
 *     `static.hsappstatic.net` (the forms app);
 *   - frames: the current embed draws its form in an iframe on the region's forms host
 *     (`/ui-forms-embed-components-app/frame.html`); legacy forms may use frames on the
 *     same families;
 *   - data: form definitions, submissions and counters on `*.hsforms.com` (`forms.hsforms.com`,
 *     `forms-<region>.hsforms.com`), older portals' `forms.hubspot.com`;
 *   - images: beacons and icons on the same hosts.
 * Wildcards cover the regional subdomains of `hsforms.net` and `hsforms.com`.
 */
export const HUBSPOT_SOURCES = {
  script: ["https://*.hsforms.net", "https://*.hsforms.com", "https://static.hsappstatic.net"],
  connect: ["https://*.hsforms.com", "https://*.hsforms.net", "https://forms.hubspot.com"],
  frame: ["https://*.hsforms.net", "https://*.hsforms.com", "https://forms.hubspot.com"],
  img: ["https://*.hsforms.com", "https://*.hsforms.net", "https://static.hsappstatic.net"],
  formAction: ["https://*.hsforms.com", "https://forms.hubspot.com"],
} as const;

/**
 * HubSpot's file hosts per region, for images in a form's rich text (HubSpot's file
 * manager serves `https://<portalId>.fs1.hubspotusercontent-<region>.net/hubfs/...`;
 * na1 portals also have files on the hosts before regions: `f.hubspotusercontent00`
 * to `40.net` and `cdn2.hubspot.net`).
 */
export const HUBSPOT_FILE_HOSTS: Readonly<Record<HubSpotRegion, readonly string[]>> = {
  na1: [
    "https://*.hubspotusercontent-na1.net",
    "https://f.hubspotusercontent00.net",
    "https://f.hubspotusercontent10.net",
    "https://f.hubspotusercontent20.net",
    "https://f.hubspotusercontent30.net",
    "https://f.hubspotusercontent40.net",
    "https://cdn2.hubspot.net",
  ],
  na2: ["https://*.hubspotusercontent-na2.net"],
  eu1: ["https://*.hubspotusercontent-eu1.net"],
  ap1: ["https://*.hubspotusercontent-ap1.net"],
};

/**
 * Google reCAPTCHA, which HubSpot adds to a form when the portal turns CAPTCHA on,
 * exactly as Google's reCAPTCHA FAQ asks for a policy without nonces.
 */
export const RECAPTCHA_SOURCES = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
} as const;

export interface CspInput extends PolicyConfig {
  /** Base64 SHA-256 digests of every inline executable script in the built HTML. */
  scriptHashes: readonly string[];
}

/**
 * The Content-Security-Policy of every response.
 *
 * Scripts: the prerendered pages carry inline scripts (Astro's island bootstrap, the
 * menu script, the request page's early mode choice). Their hashes, computed from the built
 * HTML at build time, allow exactly those scripts and no other inline code, so no
 * 'unsafe-inline' and no nonce (a static site cannot mint one per response).
 *
 * Styles: 'unsafe-inline'. The site's CSS is one inline <style> per page, which a hash
 * could cover, but HubSpot's embed injects <style> elements and style attributes at
 * run time, and components set style attributes that a hash cannot cover without
 * 'unsafe-hashes'. With script injection closed by the script hashes, inline styles
 * leave little to an attacker; we keep the form working instead.
 *
 * Third parties: HubSpot's and reCAPTCHA's hosts only when the site embeds HubSpot's
 * form, with the file hosts of its region; the chosen analytics' hosts (analyticsSources); none otherwise (the site's own form needs
 * nothing but 'self'). Violations are reported to the site's API when it has one.
 */
export function buildCsp({ scriptHashes, hubspot, reports, analytics }: CspInput): string {
  const hashes = [...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  const hs = hubspot
    ? {
        script: [...HUBSPOT_SOURCES.script, ...RECAPTCHA_SOURCES.script],
        connect: HUBSPOT_SOURCES.connect,
        frame: [...HUBSPOT_SOURCES.frame, ...RECAPTCHA_SOURCES.frame],
        img: [...HUBSPOT_SOURCES.img, ...HUBSPOT_FILE_HOSTS[hubspot.region]],
        formAction: HUBSPOT_SOURCES.formAction,
      }
    : { script: [], connect: [], frame: [], img: [], formAction: [] };
  const tracking = analyticsSources(analytics);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...hashes, ...hs.script, ...tracking.script],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", ...hs.img, ...tracking.img],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...hs.connect, ...tracking.connect],
    // The site frames nothing of its own.
    hs.frame.length > 0 ? ["frame-src", ...hs.frame] : ["frame-src", "'none'"],
    ["form-action", "'self'", ...hs.formAction],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ];
  if (reports) {
    // report-to for browsers with the Reporting API (they then ignore report-uri), report-uri for the others.
    directives.push(["report-uri", CSP_REPORT_PATH], ["report-to", CSP_REPORT_GROUP]);
  }
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** The editor's page (app/admin/build-editor.ts), in a build with an editor. */
export const EDITOR_PATH = "/admin";

/**
 * The editor's own policy (docs/decisions/0022-git-based-editor.md). Decap compiles its
 * configuration's schema with `new Function` (Ajv) and styles itself with Emotion's inline
 * `<style>` elements, so this page alone allows 'unsafe-eval' and inline styles; it loads
 * nothing but its own files, talks to its own origin's API alone (server/editor/api.ts), posts
 * only its sign-out form there, and draws its preview in a frame of its own origin. No visitor
 * page is affected.
 */
export function editorCsp(): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", "'unsafe-eval'"],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["frame-src", "'self'"],
    ["form-action", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** The editor page's headers: its policy, and never indexed. */
export function editorHeaders(): Readonly<Record<string, string>> {
  return { ...securityHeaders(editorCsp()), "X-Robots-Tag": "noindex, nofollow" };
}

/**
 * The editor's page where it must never run: a static host, which cannot answer its sign-in nor
 * keep the site's pages off the editor's origin (docs/deployment/editor.md). A policy that runs
 * nothing, so no token is ever kept in the storage of the origin it is served on.
 */
export function inertEditorHeaders(): Readonly<Record<string, string>> {
  const csp = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";
  return { ...documentHeaders(csp), "X-Robots-Tag": "noindex, nofollow" };
}

/** Powerful features the site never uses, switched off for it and for any frame it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** The Reporting API's endpoint for the policy's `report-to` group. */
export const REPORTING_ENDPOINTS_VALUE = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** The headers every response carries, whatever its type or status (HSTS is added per request). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { "X-Content-Type-Options": "nosniff" };

/**
 * The headers only a document uses (a page, the 404 page, the server's own HTML and
 * text answers): the CSP (about 2 KB) and the policies that govern what a page may
 * do; with `reports`, the Reporting API endpoint the policy's `report-to` names.
 * Scripts, styles, images and the other files of the build do not carry them.
 */
export function documentHeaders(csp: string, { reports = false } = {}): Readonly<Record<string, string>> {
  return {
    "Content-Security-Policy": csp,
    ...(reports ? { "Reporting-Endpoints": REPORTING_ENDPOINTS_VALUE } : {}),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // frame-ancestors 'none' says the same to current browsers; this is for older ones.
    "X-Frame-Options": "DENY",
  };
}

/** Every header a document carries: the common ones and the document-only ones. */
export function securityHeaders(csp: string, { reports = false } = {}): Readonly<Record<string, string>> {
  return { ...documentHeaders(csp, { reports }), ...COMMON_HEADERS };
}
