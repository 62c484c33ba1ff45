/**
 * The server's settings (docs/configuration.md): what only `npm start`, the `requests`
 * commands and the build's nginx configuration read, never inlined into the pages. With
 * the page settings (shared/site-config.ts) they make the whole configuration, validated
 * at once and reported in one format (shared/env.ts).
 */
import { join } from "node:path";
import { z } from "zod";
import {
  atLeastOne,
  configError,
  email,
  emailList,
  isOrigin,
  optional,
  origin,
  parseHttpUrl,
  seconds,
  splitList,
  wholeNumber,
  type Env,
} from "#shared/env.ts";
import { SITE_VARIABLES, siteSettings, type SiteConfig } from "#shared/site-config.ts";
import { SOURCE_KEYS, type SourceKey } from "#shared/invitation/request-source.ts";
import type { SourceFieldNames } from "./requests/hubspot/hubspot-submission";
import { decodeLinkSecret } from "./requests/answer-links";
import { SECRET_VARIABLES } from "./safe-errors";

/** How to write a password in a URL, for the messages below (which never quote the value). */
const ESCAPE_HINT =
  "percent-encode the user name and password (% as %25, # as %23, @ as %40, / as %2F, ? as %3F, : as %3A)";

/**
 * Why a URL that may hold a password cannot be used as the libraries will read it, or
 * null when it can: parsed, its user name and password decoded (escapes included), no
 * `#` (a `#` in a password starts the URL's fragment and cuts the password short).
 */
function credentialUrlProblem(value: string, protocols: readonly string[], usage: string): string | null {
  if (value.includes("#")) return `has a #, which ends the URL there: ${ESCAPE_HINT}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is not a valid URL: ${ESCAPE_HINT}`;
  }
  if (!protocols.includes(url.protocol)) return `must be ${usage}`;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return `has a bad percent-escape in its user name or password: ${ESCAPE_HINT}`;
  }
  if (url.hostname === "") return `must name a host: ${usage}`;
  return null;
}

/**
 * HUBSPOT_SOURCE_FIELDS: `utm_source=utm_source,landingPage=landing_page`, each source value
 * (shared/invitation/request-source.ts) and the HubSpot form's internal field name it goes to; null
 * when malformed. HubSpot's internal names are lowercase letters, digits and `_`.
 */
export function parseSourceFields(value: string): SourceFieldNames | null {
  const names: SourceFieldNames = {};
  for (const pair of splitList(value).filter((entry) => entry !== "")) {
    const [key, name, ...rest] = pair.split("=").map((part) => part.trim());
    if (rest.length > 0 || !SOURCE_KEYS.includes(key as SourceKey) || !HUBSPOT_FIELD_NAME.test(name ?? "")) {
      return null;
    }
    names[key as SourceKey] = name!;
  }
  return names;
}

/** A HubSpot form's internal field name: lowercase letters, digits and `_`. */
const HUBSPOT_FIELD_NAME = /^[a-z0-9_]{1,100}$/;

/**
 * Who tells a requester their request arrived (docs/product.md#notifications-and-privacy): the
 * site, by email through SMTP_URL, or HubSpot, by the form's own follow-up email.
 */
export const ACKNOWLEDGEMENT_SENDERS = ["site", "hubspot"] as const;

/** The mail server: smtp:// or smtps:// with a host (and user:password when it needs them). */
const smtpUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const usage = "an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465";
    const problem = credentialUrlProblem(value, ["smtp:", "smtps:"], usage);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * PostgreSQL's connection URL, checked as its driver (postgres.js) reads it: the first
 * host of a multi-host list (`host1,host2`) stands in for all of them.
 */
const databaseUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const usage = "a postgres:// or postgresql:// URL such as postgres://user:password@db.example.com:5432/network";
    const afterScheme = value.indexOf("://") === -1 ? "" : value.slice(value.indexOf("://") + 3);
    const hosts = afterScheme.split(/[?/]/)[0]!;
    const hostList = hosts.slice(hosts.lastIndexOf("@") + 1);
    const firstHost = hostList.split(",")[0]!;
    let problem = credentialUrlProblem(value.replace(hostList, firstHost), ["postgres:", "postgresql:"], usage);
    try {
      decodeURIComponent(hostList);
    } catch {
      problem ??= `has a bad percent-escape in its host: ${ESCAPE_HINT}`;
    }
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * This machine, for a server-side connection that may skip TLS (a local relay, a local
 * mail server): only names no DNS answer can send elsewhere. A browser's origin check is
 * broader (isLoopbackHost in shared/env.ts: browsers keep `*.localhost` local).
 */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** https, or http on this machine only (tests, a local relay or fake): for what carries personal data or a secret. */
