import { z } from "zod";

/** Everything that differs between deployments (docs/product.md#configuration). */
export interface SiteConfig {
  /** Public origin without a trailing slash, e.g. `https://network.example`. */
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  privacyPolicyUrl: string;
  supporter: { name: string; url: string };
  /** `null` when the HubSpot ids are unset: the request page uses the site's own form. */
  hubspot: HubSpotConfig | null;
  /**
   * Whether this deployment runs the site's own request API (`npm start`). Off only for
   * static-only hosting, which then needs HubSpot: a form that cannot send is never shown.
   */
  requestApi: boolean;
  /** REQUEST_RETENTION_DAYS: how long stored requests are kept; the form's privacy notice says so. */
  requestRetentionDays: number;
}

/** HubSpot's data regions (HUBSPOT_REGION). */
export const HUBSPOT_REGIONS = ["na1", "na2", "eu1", "ap1"] as const;
export type HubSpotRegion = (typeof HUBSPOT_REGIONS)[number];
/** Which embed the portal's forms need (HUBSPOT_EMBED, docs/product.md#nothing-lost). */
export const HUBSPOT_EMBEDS = ["legacy", "current"] as const;
export type HubSpotEmbedKind = (typeof HUBSPOT_EMBEDS)[number];

export interface HubSpotConfig {
  portalId: string;
  formIds: { candidate: string; employer: string };
  region: HubSpotRegion;
  embed: HubSpotEmbedKind;
}

/** What only the server reads: never inlined into the pages. */
export interface ServerConfig {
  /** Folder of the SQLite database of invitation requests. */
  dataDir: string;
  /** PostgreSQL connection string; when set, requests are stored there instead. */
  databaseUrl: string | null;
  /** Origin of HubSpot's Forms Submission API that stored requests are relayed to. */
  hubspotApiOrigin: string;
  /** Requests accepted per client address within the window, before 429. */
  rateLimit: { max: number; windowMs: number };
  /** How many proxies in front of the server append to X-Forwarded-For (0: use the socket address). */
  trustProxyHops: number;
  /** Origins besides SITE_URL's whose pages may post to the API (ALLOWED_ORIGINS; a staging host, say). */
  extraOrigins: string[];
  /** How the relay to HubSpot's Forms Submission API paces and retries. */
  relay: RelaySettings;
  /** `host:port` of the Node server that the shipped nginx configuration sends /api/ to. */
  apiUpstream: string;
  /** Who the team is told of every request through (docs/product.md#notifications-and-privacy); both parts optional. */
  notifications: NotificationSettings;
}

/** The team's notifications (SMTP_URL, NOTIFY_*): email and webhook, each on when configured. */
export interface NotificationSettings {
  /** Null unless both SMTP_URL and NOTIFY_EMAIL_TO are set. */
  email: { smtpUrl: string; to: string[]; from: string } | null;
  /** Null unless NOTIFY_WEBHOOK_URL is set. */
  webhook: { url: string; secret: string | null } | null;
}

export interface RelaySettings {
  /** First wait after HubSpot fails (5xx, 429 without Retry-After, timeout); doubles per failure. */
  retryMinMs: number;
  /** The longest wait between two attempts. */
  retryMaxMs: number;
  /** How long one submission may take before it counts as failed and is retried. */
  timeoutMs: number;
  /** How long a server's claim on a row lasts; a killed server's claims are taken over after it. */
  leaseMs: number;
  /** Submissions one server sends per 10 seconds at most (HubSpot allows 50 on this endpoint). */
  maxPer10Seconds: number;
}

export interface AppConfig {
  /** Safe to ship to the browser: every value here is public. */
  site: SiteConfig;
  port: number;
  server: ServerConfig;
}

export type Env = Record<string, string | undefined>;

// An empty variable counts as unset, so `SITE_URL= npm run build` falls back to the default.
const optional = <T extends z.ZodType<string, string>>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const httpUrl = z
  .string()
  .trim()
  .refine((value) => parseHttpUrl(value) !== null, "must be an absolute http(s) URL");

const origin = z
  .string()
  .trim()
  .refine((value) => {
    const url = parseHttpUrl(value);
    return url !== null && url.pathname === "/" && !url.search && !url.hash;
  }, "must be an absolute http(s) origin such as https://example.com, without a path, query or fragment");

const wholeNumber = (what: string) => z.string().trim().regex(/^\d+$/, `must be ${what}`);

/** A duration in seconds, fractions allowed (`0.5`), more than 0. */
const seconds = (fallback: string) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "must be a number of seconds, such as 2 or 0.5"),
  )
    .default(fallback)
    .transform(Number)
    .refine((value) => value > 0, "must be more than 0");

const email = z.string().trim().pipe(z.email("must be an email address"));

const splitList = (value: string) => value.split(",").map((part) => part.trim());

/** One or more addresses, comma-separated. */
const emailList = z
  .string()
  .trim()
  .refine(
    (value) => splitList(value).every((address) => z.email().safeParse(address).success),
    "must be one or more email addresses, separated by commas",
  );

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

