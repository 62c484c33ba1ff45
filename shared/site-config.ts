import { z } from "zod";
import { DEFAULT_HUBSPOT_REGION } from "./hubspot-hosts";
import {
  configError,
  email,
  httpsUrlList,
  httpUrl,
  isLoopbackHost,
  name,
  optional,
  origin,
  parseHttpUrl,
  splitList,
  wholeNumber,
  type Env,
} from "#shared/env.ts";

/**
 * The settings the pages read (docs/product.md#configuration): public values, inlined into the build
 * (app/config/site.ts). The server's own settings are in server/config.ts.
 */

/** HubSpot's data regions (HUBSPOT_REGION). */
export const HUBSPOT_REGIONS = ["na1", "na2", "eu1", "ap1"] as const;
export type HubSpotRegion = (typeof HUBSPOT_REGIONS)[number];
/** Which embed the portal's forms need (HUBSPOT_EMBED, docs/product.md#nothing-lost). */
export const HUBSPOT_EMBEDS = ["legacy", "current"] as const;
export type HubSpotEmbedKind = (typeof HUBSPOT_EMBEDS)[number];
/** The portal's data-privacy basis for the forms (HUBSPOT_LEGAL_BASIS, docs/product.md#where-requests-come-from). */
export const LEGAL_BASES = ["consent", "legitimate-interest"] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];
/** Which analytics the pages load after they are interactive (ANALYTICS); none by default. */
export const ANALYTICS_KINDS = ["hubspot", "plausible"] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];
/** Plausible's own script (PLAUSIBLE_SCRIPT_URL's default); a self-hosted one is set instead. */
export const PLAUSIBLE_DEFAULT_SCRIPT_URL = "https://plausible.io/js/script.js";

/**
 * The site facts a fresh checkout runs with: example values, so the README's
 * `npm install && npm start` needs no setup. A build or start for a public SITE_URL
 * refuses each one still at its example (docs/configuration.md).
 */
export const EXAMPLE_SITE_FACTS = {
  CONTACT_EMAIL: "invitations@example.com",
  PRIVACY_POLICY_URL: "https://example.com/privacy",
  SUPPORTER_NAME: "Example Talent Technologies",
  SUPPORTER_URL: "https://example.com",
} as const;
const DEFAULT_SITE_URL = "http://localhost:4173";
/** The specification's promise: an answer within 48 hours, both modes (REPLY_WITHIN_HOURS's default). */
export const SPEC_REPLY_WITHIN_HOURS = 48;
/** The longest promise REPLY_WITHIN_HOURS takes: 30 days, the window `requests -- status` measures it over. */
export const MAX_REPLY_WITHIN_HOURS = 720;

const HUBSPOT_IDS = ["HUBSPOT_PORTAL_ID", "HUBSPOT_FORM_ID_CANDIDATE", "HUBSPOT_FORM_ID_EMPLOYER"] as const;

/** The page settings' variables, each validated on its own. */
const siteVariables = z.object({
  SITE_URL: optional(origin).default(DEFAULT_SITE_URL),
  SITE_NAME: optional(name).default("TA Leadership Network"),
  CONTACT_EMAIL: optional(email).default(EXAMPLE_SITE_FACTS.CONTACT_EMAIL),
  PRIVACY_POLICY_URL: optional(httpUrl).default(EXAMPLE_SITE_FACTS.PRIVACY_POLICY_URL),
  SUPPORTER_NAME: optional(name).default(EXAMPLE_SITE_FACTS.SUPPORTER_NAME),
  SUPPORTER_URL: optional(httpUrl).default(EXAMPLE_SITE_FACTS.SUPPORTER_URL),
  NETWORK_PROFILE_URLS: optional(httpsUrlList),
  HUBSPOT_PORTAL_ID: optional(z.string().trim().regex(/^\d+$/, "must be a numeric HubSpot portal id")),
  HUBSPOT_FORM_ID_CANDIDATE: optional(z.uuid("must be a HubSpot form id (a UUID)")),
  HUBSPOT_FORM_ID_EMPLOYER: optional(z.uuid("must be a HubSpot form id (a UUID)")),
  HUBSPOT_REGION: optional(z.enum(HUBSPOT_REGIONS, `must be one of ${HUBSPOT_REGIONS.join(", ")}`)).default(
    DEFAULT_HUBSPOT_REGION,
  ),
  HUBSPOT_EMBED: optional(z.enum(HUBSPOT_EMBEDS, `must be one of ${HUBSPOT_EMBEDS.join(", ")}`)).default("legacy"),
  HUBSPOT_LEGAL_BASIS: optional(z.enum(LEGAL_BASES, `must be one of ${LEGAL_BASES.join(", ")}`)),
  HUBSPOT_SUBSCRIPTION_TYPE_ID: optional(wholeNumber("a HubSpot subscription type id (a whole number)")),
  ANALYTICS: optional(z.enum(ANALYTICS_KINDS, `must be one of ${ANALYTICS_KINDS.join(", ")}`)),
  PLAUSIBLE_SCRIPT_URL: optional(httpUrl.refine((value) => value.startsWith("https://"), "must be an https URL")),
  INVITATION_API: optional(z.enum(["on", "off"], "must be on or off")).default("on"),
  // Where /admin, its sign-in and its API are served (docs/deployment/editor.md): the editor's
  // session cookie belongs to that origin alone, out of reach of the public pages' scripts.
  EDITOR_ORIGIN: optional(
    origin.refine((value) => {
      const url = new URL(value);
      return url.protocol === "https:" || isLoopbackHost(url.hostname);
    }, "must be an https:// origin (http:// only on loopback: localhost, 127.0.0.1, [::1])"),
  ),
  // Set by `npm run edit` (scripts/edit/edit.ts) for the editor's local backend; never by a deployment.
  CMS_LOCAL_BACKEND: optional(
    httpUrl.refine((value) => isLoopbackHost(new URL(value).hostname), "must be on this machine (a loopback URL)"),
  ),
  REQUEST_RETENTION_DAYS: optional(wholeNumber("a whole number of days"))
    .default("365")
    .transform(Number)
    .refine((days) => days > 0, "must be at least 1"),
  REPLY_WITHIN_HOURS: optional(wholeNumber("a whole number of hours"))
    .default(String(SPEC_REPLY_WITHIN_HOURS))
    .transform(Number)
    .refine(
      (hours) => hours >= 1 && hours <= MAX_REPLY_WITHIN_HOURS,
      `must be between 1 and ${MAX_REPLY_WITHIN_HOURS} hours`,
    ),
});