export function isHttpsOrLoopback(value: string): boolean {
  const url = parseHttpUrl(value);
  return url !== null && (url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname));
}
const HTTPS_OR_LOOPBACK = "(http:// only on 127.0.0.1, localhost or [::1])";

/**
 * https, or http on this machine only: the body carries personal data. No user name or
 * password: fetch refuses such a URL and its error quotes it whole.
 */
const webhookUrl = z
  .string()
  .trim()
  .refine(isHttpsOrLoopback, `must be an https:// URL ${HTTPS_OR_LOOPBACK}`)
  .refine((value) => {
    const url = parseHttpUrl(value);
    return url === null || (url.username === "" && url.password === "");
  }, "must not hold a user name or password (user:password@): put the receiver's token in its path, or sign with NOTIFY_WEBHOOK_SECRET");

/** TEAM_LINK_SECRET: random bytes as hex or base64, checked as the links will use them (requests/answer-links.ts). */
const linkSecret = z.string().superRefine((value, ctx) => {
  const decoded = decodeLinkSecret(value);
  if ("problem" in decoded) ctx.addIssue({ code: "custom", message: decoded.problem });
});

/** An IndexNow key (IndexNow's protocol): 8 to 128 letters, digits and dashes; its file is `/<key>.txt`. */
export const INDEXNOW_KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;

/** Who may edit (EDITORS): whole addresses, and domains (`@network.example`) whose every address may. */
export interface EditorList {
  addresses: readonly string[];
  domains: readonly string[];
}

/** EDITORS parsed, lower case; null when an entry is neither an address nor an @domain. */
export function parseEditors(value: string): EditorList | null {
  const entries = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return null;
  const addresses: string[] = [];
  const domains: string[] = [];
  for (const entry of entries) {
    if (/^@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry)) domains.push(entry.slice(1));
    else if (email.safeParse(entry).success && !entry.startsWith("@")) addresses.push(entry);
    else return null;
  }
  return { addresses, domains };
}

/** The server's variables, each validated on its own. */
const serverVariables = z.object({
  PORT: optional(wholeNumber("a port number"))
    .default("4173")
    .transform(Number)
    .refine((port) => port > 0 && port < 65536, "must be a port number between 1 and 65535"),
  // The relay posts visitors' requests there: never in clear but to a fake on this machine.
  HUBSPOT_API_ORIGIN: optional(
    origin.refine(isHttpsOrLoopback, `must be an https:// origin ${HTTPS_OR_LOOPBACK}`),
  ).default("https://api.hsforms.com"),
  HUBSPOT_SOURCE_FIELDS: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => parseSourceFields(value) !== null,
        `must be comma-separated key=field pairs, each key one of ${SOURCE_KEYS.join(", ")} (e.g. utm_source=utm_source,landingPage=landing_page)`,
      ),
  ),
  HUBSPOT_ROLE_FIELD: optional(
    z
      .string()
      .trim()
      .regex(HUBSPOT_FIELD_NAME, "must be the internal name of a field of the HubSpot forms, e.g. role_of_interest"),
  ),
  DATA_DIR: optional(z.string().trim().min(1, "must not be blank")).default("./data"),
  RELEASES_DIR: optional(z.string().trim().min(1, "must not be blank")),
  DATABASE_URL: optional(databaseUrl),
  RATE_LIMIT_MAX: atLeastOne("a whole number of requests", "10"),
  RATE_LIMIT_WINDOW_SECONDS: atLeastOne("a whole number of seconds", "600"),
  TRUST_PROXY: optional(wholeNumber("the number of proxies in front of the server (0 for none)"))
    .default("0")
    .transform(Number),
  ALLOWED_ORIGINS: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => value === "" || value.split(",").every((entry) => isOrigin(entry.trim())),
        "must be absolute http(s) origins such as https://staging.example.com, separated by commas",
      ),
  ),
  API_UPSTREAM: optional(
    z
      .string()
      .trim()
      .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, "must be host:port, such as 127.0.0.1:4173"),
  ),
  DELIVERY_RETRY_MIN_SECONDS: seconds("2"),
  DELIVERY_RETRY_MAX_SECONDS: seconds("600"),
  DELIVERY_TIMEOUT_SECONDS: seconds("10"),
  DELIVERY_LEASE_SECONDS: seconds("60"),
  RELAY_MAX_PER_10_SECONDS: atLeastOne("a whole number of submissions", "40"),
  SMTP_URL: optional(smtpUrl),
  NOTIFY_EMAIL_TO: optional(emailList),
  NOTIFY_EMAIL_FROM: optional(email),
  NOTIFY_WEBHOOK_URL: optional(webhookUrl),
  NOTIFY_WEBHOOK_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  ACKNOWLEDGEMENT_SENDER: optional(
    z.enum(ACKNOWLEDGEMENT_SENDERS, { error: `must be one of ${ACKNOWLEDGEMENT_SENDERS.join(", ")}` }),
  ),
  // The 48-hour promise (docs/product.md#the-48-hour-promise): the answer links' key, and the team's reminders.
  TEAM_LINK_SECRET: optional(linkSecret),
  REPLY_REMINDERS: optional(z.enum(["on", "off"], "must be on or off")).default("on"),
  // Who may sign in to the editor on EDITOR_ORIGIN (server/editor/): addresses and @domain entries.
  EDITORS: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => parseEditors(value) !== null,
        "must be email addresses and @domain entries separated by commas, e.g. ana@network.example,@network.example",
      ),
  ),
  // Pushes to search engines (server/search/): the Google service account's key file, read by the server only.
  GOOGLE_INDEXING_KEY_FILE: optional(z.string().trim().min(1, "must not be blank")),
  // The access token goes there: never in clear but to a fake on this machine.
  GOOGLE_INDEXING_API_ORIGIN: optional(
    origin.refine(isHttpsOrLoopback, `must be an https:// origin ${HTTPS_OR_LOOPBACK}`),
  ).default("https://indexing.googleapis.com"),
  INDEXNOW_KEY: optional(
    z
      .string()
      .trim()
      .regex(INDEXNOW_KEY_PATTERN, "must be 8 to 128 characters, each a letter (a-z, A-Z), a digit or -"),
  ),
  INDEXNOW_ENDPOINT: optional(
    z.string().trim().refine(isHttpsOrLoopback, `must be an https:// URL ${HTTPS_OR_LOOPBACK}`),
  ).default("https://api.indexnow.org/indexnow"),
});

