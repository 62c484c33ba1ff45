/**
 * Where a request came from (docs/product.md#where-requests-come-from): what the first page of a
 * visit noted (its path and query, the referring site, the `utm_*` values), kept for the visit in
 * sessionStorage by the inline script every page has, sent with the own form and stored with the
 * request. Shared by the pages and the server; no React, no Node APIs.
 */

/** The values a source has, in the order the export's columns show them. */
export const SOURCE_KEYS = [
  "landingPage",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
export const UTM_KEYS = SOURCE_KEYS.filter((key) => key.startsWith("utm_"));

/** What is known of a request's source: only the values that were known, each bounded. */
export type RequestSource = Partial<Record<SourceKey, string>>;

/** The sessionStorage key the inline script writes the visit's source under, once per visit. */
export const SOURCE_STORAGE_KEY = "visit-source";

/**
 * The longest value kept, in UTF-16 code units: a page or referring URL is cut at
 * URL_VALUE_MAX_LENGTH, a `utm_*` value at UTM_VALUE_MAX_LENGTH (campaign names are short;
 * HubSpot's single-line text properties take far more). Longer values are cut, never refused:
 * a source never makes a request fail.
 */
export const URL_VALUE_MAX_LENGTH = 500;
export const UTM_VALUE_MAX_LENGTH = 200;

// C0 and C1 controls, line and paragraph separators, bidi controls and lone surrogates
// (shared/invitation/request-schema.ts's text rules): nothing of them reaches the team or HubSpot.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const maxLengthOf = (key: SourceKey) => (key.startsWith("utm_") ? UTM_VALUE_MAX_LENGTH : URL_VALUE_MAX_LENGTH);

/** One value as kept: unsafe characters removed, trimmed, cut to its limit (never inside a surrogate pair); null when nothing is left. */
export function sourceValue(key: SourceKey, value: unknown): string | null {
  if (typeof value !== "string") return null;
  let kept = value.replace(UNSAFE_CHARACTERS, "").replace(LONE_SURROGATE, "").trim();
  const max = maxLengthOf(key);
  if (kept.length > max) kept = kept.slice(0, /[\ud800-\udbff]/.test(kept[max - 1]!) ? max - 1 : max);
  return kept === "" ? null : kept;
}

/**
 * A source as the server stores it, from what a page sent (an object of the keys above, or
 * the form's hidden fields): unknown keys and values that are not text are dropped, the others
 * bounded; null when nothing is known. Never an error: where a request came from is worth
 * knowing, never worth refusing it for.
 */
export function normaliseSource(input: unknown): RequestSource | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const source: RequestSource = {};
  for (const key of SOURCE_KEYS) {
    const value = sourceValue(key, (input as Record<string, unknown>)[key]);
    if (value !== null) source[key] = value;
  }
  return Object.keys(source).length > 0 ? source : null;
}

/**
 * What a form post's page address says when the page noted nothing (no JavaScript): its
 * `utm_*` values. Not its path: without the visit's first page, the request page is not known
 * to be where the visit began.
 */
export function sourceFromPageUrl(pageUrl: string | null): RequestSource | null {
  if (!pageUrl) return null;
  let params: URLSearchParams;
  try {
    params = new URL(pageUrl).searchParams;
  } catch {
    return null;
  }
  return normaliseSource(Object.fromEntries(UTM_KEYS.map((key) => [key, params.get(key)])));
}

/**
 * The one label `requests -- status` counts a source under: its `utm_source`, else the
 * referring site, else none (typed in, a bookmark, or not known).
 */
export function sourceLabel(source: RequestSource | null): string | null {
  return source?.utm_source ?? source?.referrer ?? null;
}

/**
 * The inline script every page runs first (app/layouts/page-layout.astro): on the first page of
 * a visit (nothing stored yet in this tab's sessionStorage) it notes the page's path and query,
 * the referrer when it is another site, and the `utm_*` values; later pages keep what the first
 * noted. A string, so the layout can inline it (the CSP allows it by hash). sessionStorage may be
 * unavailable (a blocked storage): then nothing is noted.
 */
export const SOURCE_NOTE_SCRIPT =
  `try{var s=sessionStorage,l=location,q=new URLSearchParams(l.search),o={landingPage:l.pathname+l.search},r=document.referrer;` +
  `if(!s.getItem("${SOURCE_STORAGE_KEY}")){if(r&&new URL(r).origin!=l.origin)o.referrer=r;` +
  `"${UTM_KEYS.map((key) => key.slice(4)).join(" ")}".split(" ").forEach(function(k){k="utm_"+k;q.get(k)&&(o[k]=q.get(k))});` +
  `s.setItem("${SOURCE_STORAGE_KEY}",JSON.stringify(o))}}catch(e){}`;

/**
 * The visit's source as the first page noted it, in the browser, for the own form to send; null when
 * none was noted. As stored by the page's own script: the server bounds it (normaliseSource).
 */
export function noteOfThisVisit(): RequestSource | null {
  try {
    return JSON.parse(sessionStorage.getItem(SOURCE_STORAGE_KEY) ?? "null") as RequestSource | null;
  } catch {
    return null;
  }
}
