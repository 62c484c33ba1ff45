/**
 * What the two configuration schemas share (docs/configuration.md): the page settings
 * (shared/site-config.ts) and the server's (server/config.ts) read the same environment
 * with these validators, and a bad value in either is reported in one format, naming
 * every bad variable and never quoting one that may hold a secret.
 */
import { z } from "zod";

export type Env = Record<string, string | undefined>;

// An empty variable counts as unset, so `SITE_URL= npm run build` falls back to the default.
export const optional = <T extends z.ZodType<string, string>>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * `localhost` (and its subdomains), 127.0.0.0/8 and [::1]: names that only reach this
 * machine. A SITE_URL here is a checkout, not a deployment (docs/configuration.md).
 */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** An origin as `URL.origin` writes it: absolute http(s), no path, query or fragment. */
export function isOrigin(value: string): boolean {
  const url = parseHttpUrl(value);
  return url !== null && url.pathname === "/" && !url.search && !url.hash;
}

export const httpUrl = z
  .string()
  .trim()
  .refine((value) => parseHttpUrl(value) !== null, "must be an absolute http(s) URL");

export const origin = z
  .string()
  .trim()
  .refine(
    isOrigin,
    "must be an absolute http(s) origin such as https://example.com, without a path, query or fragment",
  );

export const wholeNumber = (what: string) => z.string().trim().regex(/^\d+$/, `must be ${what}`);

/** A whole number at least 1, with its default. */
export const atLeastOne = (what: string, fallback: string) =>
  optional(wholeNumber(what))
    .default(fallback)
    .transform(Number)
    .refine((value) => value > 0, "must be at least 1");

/** A duration in seconds, fractions allowed (`0.5`), more than 0. */
export const seconds = (fallback: string) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "must be a number of seconds, such as 2 or 0.5"),
  )
    .default(fallback)
    .transform(Number)
    .refine((value) => value > 0, "must be more than 0");

export const email = z.string().trim().pipe(z.email("must be an email address"));

export const splitList = (value: string) => value.split(",").map((part) => part.trim());

/** One or more addresses, comma-separated. */
export const emailList = z
  .string()
  .trim()
  .refine(
    (value) => splitList(value).every((address) => z.email().safeParse(address).success),
    "must be one or more email addresses, separated by commas",
  );

export const name = z.string().trim().min(1, "must not be blank");

/** One or more absolute https URLs, comma-separated. */
export const httpsUrlList = z
  .string()
  .trim()
  .refine(
    (value) => splitList(value).every((entry) => parseHttpUrl(entry)?.protocol === "https:"),
    "must be one or more absolute https:// URLs, separated by commas",
  );

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The one format of a configuration error: a line per bad variable, its value quoted unless
 * it is one of `secretVariables` (the server's, server/safe-errors.ts; the pages have none).
 */
export function configError(
  issues: readonly z.core.$ZodIssue[],
  env: Env,
  secretVariables: ReadonlySet<string> = new Set(),
): ConfigError {
  const lines = issues.map((issue) => {
    const variable = String(issue.path[0] ?? "configuration");
    // A secret (a password in a URL, the signing key, a Slack hook's token) is never echoed.
    const value = secretVariables.has(variable) ? undefined : env[variable];
    return `  ${variable}: ${issue.message}${value ? ` (got "${value}")` : ""}`;
  });
  return new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