/**
 * The server's settings; the sender of the team's emails defaults to the site's CONTACT_EMAIL,
 * and the requester's acknowledgement to HubSpot's when the forms are HubSpot's.
 */
const serverSettings = (site: Pick<SiteConfig, "contactEmail" | "siteName" | "hubspot"> | null) =>
  serverVariables
    .superRefine((env, ctx) => {
      // Email needs both the mail server and someone to tell; one without the other is a mistake.
      if (env.SMTP_URL !== undefined && env.NOTIFY_EMAIL_TO === undefined) {
        ctx.addIssue({ code: "custom", path: ["NOTIFY_EMAIL_TO"], message: "must be set when SMTP_URL is set" });
      }
      if (env.NOTIFY_EMAIL_TO !== undefined && env.SMTP_URL === undefined) {
        ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "must be set when NOTIFY_EMAIL_TO is set" });
      }
      // The site sends acknowledgements through the mail server; HubSpot, only for its own forms.
      if (env.ACKNOWLEDGEMENT_SENDER === "site" && env.SMTP_URL === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message: "must be set when ACKNOWLEDGEMENT_SENDER is site",
        });
      }
      // Unknown while the page settings are wrong themselves: their own errors are reported.
      if (env.ACKNOWLEDGEMENT_SENDER === "hubspot" && site && !site.hubspot) {
        ctx.addIssue({
          code: "custom",
          path: ["ACKNOWLEDGEMENT_SENDER"],
          message: "can be hubspot only with HUBSPOT_PORTAL_ID and the form ids set",
        });
      }
      if (env.NOTIFY_WEBHOOK_SECRET !== undefined && env.NOTIFY_WEBHOOK_URL === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["NOTIFY_WEBHOOK_URL"],
          message: "must be set when NOTIFY_WEBHOOK_SECRET is set",
        });
      }
    })
    .superRefine((env, ctx) => {
      if (env.DELIVERY_RETRY_MAX_SECONDS < env.DELIVERY_RETRY_MIN_SECONDS) {
        ctx.addIssue({
          code: "custom",
          path: ["DELIVERY_RETRY_MAX_SECONDS"],
          message: "must not be less than DELIVERY_RETRY_MIN_SECONDS",
        });
      }
      // A claim must outlast the submission it covers, or a second server could send the row too.
      if (env.DELIVERY_LEASE_SECONDS <= env.DELIVERY_TIMEOUT_SECONDS * 2) {
        ctx.addIssue({
          code: "custom",
          path: ["DELIVERY_LEASE_SECONDS"],
          message: "must be more than twice DELIVERY_TIMEOUT_SECONDS",
        });
      }
    })
    .transform((value) => ({
      port: value.PORT,
      server: {
        /** Folder of the SQLite database of invitation requests, and of the control socket (releases/control.ts). */
        dataDir: value.DATA_DIR,
        /** Where `npm run update` builds each release in a folder of its own (releases/on-disk.ts). */
        releasesDir: value.RELEASES_DIR ?? join(value.DATA_DIR, "releases"),
        /** PostgreSQL connection string; when set, requests are stored there instead. */
        databaseUrl: value.DATABASE_URL ?? null,
        /** Origin of HubSpot's Forms Submission API that stored requests are relayed to. */
        hubspotApiOrigin: new URL(value.HUBSPOT_API_ORIGIN).origin,
        /** The HubSpot form's hidden fields that take each source value (HUBSPOT_SOURCE_FIELDS); none by default. */
        hubspotSourceFields: parseSourceFields(value.HUBSPOT_SOURCE_FIELDS ?? "") ?? {},
        /** The HubSpot form's hidden field that takes the title of the role a request is about (HUBSPOT_ROLE_FIELD); null: not sent. */
        hubspotRoleField: value.HUBSPOT_ROLE_FIELD ?? null,
        /** Requests accepted per client address within the window, before 429. */
        rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_SECONDS * 1000 },
        /** How many proxies in front of the server append to X-Forwarded-For (0: use the socket address). */
        trustProxyHops: value.TRUST_PROXY,
        /** Origins besides SITE_URL's whose pages may post to the API (ALLOWED_ORIGINS; a staging host, say). */
        extraOrigins: (value.ALLOWED_ORIGINS ?? "")
          .split(",")
          .filter((entry) => entry.trim() !== "")
          .map((entry) => new URL(entry.trim()).origin),
        /** How the relay and the notifications retry and time their sends (requests/outbox/delivery-loop.ts). */
        delivery: {
          /** First wait after a channel fails; doubles per failure. */
          retryMinMs: value.DELIVERY_RETRY_MIN_SECONDS * 1000,
          /** The longest wait between two attempts. */
          retryMaxMs: value.DELIVERY_RETRY_MAX_SECONDS * 1000,
          /** How long one submission or delivery may take before it counts as failed and is retried. */
          timeoutMs: value.DELIVERY_TIMEOUT_SECONDS * 1000,
          /** How long a server's claim on a row lasts; a killed server's claims are taken over after it. */
          leaseMs: value.DELIVERY_LEASE_SECONDS * 1000,
        },
        /**
         * Who may sign in to the editor (EDITORS, docs/decisions/0028-editor-signs-in-by-email.md): addresses
         * and domains, lower case; null: no one.
         */
        editors: value.EDITORS === undefined ? null : parseEditors(value.EDITORS),
        /**
         * How the team answers a request and is reminded of it (docs/product.md#the-48-hour-promise): the key
         * that signs the answer links of its emails (TEAM_LINK_SECRET; null: the emails give the commands
         * instead), and whether it is reminded of a request still unanswered 12 hours before its reply-by
         * time, and told daily of those past it (REPLY_REMINDERS).
         */
        answers: {
          linkSecret: value.TEAM_LINK_SECRET === undefined ? null : linkSecretBytes(value.TEAM_LINK_SECRET),
          reminders: value.REPLY_REMINDERS === "on",
        },
        /**
         * Where the server pushes each change of a role's address (server/search/): Google's Indexing
         * API with the service account's key file, IndexNow with its key; each null when unset (off).
         */
        search: {
          google: value.GOOGLE_INDEXING_KEY_FILE
            ? { keyFile: value.GOOGLE_INDEXING_KEY_FILE, apiOrigin: new URL(value.GOOGLE_INDEXING_API_ORIGIN).origin }
            : null,
          indexNow: value.INDEXNOW_KEY ? { key: value.INDEXNOW_KEY, endpoint: value.INDEXNOW_ENDPOINT } : null,
        },
        /** Submissions to HubSpot one server sends per 10 seconds at most (HubSpot allows 50 on this endpoint). */
        relayMaxPer10Seconds: value.RELAY_MAX_PER_10_SECONDS,
        /** `host:port` of the Node server that the shipped nginx configuration sends /api/ to. */
        apiUpstream: value.API_UPSTREAM ?? `127.0.0.1:${value.PORT}`,
        /** Who the team is told of every request through (docs/product.md#notifications-and-privacy); both parts optional. */
        notifications: {
          /** Null unless both SMTP_URL and NOTIFY_EMAIL_TO are set. */
          email:
            value.SMTP_URL && value.NOTIFY_EMAIL_TO
              ? {
                  smtpUrl: value.SMTP_URL,
                  to: splitList(value.NOTIFY_EMAIL_TO),
                  from: value.NOTIFY_EMAIL_FROM ?? site?.contactEmail ?? "",
                }
              : null,
          /** Null unless NOTIFY_WEBHOOK_URL is set. */
          webhook: value.NOTIFY_WEBHOOK_URL
            ? { url: value.NOTIFY_WEBHOOK_URL, secret: value.NOTIFY_WEBHOOK_SECRET ?? null }
            : null,
          /**
           * The requester's acknowledgement, sent through the team's mail server from the same
           * sender, under the site's name, with Reply-To the site's public CONTACT_EMAIL. Null
           * unless email is set and the site sends it (ACKNOWLEDGEMENT_SENDER: `site`, the default
           * without HubSpot; `hubspot`, the default with it, leaves it to HubSpot's form).
           */
          acknowledgements:
            value.SMTP_URL &&
            value.NOTIFY_EMAIL_TO &&
            (value.ACKNOWLEDGEMENT_SENDER ?? (site?.hubspot ? "hubspot" : "site")) === "site"
              ? { fromName: site?.siteName ?? "", replyTo: site?.contactEmail ?? "" }
              : null,
        },
      },
    }));

