/**
 * The editor's forms, made from the content schemas (shared/content/): one definition of each
 * page's words drives both the gate (the build refuses a bad edit) and the form the marketing
 * team fills in, so the two cannot drift. Each field gets a label (the schema's `title`, or its
 * name in words), a hint (the schema's `description` and its limits), the schema itself, which
 * the editor's controls run before a save (./checked-widgets.tsx), and the specification's fixed
 * texts as read-only.
 */
import { z } from "zod";

/** A choice of a select, as Decap's configuration names it. */
export interface EditorOption {
  label: string;
  value: string;
}

/** One field of a Decap form, as its configuration reads it. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  fields?: EditorField[];
  field?: EditorField;
  types?: EditorField[];
  typeKey?: string;
  options?: EditorOption[];
  min?: number;
  max?: number;
  allow_add?: boolean;
  allow_remove?: boolean;
  allow_reorder?: boolean;
  collapsed?: boolean;
  summary?: string;
  default?: unknown;
  value_type?: "int" | "float";
  /** The markdown widget's editing modes and toolbar (a role's description). */
  modes?: string[];
  buttons?: string[];
  editor_components?: string[];
  /**
   * The schema of this key of the file, as the build applies it, by name (`checkSchema`): a control
   * refuses a save with its words (./checked-widgets.tsx). Decap copies its configuration into
   * plain data, so the configuration holds a name, not the schema.
   */
  check?: string;
  /** Where the value sits in the file's data, when no list is on the way: the whole file's check reaches it. */
  path?: string[];
}

/** What a schema says of itself: a text's limits (shared/content/fields.ts, `text`), a field's words. */
interface FieldMeta {
  maxLength?: number;
  minLength?: number;
  maxWord?: number;
  /** Placeholders the text must keep. */
  requires?: readonly string[];
  title?: string;
  description?: string;
  /** The words the form shows for each choice of a list of choices. */
  options?: Readonly<Record<string, string>>;
  /** A group the form shows closed at first (the team's own emails). */
  collapsed?: boolean;
}

const metaOf = (schema: z.ZodType): FieldMeta => (z.globalRegistry.get(schema) ?? {}) as FieldMeta;

/** The schemas the forms check, each by the name its fields carry (one name per schema, however many fields). */
const schemasByName = new Map<string, z.ZodType>();
const namesOfSchemas = new WeakMap<z.ZodType, string>();
export function checkName(schema: z.ZodType): string {
  let name = namesOfSchemas.get(schema);
  if (name === undefined) {
    name = `schema-${schemasByName.size + 1}`;
    schemasByName.set(name, schema);
    namesOfSchemas.set(schema, name);
  }
  return name;
}

/** The schema a field checks its value with (`EditorField.check`). */
export const checkSchema = (name: string): z.ZodType | undefined => schemasByName.get(name);

/** `imageHeadline` -> "Image headline", `landingPage` -> "Landing page", `meta` -> "Meta". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/\bta\b/g, "TA")
    .replace(/\bhub ?spot\b/g, "HubSpot")
    .replace(/\blinkedin\b/g, "LinkedIn")
    .replace(/\burl\b/g, "address")
    .replace(/\bid\b/g, "ID");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Names the schemas give many fields that read better in the form under other words. */
const LABELS: Readonly<Record<string, string>> = {
  meta: "Search results and link previews",
  cta: "Closing call to action",
  hero: "Opening",
  intro: "Section heading",
  eyebrow: "Small line above the heading",
  lead: "Lead sentence",
  body: "Text",
  more: "Link to the full page",
};

/** Where a key of a file is: its path, or none inside a list (each item is checked on its own). */
type Place = string[] | null;

interface Described {
  label: string;
  hint?: string;
}

/** A key's label and hint: the schema's words, read through its wrappers (optional, default, a date's reading). */
function describe(name: string, meta: FieldMeta, limits: string[] = []): Described {
  const hints = [meta.description, ...limits].filter(Boolean);
  return {
    label: meta.title ?? LABELS[name] ?? labelOf(name),
    ...(hints.length > 0 ? { hint: hints.join(" ") } : {}),
  };
}

/** The limits of a text, as its hint says them. */
function textLimits({ maxLength, maxWord, requires = [] }: FieldMeta): string[] {
  const kept = requires.map((token) => `{${token}}`).join(" and ");
  return [
    maxLength !== undefined ? `At most ${maxLength} characters.` : undefined,
    maxWord !== undefined ? `Words of at most ${maxWord} characters, so each fits a phone's screen.` : undefined,
    requires.length > 0 ? `Keep ${kept}: the server fills it in.` : undefined,
  ].filter((hint): hint is string => hint !== undefined);
}

/** The form field for one key of a content schema, at `place` in its file. */
export function editorField(name: string, schema: z.ZodType, place: Place = [name]): EditorField {
  return fieldFor(name, schema, { required: true, meta: {}, keySchema: schema, place });
}

interface Context {
  required: boolean;
  /** What the wrappers around the schema said of it (a date's title sits on its reading). */
  meta: FieldMeta;
  /** The key's whole schema, wrappers included: what the build applies to the value. */
  keySchema: z.ZodType;
  place: Place;
}

