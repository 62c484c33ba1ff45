/**
 * What an error may say where others read it (docs/product.md#configuration: no secret in
 * any output, and logs without visitors' data). A library's error message may quote a URL
 * with its password (fetch, the URL parser, a driver), a webhook's token (Slack's and
 * Teams' hooks carry it in the path) or a value a visitor typed (a database's messages):
 * a log line says an error's code (`errorCode`), and a message kept anywhere passes
 * through `redact` first.
 */
import type { Env } from "#shared/env.ts";

export const REDACTED = "[redacted]";

/** The server's variables whose value may hold a credential: named in errors, never quoted. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  "SMTP_URL",
  "DATABASE_URL",
  "NOTIFY_WEBHOOK_URL",
  "NOTIFY_WEBHOOK_SECRET",
  "TEAM_LINK_SECRET",
]);

/** An error whose message this project wrote and that quotes nothing (a status, a time limit): safe to log whole. */
export class SafeError extends Error {
  override name = "SafeError";
}

/**
 * What a log line may say of an error: its code (a driver's such as SQLITE_BUSY or 57P01,
 * a network error's, nodemailer's), the SMTP reply code, a SafeError's message, or its kind.
 */
export function errorCode(error: unknown): string {
  if (error instanceof SafeError) return error.message;
  const { code, responseCode, name } = (error ?? {}) as { code?: unknown; responseCode?: unknown; name?: unknown };
  const parts = [
    typeof code === "string" && /^[A-Za-z0-9_]{1,40}$/.test(code) ? code : null,
    typeof responseCode === "number" ? `SMTP ${responseCode}` : null,
  ].filter(Boolean);
  if (parts.length > 0) return parts.join(", ");
  return typeof name === "string" && /^[A-Za-z]{1,40}$/.test(name) ? name : "Error";
}

/** Credentials in any URL: `scheme://user:password@` keeps only its scheme. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi;
/** Shorter parts than this are not looked for: they would match ordinary words. */
const MIN_SECRET_LENGTH = 4;

/**
 * The texts to hide for some secret values: each value whole and, for a URL, its
 * password (as written and decoded) and its path and query (where webhooks keep a token).
 */
export function secretTexts(values: readonly (string | null | undefined)[]): string[] {
  const texts = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    texts.add(value);
    texts.add(value.trim());
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      continue;
    }
    texts.add(url.href);
    for (const part of [url.password, safeDecode(url.password), `${url.pathname}${url.search}`]) texts.add(part);
  }
  // Longest first, so a whole URL is hidden before the parts it contains.
  return [...texts]
    .filter((text) => text.length >= MIN_SECRET_LENGTH && text !== "/")
    .sort((a, b) => b.length - a.length);
}

/** The secret variables' values in an environment (start-up, before the configuration is parsed). */
export function secretTextsOf(env: Env): string[] {
  return secretTexts([...SECRET_VARIABLES].map((name) => env[name]));
}

/** `text` with every secret text, and any URL's credentials, replaced by REDACTED. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join(REDACTED);
  return result.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * For the entry points: prints an error that stops the process, redacted, and exits 1.
 * Node's own report would print the error's properties too (a URL parser's `input` is
 * the whole URL), so it never gets the chance.
 */
export function exitOnStartError(what: string, env: Env = process.env): (error: unknown) => never {
  return (error) => {
    // A plain Error says what went wrong (a database that refuses, a folder in use); a
    // TypeError or the like is a bug, and its stack says where.
    const text = !(error instanceof Error)
      ? String(error)
      : error.constructor === Error
        ? error.message
        : (error.stack ?? `${error.name}: ${error.message}`);
    console.error(`${what}: ${redact(text, secretTextsOf(env))}`);
    process.exit(1);
  };
}
