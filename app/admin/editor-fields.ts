/**
 * The editor's forms, made from the content schemas (shared/content/): one definition of each
 * page's words drives both the gate (the build refuses a bad edit) and the form the marketing
 * team fills in, so the two cannot drift. Each field gets a label from its name (or the
 * schema's `title`), a hint (the schema's `description` and its limits), the same limits as
 * a pattern Decap checks before it saves, and the specification's fixed texts as read-only.
 */
import { z } from "zod";

/** One field of a Decap form, as its configuration reads it. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  fields?: EditorField[];
  field?: EditorField;
  types?: EditorField[];
  typeKey?: string;
  options?: string[];
  min?: number;
  max?: number;
  allow_add?: boolean;
  collapsed?: boolean;
  summary?: string;
  date_format?: string;
  time_format?: boolean;
  format?: string;
  default?: unknown;
  value_type?: "int" | "float";
  /** The markdown widget's editing modes and toolbar (a role's description). */
  modes?: string[];
  buttons?: string[];
  editor_components?: string[];
}

/** What a text schema says of itself (shared/content/fields.ts, `text`). */
interface TextMeta {
  maxLength?: number;
  minLength?: number;
  maxWord?: number;
  /** Placeholders the text must keep. */
  requires?: readonly string[];
  title?: string;
  description?: string;
}

const meta = (schema: z.ZodType): TextMeta => (z.globalRegistry.get(schema) ?? {}) as TextMeta;

/** `imageHeadline` -> "Image headline", `ctaLabel` -> "CTA label", `meta` -> "Meta". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/\bcta\b/g, "CTA")
    .replace(/\bta\b/g, "TA");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Names a schema gives its fields that read better in the form under other labels. */
const LABELS: Readonly<Record<string, string>> = {
  meta: "Search and link previews",
  cta: "Closing call to action",
  hero: "Opening",
  intro: "Section heading",
  toc: "Contents",
};

function textField(name: string, schema: z.ZodType, required: boolean): EditorField {
  const { maxLength, minLength = 1, maxWord, requires = [], title, description } = meta(schema);
  const kept = requires.map((token) => `{${token}}`).join(" and ");
  const hints = [
    description,
    maxLength !== undefined ? `At most ${maxLength} characters.` : undefined,
    maxWord !== undefined ? `Words of at most ${maxWord} letters, so each fits a phone's screen.` : undefined,
    requires.length > 0 ? `Keep ${kept}: the server fills it in.` : undefined,
  ].filter(Boolean);
  const field: EditorField = {
    name,
    label: title ?? LABELS[name] ?? labelOf(name),
    widget: maxLength !== undefined && maxLength > 140 ? "text" : "string",
    required,
    ...(hints.length > 0 ? { hint: hints.join(" ") } : {}),
  };
  if (maxLength !== undefined) {
    // Decap checks the pattern before it saves; the build's schema checks the rest (markup, links, words).
    const range = `[\\s\\S]{${required ? minLength : 0},${maxLength}}`;
    const keeps = requires.map((token) => `(?=[\\s\\S]*\\{${token}\\})`).join("");
    const length = `Use ${required ? `${minLength} to ` : "at most "}${maxLength} characters`;
    field.pattern = [`^${keeps}${range}$`, requires.length > 0 ? `${length}, and keep ${kept}.` : `${length}.`];
  }
  return field;
}

/** The form field for one key of a content schema. */
export function editorField(name: string, schema: z.ZodType, required = true): EditorField {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const { title, description } = meta(schema);
  const label = title ?? LABELS[name] ?? labelOf(name);
  const hint = description ? { hint: description } : {};
  switch (def.type) {
    case "optional":
      return editorField(name, def.innerType as z.ZodType, false);
    case "default":
      // A value the schema fills in when the field is left out (a role's employment type): offered, not required.
      return { ...editorField(name, def.innerType as z.ZodType, false), default: def.defaultValue };
    case "number":
      return { name, label, widget: "number", value_type: "int", min: 1, required, ...hint };
    case "string":
      if (def.format === "date") {
        return {
          name,
          label,
          widget: "datetime",
          required,
          format: "YYYY-MM-DD",
          date_format: "YYYY-MM-DD",
          time_format: false,
          ...hint,
        };
      }
      return textField(name, schema, required);
    case "literal":
      // The specification's own words: shown, kept as they are (app/admin/fixed-widget.tsx).
      return {
        name,
        label,
        widget: "fixed",
        required,
        hint: "Fixed by the specification: it cannot be changed here.",
        default: (def.values as unknown[])[0],
      };
    case "enum":
      return { name, label, widget: "select", required, options: Object.values(def.entries as object), ...hint };
    case "object":
      return {
        name,
        label,
        widget: "object",
        required,
        collapsed: false,
        fields: objectFields(schema as z.ZodObject),
        ...hint,
      };
    case "tuple": {
      // A fixed number of items the layout is drawn for (three pillars, six services): editable, not added or removed.
      const items = def.items as z.ZodType[];
      return {
        ...listOf(name, label, items[0]!, required),
        min: items.length,
        max: items.length,
        allow_add: false,
        ...hint,
      };
    }
    case "array": {
      const checks = (def.checks ?? []) as {
        _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } };
      }[];
      const bound = (kind: string) => checks.map((check) => check._zod.def).find((check) => check.check === kind);
      const exact = bound("length_equals")?.length;
      return {
        ...listOf(name, label, def.element as z.ZodType, required),
        ...(exact !== undefined ? { min: exact, max: exact } : {}),
        ...(bound("min_length") ? { min: bound("min_length")!.minimum } : {}),
        ...(bound("max_length") ? { max: bound("max_length")!.maximum } : {}),
        ...hint,
      };
    }
    case "union": {
      // A discriminated union (the Terms' paragraphs and lists): one list, each item of a kind.
      const discriminator = def.discriminator as string;
      const options = def.options as z.ZodObject[];
      return {
        name,
        label,
        widget: "list",
        required,
        typeKey: discriminator,
        types: options.map((option) => {
          const kind = (option.shape[discriminator]!._zod.def as unknown as { values: string[] }).values[0]!;
          const fields = objectFields(option).filter((field) => field.name !== discriminator);
          return {
            name: kind,
            label: labelOf(kind),
            widget: "object",
            fields,
            summary: `{{fields.${fields[0]!.name}}}`,
          };
        }),
        ...hint,
      };
    }
    default:
      throw new Error(`editorField: no form field for "${name}" (a ${def.type} in its content schema)`);
  }
}

function listOf(name: string, label: string, item: z.ZodType, required: boolean): EditorField {
  const inner = editorField("item", item);
  // A list of items of several kinds (the Terms' paragraphs and lists) is one list with its types.
  if (inner.types) return { ...inner, name, label, required };
  if (inner.widget === "object") {
    const first = inner.fields?.find((field) => field.widget === "string" || field.widget === "fixed");
    return {
      name,
      label,
      widget: "list",
      required,
      fields: inner.fields,
      ...(first ? { summary: `{{fields.${first.name}}}` } : {}),
    };
  }
  // A list of texts: each item open, labelled in the singular ("Point", "Keyword").
  return { name, label, widget: "list", required, collapsed: false, field: { ...inner, label: singular(label) } };
}

const singular = (label: string) => label.replace(/ies$/, "y").replace(/s$/, "");

/** Every key of an object schema, in order, as form fields. */
export function objectFields(schema: z.ZodObject): EditorField[] {
  return Object.entries(schema.shape).map(([name, field]) => editorField(name, field as z.ZodType));
}