function fieldFor(name: string, schema: z.ZodType, context: Context): EditorField {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const meta = { ...metaOf(schema), ...context.meta };
  const inner = (next: z.ZodType, changes: Partial<Context> = {}) =>
    fieldFor(name, next, { ...context, meta, ...changes });
  const { required, keySchema, place } = context;
  // What a control checks before a save: the key's schema, and where the whole file's check finds it.
  const checked = { check: checkName(keySchema), ...(place ? { path: place } : {}) };
  switch (def.type) {
    case "optional":
      return inner(def.innerType as z.ZodType, { required: false });
    case "default":
      // A value the schema fills in when the field is left out (a role's employment type): offered, not required.
      return { ...inner(def.innerType as z.ZodType, { required: false }), default: def.defaultValue };
    case "pipe":
      // A value read before it is checked (a date as YAML reads it, an empty field as none): the form shows what is checked.
      return inner(def.out as z.ZodType);
    case "number":
      return { name, ...describe(name, meta), widget: "number", value_type: "int", min: 1, required, ...checked };
    case "string": {
      if (def.format === "date") {
        return {
          name,
          ...describe(name, meta, ["Type the date, or choose it from the calendar."]),
          widget: "date",
          required,
          ...checked,
        };
      }
      const long = meta.maxLength !== undefined && meta.maxLength > 140;
      return {
        name,
        ...describe(name, meta, textLimits(meta)),
        widget: long ? "text" : "string",
        required,
        ...checked,
      };
    }
    case "literal":
      // The specification's own words: shown, kept as they are (app/admin/fixed-widget.tsx). Nothing to
      // check in the form, where they cannot change (the items of a fixed list each fix their own).
      return {
        name,
        ...describe(name, { ...meta, description: undefined }),
        widget: "fixed",
        required,
        hint: "Fixed by the specification: it cannot be changed here.",
        default: (def.values as unknown[])[0],
      };
    case "enum": {
      const names = meta.options ?? {};
      const options = Object.values(def.entries as Record<string, string>).map((value) => ({
        label: names[value] ?? value,
        value,
      }));
      // A new item of a list starts with a choice made (its icon, its currency), which the preview can draw.
      const first = required ? { default: options[0]!.value } : {};
      return { name, ...describe(name, meta), widget: "select", required, options, ...first, ...checked };
    }
    case "object":
      return {
        name,
        ...describe(name, meta),
        widget: "object",
        required,
        // A page's head (what search results and link previews show) is not the page: closed at first.
        collapsed: meta.collapsed ?? name === "meta",
        fields: objectFields(schema as z.ZodObject, place),
      };
    case "tuple": {
      // A fixed number of items the layout is drawn for, in a fixed order (three pillars, six services).
      const items = def.items as z.ZodType[];
      return {
        ...listOf(name, describe(name, meta), items[0]!, required),
        min: items.length,
        max: items.length,
        allow_add: false,
        allow_remove: false,
        allow_reorder: false,
      };
    }
    case "array": {
      const checks = (def.checks ?? []) as {
        _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } };
      }[];
      const bound = (kind: string) => checks.map((check) => check._zod.def).find((check) => check.check === kind);
      const exact = bound("length_equals")?.length;
      return {
        ...listOf(name, describe(name, meta), def.element as z.ZodType, required),
        // A new list starts empty, not missing (a new block of the Terms, a new role's qualifications).
        default: [],
        // As many items as the layout is drawn for: reordered, never added or removed.
        ...(exact !== undefined ? { min: exact, max: exact, allow_add: false, allow_remove: false } : {}),
        ...(bound("min_length") ? { min: bound("min_length")!.minimum } : {}),
        ...(bound("max_length") ? { max: bound("max_length")!.maximum } : {}),
      };
    }
    case "union": {
      // A discriminated union (the Terms' paragraphs and lists): one list, each item of a kind.
      const discriminator = def.discriminator as string;
      const options = def.options as z.ZodObject[];
      return {
        name,
        ...describe(name, meta),
        widget: "list",
        required,
        typeKey: discriminator,
        types: options.map((option) => {
          const kind = (option.shape[discriminator]!._zod.def as unknown as { values: string[] }).values[0]!;
          const fields = objectFields(option, null).filter((field) => field.name !== discriminator);
          return {
            name: kind,
            label: labelOf(kind),
            widget: "object",
            fields,
            summary: `{{fields.${fields[0]!.name}}}`,
          };
        }),
      };
    }
    default:
      throw new Error(`editorField: no form field for "${name}" (a ${def.type} in its content schema)`);
  }
}

function listOf(name: string, described: Described, item: z.ZodType, required: boolean): EditorField {
  // Inside a list each item is checked by its own schema: the items have no place of their own in the file.
  const inner = editorField("item", item, null);
  // A list of items of several kinds (the Terms' paragraphs and lists) is one list with its types.
  if (inner.types) return { ...inner, name, ...described, required };
  if (inner.widget === "object") {
    const first = inner.fields?.find((field) => field.widget === "string" || field.widget === "fixed");
    return {
      name,
      ...described,
      widget: "list",
      required,
      fields: inner.fields,
      ...(first ? { summary: `{{fields.${first.name}}}` } : {}),
    };
  }
  // A list of texts: each item open, labelled in the singular ("Point", "Keyword").
  return {
    name,
    ...described,
    widget: "list",
    required,
    collapsed: false,
    field: { ...inner, label: singular(described.label) },
  };
}

const singular = (label: string) => label.replace(/ies$/, "y").replace(/s$/, "");

/**
 * Every key of an object schema, in order, as form fields, but a page's head (`meta`) last, after
 * what the page shows; `place` is the object's own, or none inside a list. (Decap writes the keys
 * of a nested group in the file's order whatever the form's; ./form-shape.ts orders a file's own.)
 */
export function objectFields(schema: z.ZodObject, place: Place = []): EditorField[] {
  const fields = Object.entries(schema.shape).map(([name, field]) =>
    editorField(name, field as z.ZodType, place ? [...place, name] : null),
  );
  return [...fields.filter((field) => field.name !== "meta"), ...fields.filter((field) => field.name === "meta")];
}