function linkSecretBytes(value: string): Buffer {
  const decoded = decodeLinkSecret(value);
  if ("problem" in decoded) throw new Error("TEAM_LINK_SECRET was checked before it is read");
  return decoded.bytes;
}

/** What only the server reads: never inlined into the pages. */
export type ServerConfig = z.output<ReturnType<typeof serverSettings>>["server"];
export type DeliverySettings = ServerConfig["delivery"];
export type NotificationSettings = ServerConfig["notifications"];
export type SearchSettings = ServerConfig["search"];

export interface AppConfig {
  /** Safe to ship to the browser: every value here is public. */
  site: SiteConfig;
  port: number;
  server: ServerConfig;
}

/**
 * Old names still read (docs/configuration.md, "Old names"): the delivery settings were named
 * for the relay, though they time the team's notifications too. A new name wins over its old one.
 */
export const OLD_VARIABLE_NAMES: Readonly<Record<string, string>> = {
  RELAY_RETRY_MIN_SECONDS: "DELIVERY_RETRY_MIN_SECONDS",
  RELAY_RETRY_MAX_SECONDS: "DELIVERY_RETRY_MAX_SECONDS",
  RELAY_TIMEOUT_SECONDS: "DELIVERY_TIMEOUT_SECONDS",
  RELAY_LEASE_SECONDS: "DELIVERY_LEASE_SECONDS",
};