/** A zod check from `credentialUrlProblem`, its message the problem found. */
const credentialUrl = (protocols: readonly string[], usage: string) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = credentialUrlProblem(value, protocols, usage);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** The mail server: smtp:// or smtps:// with a host (and user:password when it needs them). */
const smtpUrl = credentialUrl(
  ["smtp:", "smtps:"],
  "an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
);

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

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * https, or http on this machine only (tests, a local relay): the body carries personal
 * data. No user name or password: fetch refuses such a URL and its error quotes it whole.
 */
const webhookUrl = z
  .string()
  .trim()
  .refine((value) => {
    const url = parseHttpUrl(value);
    return url !== null && (url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname));
  }, "must be an https:// URL (http:// only on 127.0.0.1, localhost or [::1])")
  .refine((value) => {
    const url = parseHttpUrl(value);
    return url === null || (url.username === "" && url.password === "");
  }, "must not hold a user name or password (user:password@): put the receiver's token in its path, or sign with NOTIFY_WEBHOOK_SECRET");
const name = z.string().trim().min(1, "must not be blank");

const envSchema = z
  .object({
    SITE_URL: optional(origin).default("http://localhost:4173"),
    SITE_NAME: optional(name).default("TA Leadership Network"),
    CONTACT_EMAIL: optional(email).default("invitations@example.com"),
    PRIVACY_POLICY_URL: optional(httpUrl).default("https://example.com/privacy"),
    SUPPORTER_NAME: optional(name).default("Example Talent Technologies"),
    SUPPORTER_URL: optional(httpUrl).default("https://example.com"),
    HUBSPOT_PORTAL_ID: optional(z.string().trim().regex(/^\d+$/, "must be a numeric HubSpot portal id")),
    HUBSPOT_FORM_ID_CANDIDATE: optional(z.uuid("must be a HubSpot form id (a UUID)")),
    HUBSPOT_FORM_ID_EMPLOYER: optional(z.uuid("must be a HubSpot form id (a UUID)")),
    PORT: optional(wholeNumber("a port number"))
      .default("4173")
      .transform(Number)
      .refine((port) => port > 0 && port < 65536, "must be a port number between 1 and 65535"),
    HUBSPOT_REGION: optional(z.enum(HUBSPOT_REGIONS, `must be one of ${HUBSPOT_REGIONS.join(", ")}`)).default("na1"),
    HUBSPOT_EMBED: optional(z.enum(HUBSPOT_EMBEDS, `must be one of ${HUBSPOT_EMBEDS.join(", ")}`)).default("legacy"),
    HUBSPOT_API_ORIGIN: optional(origin).default("https://api.hsforms.com"),
    INVITATION_API: optional(z.enum(["on", "off"], "must be on or off")).default("on"),
    DATA_DIR: optional(z.string().trim().min(1, "must not be blank")).default("./data"),
    DATABASE_URL: optional(databaseUrl),
    RATE_LIMIT_MAX: optional(wholeNumber("a whole number of requests"))
      .default("10")
      .transform(Number)
      .refine((max) => max > 0, "must be at least 1"),
    RATE_LIMIT_WINDOW_SECONDS: optional(wholeNumber("a whole number of seconds"))
      .default("600")
      .transform(Number)
      .refine((seconds) => seconds > 0, "must be at least 1"),
    TRUST_PROXY: optional(wholeNumber("the number of proxies in front of the server (0 for none)"))
      .default("0")
      .transform(Number),
    ALLOWED_ORIGINS: optional(
      z
        .string()
        .trim()
        .refine(
          (value) =>
            value === "" ||
            value.split(",").every((entry) => {
              const url = parseHttpUrl(entry.trim());
              return url !== null && url.pathname === "/" && !url.search && !url.hash;
            }),
          "must be absolute http(s) origins such as https://staging.example.com, separated by commas",
        ),
    ),
    API_UPSTREAM: optional(
      z
        .string()
        .trim()
        .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, "must be host:port, such as 127.0.0.1:4173"),
    ),
    RELAY_RETRY_MIN_SECONDS: seconds("2"),
    RELAY_RETRY_MAX_SECONDS: seconds("600"),
    RELAY_TIMEOUT_SECONDS: seconds("10"),
    RELAY_LEASE_SECONDS: seconds("60"),
    RELAY_MAX_PER_10_SECONDS: optional(wholeNumber("a whole number of submissions"))
      .default("40")
      .transform(Number)
      .refine((max) => max > 0, "must be at least 1"),
    SMTP_URL: optional(smtpUrl),
    NOTIFY_EMAIL_TO: optional(emailList),
    NOTIFY_EMAIL_FROM: optional(email),
    NOTIFY_WEBHOOK_URL: optional(webhookUrl),
    NOTIFY_WEBHOOK_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
    REQUEST_RETENTION_DAYS: optional(wholeNumber("a whole number of days"))
      .default("365")
      .transform(Number)
      .refine((days) => days > 0, "must be at least 1"),
  })
  .superRefine((env, ctx) => {
    // Email needs both the mail server and someone to tell; one without the other is a mistake.
    if (env.SMTP_URL !== undefined && env.NOTIFY_EMAIL_TO === undefined) {
      ctx.addIssue({ code: "custom", path: ["NOTIFY_EMAIL_TO"], message: "must be set when SMTP_URL is set" });
    }
    if (env.NOTIFY_EMAIL_TO !== undefined && env.SMTP_URL === undefined) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "must be set when NOTIFY_EMAIL_TO is set" });
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
    const ids = ["HUBSPOT_PORTAL_ID", "HUBSPOT_FORM_ID_CANDIDATE", "HUBSPOT_FORM_ID_EMPLOYER"] as const;
    const set = ids.filter((id) => env[id] !== undefined);
    if (set.length === 0 || set.length === ids.length) return;
    for (const id of ids.filter((id) => env[id] === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [id],
        message: `must be set when ${set.join(" and ")} ${set.length === 1 ? "is" : "are"} set`,
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.RELAY_RETRY_MAX_SECONDS < env.RELAY_RETRY_MIN_SECONDS) {
      ctx.addIssue({
        code: "custom",
        path: ["RELAY_RETRY_MAX_SECONDS"],
        message: "must not be less than RELAY_RETRY_MIN_SECONDS",
      });
    }
    // A claim must outlast the submission it covers, or a second server could send the row too.
    if (env.RELAY_LEASE_SECONDS <= env.RELAY_TIMEOUT_SECONDS * 2) {
      ctx.addIssue({
        code: "custom",
        path: ["RELAY_LEASE_SECONDS"],
        message: "must be more than twice RELAY_TIMEOUT_SECONDS",
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
  });

/** Variables whose value may hold a credential: named in errors, never quoted. */
export const SECRET_VARIABLES = new Set(["SMTP_URL", "DATABASE_URL", "NOTIFY_WEBHOOK_URL", "NOTIFY_WEBHOOK_SECRET"]);

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses and validates the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Env): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? "configuration");
      // A secret (a password in a URL, the signing key, a Slack hook's token) is never echoed.
      const value = SECRET_VARIABLES.has(variable) ? undefined : env[variable];
      return `  ${variable}: ${issue.message}${value ? ` (got "${value}")` : ""}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = result.data;
  const hubspot =
    value.HUBSPOT_PORTAL_ID && value.HUBSPOT_FORM_ID_CANDIDATE && value.HUBSPOT_FORM_ID_EMPLOYER
      ? {
          portalId: value.HUBSPOT_PORTAL_ID,
          formIds: { candidate: value.HUBSPOT_FORM_ID_CANDIDATE, employer: value.HUBSPOT_FORM_ID_EMPLOYER },
          region: value.HUBSPOT_REGION,
          embed: value.HUBSPOT_EMBED,
        }
      : null;
  return {
    site: {
      siteUrl: new URL(value.SITE_URL).origin,
      siteName: value.SITE_NAME,
      contactEmail: value.CONTACT_EMAIL,
      privacyPolicyUrl: value.PRIVACY_POLICY_URL,
      supporter: { name: value.SUPPORTER_NAME, url: value.SUPPORTER_URL },
      hubspot,
      requestApi: value.INVITATION_API === "on",
      requestRetentionDays: value.REQUEST_RETENTION_DAYS,
    },
    port: value.PORT,
    server: {
      dataDir: value.DATA_DIR,
      databaseUrl: value.DATABASE_URL ?? null,
      hubspotApiOrigin: new URL(value.HUBSPOT_API_ORIGIN).origin,
      rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_SECONDS * 1000 },
      trustProxyHops: value.TRUST_PROXY,
      extraOrigins: (value.ALLOWED_ORIGINS ?? "")
        .split(",")
        .filter((entry) => entry.trim() !== "")
        .map((entry) => new URL(entry.trim()).origin),
      relay: {
        retryMinMs: value.RELAY_RETRY_MIN_SECONDS * 1000,
        retryMaxMs: value.RELAY_RETRY_MAX_SECONDS * 1000,
        timeoutMs: value.RELAY_TIMEOUT_SECONDS * 1000,
        leaseMs: value.RELAY_LEASE_SECONDS * 1000,
        maxPer10Seconds: value.RELAY_MAX_PER_10_SECONDS,
      },
      apiUpstream: value.API_UPSTREAM ?? `127.0.0.1:${value.PORT}`,
      notifications: {
        email:
          value.SMTP_URL && value.NOTIFY_EMAIL_TO
            ? {
                smtpUrl: value.SMTP_URL,
                to: splitList(value.NOTIFY_EMAIL_TO),
                from: value.NOTIFY_EMAIL_FROM ?? value.CONTACT_EMAIL,
              }
            : null,
        webhook: value.NOTIFY_WEBHOOK_URL
          ? { url: value.NOTIFY_WEBHOOK_URL, secret: value.NOTIFY_WEBHOOK_SECRET ?? null }
          : null,
      },
    },
  };
}

/** Every variable the schema reads (docs/configuration.md lists each, checked by scripts/checks/settings-list.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);
