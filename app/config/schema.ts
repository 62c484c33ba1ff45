import { z } from "zod";

/** Everything that differs between deployments (DECISIONS §1). */
export interface SiteConfig {
  /** Public origin without a trailing slash, e.g. `https://network.example`. */
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  privacyPolicyUrl: string;
  supporter: { name: string; url: string };
  /** `null` when the HubSpot ids are unset: the request page uses the local stand-in form. */
  hubspot: { portalId: string; formIds: { candidate: string; employer: string } } | null;
}

export interface AppConfig {
  /** Safe to ship to the browser: every value here is public. */
  site: SiteConfig;
  port: number;
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

const email = z.string().trim().pipe(z.email("must be an email address"));
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
    PORT: optional(z.string().trim().regex(/^\d+$/, "must be a port number"))
      .default("4173")
      .transform(Number)
      .refine((port) => port > 0 && port < 65536, "must be a port number between 1 and 65535"),
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
  });

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses and validates the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Env): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? "configuration");
      const value = env[variable];
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
    },
    port: value.PORT,
  };
}