/** The environment with each old name's value under its new name, and what to call a variable in an error. */
function withNewNames(env: Env): { env: Env; nameAsSet: (name: string) => string } {
  const renamed: Env = { ...env };
  const setAs = new Map<string, string>();
  for (const [old, name] of Object.entries(OLD_VARIABLE_NAMES)) {
    if (env[name] !== undefined || env[old] === undefined) continue;
    renamed[name] = env[old];
    setAs.set(name, old);
  }
  return { env: renamed, nameAsSet: (name) => setAs.get(name) ?? name };
}

/** Every variable the configuration reads (docs/configuration.md lists each, checked by scripts/checks/settings-list.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = [
  ...SITE_VARIABLES,
  ...Object.keys(serverVariables.shape),
  ...Object.keys(OLD_VARIABLE_NAMES),
];

/** Parses and validates the whole environment; throws a ConfigError naming every bad variable of either part. */
export function parseConfig(given: Env): AppConfig {
  const { env, nameAsSet } = withNewNames(given);
  const site = siteSettings.safeParse(env);
  const server = serverSettings(site.success ? site.data : null).safeParse(env);
  if (!site.success || !server.success) {
    // A malformed value is named as the operator set it, old name or new.
    const issues = [...(site.error?.issues ?? []), ...(server.error?.issues ?? [])].map((issue) =>
      issue.path.length > 0 ? { ...issue, path: [nameAsSet(String(issue.path[0])), ...issue.path.slice(1)] } : issue,
    );
    throw configError(issues, given, SECRET_VARIABLES);
  }
  return { site: site.data, ...server.data };
}
