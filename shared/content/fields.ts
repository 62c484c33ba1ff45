/**
 * The building blocks of every content schema (shared/content/*.ts): plain words with the
 * limits the layout was checked at, links to the site's own routes or https, the
 * specification's fixed texts. Each refusal is written for the person who edits the words
 * (docs/copy.md): what is wrong and what to do, never a type name.
 */
import { z } from "zod";
import { isSitePath } from "../routes";
import { SITE_FACT_TOKENS } from "./site-facts";

const TOKEN = /\{([^{}]*)\}/g;
/** Markup, which the site never renders from content: a tag or an HTML entity. */
export const MARKUP = /<\/?[a-z!][^>]*>|&[a-z]+;|&#\d+;/i;

/** The longest text written on one line (the editor's one-line field); a longer one is a paragraph. */
export const ONE_LINE_MAX = 140;

/** Characters a reader cannot see, which break a line, a search or a link where nobody put one. */
const INVISIBLE: Readonly<Record<string, string>> = {
  "\u200b": "a zero-width space",
  "\u200c": "a zero-width non-joiner",
  "\u200d": "a zero-width joiner",
  "\u2060": "a word joiner",
  "\ufeff": "a zero-width no-break space",
  "\u00ad": "a soft hyphen",
  "\u00a0": "a no-break space",
  "\u202f": "a narrow no-break space",
};
const INVISIBLE_CHARACTER = new RegExp(Object.keys(INVISIBLE).join("|"), "u");

/**
 * What is wrong with the invisible characters of a text (pasted from a document or a web page),
 * in its editor's words, or null; `oneLine` refuses tabs and line breaks too.
 */
export function invisibleProblem(value: string, oneLine: boolean): string | null {
  const found = INVISIBLE_CHARACTER.exec(value);
  if (found) {
    const before = value.slice(Math.max(0, found.index - 20), found.index).trimStart();
    const where = before ? ` after "${before}"` : " at the start";
    const fix = found[0] === "\u00a0" || found[0] === "\u202f" ? "type an ordinary space" : "delete it";
    return `This text has ${INVISIBLE[found[0]]}${where}, which does not show but changes how the words break or are found: ${fix} there (it often comes with a paste).`;
  }
  if (!oneLine) return null;
  if (value.includes("\t")) return "This text has a tab, which the page shows as a space of its own width: type an ordinary space there.";
  if (/[\r\n\u2028\u2029]/.test(value)) {
    return "This text goes on one line: remove the line break (write it as one sentence, or with a comma).";
  }
  return null;
}

export interface TextLimits {
  /** Characters at most: the layout was checked with this many (docs/measurements/0021-words-as-content.md). */
  max: number;
  /** Characters at least (default 1: a required text cannot be empty). */
  min?: number;
  /** The longest word, in characters, that still fits the narrowest screen (320 px) at this text's size. */
  maxWord?: number;
  /** The `{placeholders}` this text may use besides the site facts, e.g. `{days}`. */
  tokens?: readonly string[];
  /** The `{placeholders}` this text must keep: the server fills them with what the reader needs (a command, an id). */
  requires?: readonly string[];
  /** The field's name in the editor's form, where the key alone would mislead. */
  title?: string;
  /** What the field is for, under it in the editor's form (app/admin/editor-fields.ts). */
  description?: string;
}