/** Everything that differs between deployments and reaches the pages; parsed, its shape is SiteConfig. */
export const siteSettings = siteVariables
  .superRefine((env, ctx) => {
    // A deployment must not go live with a contact address that bounces or a supporter that is not its own.
    // A malformed SITE_URL has its own message; only a public one asks for the deployment's facts.
    const hostname = parseHttpUrl(env.SITE_URL)?.hostname;
    if (hostname === undefined || isLoopbackHost(hostname)) return;
    for (const [variable, example] of Object.entries(EXAMPLE_SITE_FACTS)) {
      if (env[variable as keyof typeof EXAMPLE_SITE_FACTS] !== example) continue;
      ctx.addIssue({
        code: "custom",
        path: [variable],
        message: `must be this deployment's own value: SITE_URL (${hostname}) is public, and "${example}" is the example every checkout starts with`,
      });
    }
  })
  .superRefine((env, ctx) => {
    const set = HUBSPOT_IDS.filter((id) => env[id] !== undefined);
    if (set.length === 0 || set.length === HUBSPOT_IDS.length) return;
    for (const id of HUBSPOT_IDS.filter((id) => env[id] === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [id],
        message: `must be set when ${set.join(" and ")} ${set.length === 1 ? "is" : "are"} set`,
      });
    }
  })
  .superRefine((env, ctx) => {
    // The supporter is the network's parent, not the network: never one of its own profiles (sameAs).
    const supporter = parseHttpUrl(env.SUPPORTER_URL)?.href;
    const theSupporters = splitList(env.NETWORK_PROFILE_URLS ?? "").find(
      (url) => parseHttpUrl(url)?.href === supporter,
    );
    if (theSupporters !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["NETWORK_PROFILE_URLS"],
        message: `must list the network's own profiles only: ${theSupporters} is SUPPORTER_URL, the parent organization's`,
      });
    }
  })
  .superRefine((env, ctx) => {
    // The editor's origin of its own (docs/deployment/editor.md): the build has the editor when it is set.
    if (env.EDITOR_ORIGIN === undefined) return;
    // A host of its own, not SITE_URL's on another port: nginx tells its server blocks apart by host name alone.
    const siteHost = parseHttpUrl(env.SITE_URL)?.hostname;
    if (siteHost !== undefined && siteHost === parseHttpUrl(env.EDITOR_ORIGIN)?.hostname) {
      ctx.addIssue({
        code: "custom",
        path: ["EDITOR_ORIGIN"],
        message: `must have a host of its own, not SITE_URL's (${siteHost}), such as edit.${siteHost}`,
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.INVITATION_API === "off" && env.HUBSPOT_PORTAL_ID === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["INVITATION_API"],
        message: "off needs the HubSpot ids: without HubSpot or the site's own API, requests would have nowhere to go",
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.ANALYTICS === "hubspot" && env.HUBSPOT_PORTAL_ID === undefined) {
      ctx.addIssue({ code: "custom", path: ["ANALYTICS"], message: "hubspot needs HUBSPOT_PORTAL_ID" });
    }
    // HubSpot's legitimateInterest names the subscription type it covers.
    if (env.HUBSPOT_LEGAL_BASIS === "legitimate-interest" && env.HUBSPOT_SUBSCRIPTION_TYPE_ID === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["HUBSPOT_SUBSCRIPTION_TYPE_ID"],
        message: "must be set when HUBSPOT_LEGAL_BASIS is legitimate-interest",
      });
    }
  })
  .transform((value) => ({
    /** Public origin without a trailing slash, e.g. `https://network.example`. */
    siteUrl: new URL(value.SITE_URL).origin,
    siteName: value.SITE_NAME,
    contactEmail: value.CONTACT_EMAIL,
    privacyPolicyUrl: value.PRIVACY_POLICY_URL,
    supporter: { name: value.SUPPORTER_NAME, url: value.SUPPORTER_URL },
    /** The network's own profiles elsewhere (its LinkedIn page...): structured data's sameAs and the footer. */
    networkProfiles: value.NETWORK_PROFILE_URLS === undefined ? [] : splitList(value.NETWORK_PROFILE_URLS),
    /** Null when the HubSpot ids are unset: the request page uses the site's own form. */
    hubspot:
      value.HUBSPOT_PORTAL_ID && value.HUBSPOT_FORM_ID_CANDIDATE && value.HUBSPOT_FORM_ID_EMPLOYER
        ? {
            portalId: value.HUBSPOT_PORTAL_ID,
            formIds: { candidate: value.HUBSPOT_FORM_ID_CANDIDATE, employer: value.HUBSPOT_FORM_ID_EMPLOYER },
            region: value.HUBSPOT_REGION,
            embed: value.HUBSPOT_EMBED,
          }
        : null,
    /**
     * Whether this deployment runs the site's own request API (`npm start`). Off only for
     * static-only hosting, which then needs HubSpot: a form that cannot send is never shown.
     */
    requestApi: value.INVITATION_API === "on",
    /**
     * The portal's legal basis and subscription type (HUBSPOT_LEGAL_BASIS, HUBSPOT_SUBSCRIPTION_TYPE_ID): what the own
     * form asks and the relay sends as legalConsentOptions; null: the notice only, as HubSpot's form without a
     * notice-and-consent block.
     */
    legalBasis: value.HUBSPOT_LEGAL_BASIS
      ? {
          basis: value.HUBSPOT_LEGAL_BASIS,
          subscriptionTypeId:
            value.HUBSPOT_SUBSCRIPTION_TYPE_ID === undefined ? null : Number(value.HUBSPOT_SUBSCRIPTION_TYPE_ID),
        }
      : null,
    /** What the pages load after they are interactive (ANALYTICS); null: nothing, no cookie. */
    analytics:
      value.ANALYTICS === "hubspot"
        ? { kind: "hubspot" as const, portalId: value.HUBSPOT_PORTAL_ID!, region: value.HUBSPOT_REGION }
        : value.ANALYTICS === "plausible"
          ? { kind: "plausible" as const, scriptUrl: value.PLAUSIBLE_SCRIPT_URL ?? PLAUSIBLE_DEFAULT_SCRIPT_URL }
          : null,
    /** REQUEST_RETENTION_DAYS: how long stored requests are kept; the form's privacy notice says so. */
    requestRetentionDays: value.REQUEST_RETENTION_DAYS,
    /**
     * REPLY_WITHIN_HOURS: the answer the site promises each requester, in hours (docs/product.md#the-48-hour-promise):
     * the confirmation and the emails say it (`{hours}` in content/), and each stored request is due by then.
     */
    replyWithinHours: value.REPLY_WITHIN_HOURS,
    /**
     * The editor at /admin (docs/decisions/0028-editor-signs-in-by-email.md): on EDITOR_ORIGIN, saving
     * through this server's API (server/editor/), or, under `npm run edit`, to this checkout through the
     * local backend; null: no editor, and no /admin in the build.
     */
    editor: value.CMS_LOCAL_BACKEND
      ? { backend: "local" as const, url: value.CMS_LOCAL_BACKEND }
      : value.EDITOR_ORIGIN !== undefined
        ? { backend: "server" as const }
        : null,
    /**
     * EDITOR_ORIGIN: where the editor (/admin), its sign-in and its API are served, and nowhere else
     * (docs/deployment/editor.md); null: no editor on the server.
     */
    editorOrigin: value.EDITOR_ORIGIN === undefined ? null : new URL(value.EDITOR_ORIGIN).origin,
  }));

/** Everything that differs between deployments and reaches the pages: every value here is public. */
export type SiteConfig = z.output<typeof siteSettings>;
export type HubSpotConfig = NonNullable<SiteConfig["hubspot"]>;

/** The variables the page settings read. */
export const SITE_VARIABLES: readonly string[] = Object.keys(siteVariables.shape);

/** Parses and validates the page settings; throws a ConfigError naming every bad variable. */
export function parseSiteConfig(env: Env): SiteConfig {
  const result = siteSettings.safeParse(env);
  if (!result.success) throw configError(result.error.issues, env);
  return result.data;
}
