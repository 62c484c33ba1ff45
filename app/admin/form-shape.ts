/**
 * The form as the page reads, the file as the site reads it. A page's visible heading is part
 * of its head in the file (`meta.heading`, beside the title and description search results show:
 * shared/content/page.ts), but a marketer looks for it where the page shows it: first in the
 * opening (`hero`), or first of the page when it has no opening. The editor moves it there when
 * it reads a file and back when it writes one (Decap's own YAML, through a format of its own), and
 * checks, previews and saves the file's shape.
 */
import type { EditorField } from "./editor-fields";

/** The name of the format the editor reads and writes the site's YAML files with (./page-format.ts). */
export const PAGE_FORMAT = "page-yaml";

/**
 * The file's text as it was read, kept with the entry (no field of the page): a save writes over it,
 * changing only the lines whose words changed (./file-text.ts); and, while the text does not
 * parse, the field in which the marketer fixes it (./file-text-widget.tsx).
 */
export const FILE_TEXT = "_fileText";
/** Present while the file's text does not parse: where and why it broke, as it was opened. */
export const FILE_PROBLEM = "_fileProblem";

/** The heading's key in the form, where it is moved to. */
export const FORM_HEADLINE = "headline";

type Words = Record<string, unknown>;
const isWords = (value: unknown): value is Words =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The file's words as the form holds them: the page's heading with its opening, or first. */
export function toFormShape(data: unknown): unknown {
  if (!isWords(data) || !isWords(data.meta) || !("heading" in data.meta)) return data;
  const { heading, ...meta } = data.meta;
  if (isWords(data.hero)) return { ...data, meta, hero: { [FORM_HEADLINE]: heading, ...data.hero } };
  return { [FORM_HEADLINE]: heading, ...data, meta };
}

/** The form's words without the file's text kept beside them. */
export function withoutFileText(data: unknown): unknown {
  if (!isWords(data) || !(FILE_TEXT in data || FILE_PROBLEM in data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => key !== FILE_TEXT && key !== FILE_PROBLEM));
}

/** The form's words as the file holds them (the shape the schemas check). */
export function toFileShape(form: unknown): unknown {
  const data = withoutFileText(form);
  if (!isWords(data) || !isWords(data.meta)) return data;
  if (isWords(data.hero) && FORM_HEADLINE in data.hero) {
    const { [FORM_HEADLINE]: heading, ...hero } = data.hero;
    return { ...data, meta: { ...data.meta, heading }, hero };
  }
  if (FORM_HEADLINE in data) {
    const { [FORM_HEADLINE]: heading, ...rest } = data;
    return { ...rest, meta: { ...data.meta, heading } };
  }
  return data;
}

/**
 * The form's fields: the file's, the page's heading moved as `toFormShape` moves its value, and
 * the page's head (what search results and link previews show, not the page itself) last, closed.
 */
export function toFormFields(fields: readonly EditorField[]): EditorField[] {
  const meta = fields.find((field) => field.name === "meta");
  const heading = meta?.fields?.find((field) => field.name === "heading");
  if (!meta || !heading) return [...fields];
  const headline: EditorField = {
    ...heading,
    name: FORM_HEADLINE,
    label: "Headline",
    hint: ["The page's main heading.", heading.hint].filter(Boolean).join(" "),
  };
  const head = { ...meta, collapsed: true, fields: meta.fields!.filter((each) => each !== heading) };
  const page = fields.filter((field) => field !== meta);
  const hero = page.find((field) => field.name === "hero" && field.widget === "object");
  if (!hero) return [headline, ...page, head];
  // Under the small line above it, where the page shows it.
  const at = hero.fields![0]?.name === "eyebrow" ? 1 : 0;
  const withHeadline = [...hero.fields!.slice(0, at), headline, ...hero.fields!.slice(at)];
  return [...page.map((field) => (field === hero ? { ...hero, fields: withHeadline } : field)), head];
}

/** The file's keys in the order Decap writes them: the form's, but the page's head first, where the files have it. */
export const fileKeyOrder = (formKeys: readonly string[]): string[] => {
  const keys = formKeys.filter((key) => key !== FILE_TEXT && key !== FILE_PROBLEM);
  return keys.includes("meta") ? ["meta", ...keys.filter((key) => key !== "meta" && key !== FORM_HEADLINE)] : keys;
};