/** Plain text: trimmed of nothing (what is typed is shown), without markup, within its limits. */
export function text({ max, min = 1, maxWord, tokens = [], requires = [], title, description }: TextLimits) {
  const allowed = new Set<string>([...SITE_FACT_TOKENS, ...tokens, ...requires]);
  // The limits, for the editor's form too (app/admin/editor-fields.ts).
  const limits = {
    maxLength: max,
    minLength: min,
    ...(maxWord !== undefined ? { maxWord } : {}),
    ...(requires.length > 0 ? { requires } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
  };
  return z.string({ error: "Write some text here." }).meta(limits).check((ctx) => {
    const value = ctx.value;
    const issue = (message: string) => ctx.issues.push({ code: "custom", message, input: value });
    if (value.trim().length < min) {
      issue(min === 1 ? "This is required: write some text here." : `Write at least ${min} characters here.`);
      return;
    }
    if (value.length > max) {
      issue(`Use at most ${max} characters here (this has ${value.length}), so it fits the page on a phone.`);
    }
    if (maxWord !== undefined) {
      const long = value.split(/[\s/–—-]+/).find((word) => word.length > maxWord);
      if (long) issue(`"${long}" is too long to fit a phone's screen: use words of at most ${maxWord} characters.`);
    }
    if (MARKUP.test(value)) issue("Write plain text: no HTML tags or entities (the site adds the formatting).");
    const invisible = invisibleProblem(value, max <= ONE_LINE_MAX);
    if (invisible) issue(invisible);
    for (const [, name = ""] of value.matchAll(TOKEN)) {
      if (!allowed.has(name)) {
        issue(
          `{${name}} is not a placeholder this text can use. It can use: ${[...allowed].map((t) => `{${t}}`).join(", ")}.`,
        );
      }
    }
    for (const name of requires) {
      if (!value.includes(`{${name}}`)) issue(`Keep {${name}} in this text: the server puts the ${name} there.`);
    }
  });
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** A link: one of the site's own pages (`/mission`, `/request-invitation?type=employer`) or an https address. */
export const link = z.string({ error: "Write a link here." }).check((ctx) => {
  const value = ctx.value;
  if (isSitePath(value)) return;
  if (!isHttpsUrl(value)) {
    ctx.issues.push({
      code: "custom",
      input: value,
      message: `"${value}" is not a page of this site or an https:// address. Link to a page such as /mission, or to https://...`,
    });
  }
}).meta({
  title: "Link",
  description:
    "One of this site's pages, such as /mission or /request-invitation?type=employer, or an address starting https://.",
});

/** The first year a day of the site's words may name: nothing the site says happened before it. */
export const FIRST_YEAR = 2000;
/** How many years ahead of this one a day may be: a role or a wording is never dated further ahead. */
export const YEARS_AHEAD = 5;

/**
 * What is wrong with the year of a day (`YYYY-MM-DD`), outside FIRST_YEAR..(this year + YEARS_AHEAD),
 * in its editor's words, or null. A year typed with two digits (12/9/26 in a date field) arrives as
 * 0026 and would put a role live in year 26: the message names the year in this century it most
 * likely meant.
 */
export function yearProblem(value: string, now: number = Date.now()): string | null {
  // Only a day written as a day: anything else is refused as not a day at all.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const year = Number(value.slice(0, 4));
  const last = new Date(now).getUTCFullYear() + YEARS_AHEAD;
  if (year >= FIRST_YEAR && year <= last) return null;
  const meant = FIRST_YEAR + (year % 100);
  const guess = meant <= last ? ` Did you mean ${meant}? Write ${meant}${value.slice(4)}.` : "";
  return `The year ${year} is outside the years this site's dates can name (${FIRST_YEAR} to ${last}): write the year with four digits.${guess}`;
}

/**
 * A day, `YYYY-MM-DD`, in a year from FIRST_YEAR to YEARS_AHEAD years ahead. Written unquoted
 * (`datePosted: 2026-11-28`, as the editor writes it), YAML reads a date at midnight UTC, and the
 * pages' loader and the server's reader both hand that on: it is the same day, so it is read as
 * that day's `YYYY-MM-DD` (docs/copy.md).
 */
export function day(error: string) {
  const asDay = (value: unknown) =>
    value instanceof Date && !Number.isNaN(value.getTime()) && value.getTime() % 86_400_000 === 0
      ? value.toISOString().slice(0, 10)
      : value;
  return z.preprocess(
    asDay,
    z.iso.date({ error }).check((ctx) => {
      const problem = yearProblem(ctx.value);
      if (problem) ctx.issues.push({ code: "custom", input: ctx.value, message: problem });
    }),
  );
}

/**
 * A field that may be left out. Empty is left out: a field cleared in the editor is saved empty
 * (`lead: ""`) and a key with no value reads as null, and both mean the same as no key.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

/** A label and where it leads: a button, a call to action, a navigation link. */
export const linkAction = (limits: TextLimits) => z.strictObject({ label: text(limits), href: link });

/** A text the specification fixes word for word: shown in the editor, but never changed. */
export function fixed<const T extends string>(value: T) {
  return z.literal(value, {
    error: `This text is fixed by the specification and must read exactly "${value}".`,
  });
}

/** A list of between `min` and `max` items (the editor's list says the same words: app/admin/editor-phrases.ts). */
export function list<T extends z.ZodType>(item: T, { min = 1, max }: { min?: number; max: number }) {
  const error = `Give between ${min} and ${max} items: the layout has room for ${max}.`;
  return z.array(item, { error: "Give a list here." }).min(min, { error }).max(max, { error });
}

/** Exactly `count` items: the layout is drawn for that many (three pillars, six services). */
export function exactly<T extends z.ZodType>(item: T, count: number) {
  return z.array(item, { error: "Give a list here." }).length(count, { error: `Give exactly ${count} items.` });
}

/** Icons drawn in app/components/ui/icon.tsx: content names them, components draw them. */
export const ICON_NAMES = [
  "award",
  "briefcase",
  "building",
  "chart",
  "chat",
  "check",
  "clipboard",
  "compass",
  "external",
  "cpu",
  "document",
  "gem",
  "gift",
  "globe",
  "exchange",
  "lightbulb",
  "lock",
  "network",
  "radar",
  "route",
  "search",
  "shield",
  "sparkles",
  "tag",
  "target",
  "trending",
  "user-badge",
  "users",
  "list-check",
] as const;
export type IconName = (typeof ICON_NAMES)[number];
export const icon = z.enum(ICON_NAMES, { error: `Choose one of the icons: ${ICON_NAMES.join(", ")}.` });

/** The site's original illustrations (app/lib/images.ts), named so words stay free of imports. */
export const ILLUSTRATION_NAMES = ["planning", "team"] as const;
export type IllustrationName = (typeof ILLUSTRATION_NAMES)[number];
export const illustration = z.enum(ILLUSTRATION_NAMES, { error: "Choose planning or team." });

/** The network art an inner page's hero shows, each saying its page's idea. */
export const HERO_ART_NAMES = ["rightSeat", "twoAudiences", "supportedNetwork"] as const;
export type HeroArtName = (typeof HERO_ART_NAMES)[number];
export const heroArt = z.enum(HERO_ART_NAMES, { error: `Choose one of: ${HERO_ART_NAMES.join(", ")}.` }).meta({
  title: "Picture",
  options: { rightSeat: "The right seat", twoAudiences: "Two audiences", supportedNetwork: "A supported network" },
});
