/**
 * The editor's forms, made from the content schemas (shared/content/): one definition of each
 * page's words drives both the gate (the build refuses a bad edit) and the form the marketing
 * team fills in, so the two cannot drift. The form is read from each schema as JSON Schema, as
 * zod writes it (`z.toJSONSchema`, its `.meta()` included). Each field gets a label (the schema's
 * `title`, or its name in words), a hint (the schema's `description` and its limits), the schema
 * itself, which the editor's controls run before a save (./checked-widgets.tsx), and the
 * specification's fixed texts as read-only.
 */
import { z } from "zod";
import { ONE_LINE_MAX } from "#shared/content/fields.ts";

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
  /**
   * The schema of this key of the file, as the build applies it, by name (`checkSchema`): a control
   * refuses a save with its words (./checked-widgets.tsx). Decap copies its configuration into
   * plain data, so the configuration holds a name, not the schema.
   */
  check?: string;
  /** Where the value sits in the file's data, when no list is on the way: the whole file's check reaches it. */
  path?: string[];
}

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

/**
 * A schema as zod writes it in JSON Schema (draft 2020-12, the output it checks: a date as YAML
 * reads it, a default filled in), with what the schemas of shared/content/ add by `.meta()`: a
 * text's limits (shared/content/fields.ts, `text`), the words of a field and of its choices.
 */
interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  maxLength?: number;
  minLength?: number;
  /** The longest word a text may have, in characters. */
  maxWord?: number;
  /** Placeholders the text must keep. */
  requires?: readonly string[];
  format?: string;
  const?: unknown;
  enum?: readonly string[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  /** The words the form shows for each choice of a list of choices. */
  options?: Readonly<Record<string, string>>;
  /** A group the form shows closed at first (the team's own emails). */
  collapsed?: boolean;
  properties?: Readonly<Record<string, FieldSchema>>;
  required?: readonly string[];
  items?: FieldSchema;
  prefixItems?: readonly FieldSchema[];
  minItems?: number;
  maxItems?: number;
  oneOf?: readonly FieldSchema[];
  anyOf?: readonly FieldSchema[];
  /** The schema that checks this value, by name (`checkName`): set by `formSchema`. */
  [CHECK]?: string;
}

const CHECK = "x-check";

/**
 * The schema as JSON Schema, each key of an object and each item of a list naming the zod schema
 * that checks it. JSON Schema says what a form needs (types, lengths, choices, fixed texts,
 * defaults, dates, the kinds of a list's items) but not what the build runs beyond it (a text's
 * placeholders and markup, a link to a page of the site, a role closing before it was posted):
 * the controls run the zod schema itself, found through zod's public `shape` and `element`.
 */
function formSchema(schema: z.ZodType): FieldSchema {
  return z.toJSONSchema(schema, {
    io: "output",
    override: ({ zodSchema, jsonSchema }) => {
      const json = jsonSchema as FieldSchema;
      if (zodSchema instanceof z.ZodObject) {
        for (const [key, value] of Object.entries(zodSchema.shape)) {
          const property = json.properties?.[key];
          if (property) (property as FieldSchema)[CHECK] = checkName(value as z.ZodType);
        }
      } else if (zodSchema instanceof z.ZodArray && json.items) {
        json.items[CHECK] = checkName(zodSchema.element as z.ZodType);
      }
    },
  }) as FieldSchema;
}

/** Where a key of a file is: its path, or none inside a list (each item is checked on its own). */
type Place = string[] | null;

interface Described {
  label: string;
  hint?: string;
}

/** A key's label and hint: the schema's words, and what the form says of the value. */
function describe(name: string, schema: FieldSchema, limits: string[] = []): Described {
  const hints = [schema.description, ...limits].filter(Boolean);
  return {
    label: schema.title ?? LABELS[name] ?? labelOf(name),
    ...(hints.length > 0 ? { hint: hints.join(" ") } : {}),
  };
}

/** The limits of a text, as its hint says them. */
function textLimits({ maxLength, maxWord, requires = [] }: FieldSchema): string[] {
  const kept = requires.map((token) => `{${token}}`).join(" and ");
  return [
    maxLength !== undefined ? `At most ${maxLength} characters.` : undefined,
    maxWord !== undefined ? `Words of at most ${maxWord} characters, so each fits a phone's screen.` : undefined,
    requires.length > 0 ? `Keep ${kept}: the server fills it in.` : undefined,
  ].filter((hint): hint is string => hint !== undefined);
}

/** The form field for one key of a content schema, at `place` in its file. */
export function editorField(name: string, schema: z.ZodType, place: Place = [name]): EditorField {
  return fieldFor(name, { ...formSchema(schema), [CHECK]: checkName(schema) }, true, place);
}

/**
 * Every key of an object schema, in order, as form fields, but a page's head (`meta`) last, after
 * what the page shows; `place` is the object's own, or none inside a list. (Decap writes the keys
 * of a nested group in the file's order whatever the form's; ./form-shape.ts orders a file's own.)
 */
export function objectFields(schema: z.ZodObject, place: Place = []): EditorField[] {
  return fieldsOf(formSchema(schema), place);
}

function fieldsOf(object: FieldSchema, place: Place): EditorField[] {
  const required = new Set(object.required);
  const fields = Object.entries(object.properties ?? {}).map(([name, schema]) =>
    fieldFor(name, schema, required.has(name), place ? [...place, name] : null),
  );
  return [...fields.filter((field) => field.name !== "meta"), ...fields.filter((field) => field.name === "meta")];
}

function fieldFor(name: string, schema: FieldSchema, inObject: boolean, place: Place): EditorField {
  // A value the schema fills in when the field is left out (a role's employment type): offered, not required.
  const field = { name, required: inObject && schema.default === undefined };
  // What a control checks before a save: the key's schema, and where the whole file's check finds it.
  const checked = { check: schema[CHECK], ...(place ? { path: place } : {}) };
  if (schema.const !== undefined) return fixedField(field, schema);
  if (schema.enum) return { ...choiceField(field, schema, schema.enum), ...checked };
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return { ...unionField(name, schema, variants), required: field.required };
  switch (schema.type) {
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
      const numbers = { widget: "number", value_type: schema.type === "integer" ? "int" : "float" } as const;
      return { ...field, ...describe(name, schema), ...numbers, ...(min !== undefined ? { min } : {}), ...checked };
    }
    case "string": {
      if (schema.format === "date") {
        const hint = ["Type the date, or choose it from the calendar."];
        return { ...field, ...describe(name, schema, hint), widget: "date", ...checked };
      }
      const long = schema.maxLength !== undefined && schema.maxLength > ONE_LINE_MAX;
      return { ...field, ...describe(name, schema, textLimits(schema)), widget: long ? "text" : "string", ...checked };
    }
    case "object":
      return {
        ...field,
        ...describe(name, schema),
        widget: "object",
        // A page's head (what search results and link previews show) is not the page: closed at first.
        collapsed: schema.collapsed ?? name === "meta",
        fields: fieldsOf(schema, place),
      };
    case "array":
      return arrayField(field, schema);
    default:
      throw new Error(`editorField: no form field for "${name}" (a ${schema.type ?? "value"} in its content schema)`);
  }
}

type Named = { name: string; required: boolean };

/**
 * The specification's own words: shown, kept as they are (app/admin/fixed-widget.tsx). Nothing to
 * check in the form, where they cannot change (the items of a fixed list each fix their own).
 */
function fixedField(field: Named, schema: FieldSchema): EditorField {
  return {
    ...field,
    ...describe(field.name, { ...schema, description: undefined }),
    widget: "fixed",
    hint: "Fixed by the specification: it cannot be changed here.",
    default: schema.const,
  };
}

/** One of a list of choices, each under its name in the form (the schema's `options`). */
function choiceField(field: Named, schema: FieldSchema, values: readonly string[]): EditorField {
  const names = schema.options ?? {};
  const options = values.map((value) => ({ label: names[value] ?? value, value }));
  // A new item of a list starts with a choice made (its icon, its currency), which the preview can draw;
  // a choice the schema fills in when left out starts with that one.
  const first = schema.default !== undefined ? schema.default : field.required ? options[0]!.value : undefined;
  return {
    ...field,
    ...describe(field.name, schema),
    widget: "select",
    options,
    ...(first !== undefined ? { default: first } : {}),
  };
}

function arrayField(field: Named, schema: FieldSchema): EditorField {
  const described = describe(field.name, schema);
  if (schema.prefixItems) {
    // A fixed number of items the layout is drawn for, in a fixed order (three pillars, six services).
    const count = schema.prefixItems.length;
    return {
      ...listOf(field.name, described, schema.prefixItems[0]!, field.required),
      min: count,
      max: count,
      allow_add: false,
      allow_remove: false,
      allow_reorder: false,
    };
  }
  const { minItems, maxItems } = schema;
  return {
    ...listOf(field.name, described, schema.items ?? {}, field.required),
    // A new list starts empty, not missing (a new block of the Terms, a new role's qualifications).
    default: [],
    // As many items as the layout is drawn for: reordered, never added or removed.
    ...(minItems !== undefined && minItems === maxItems ? { allow_add: false, allow_remove: false } : {}),
    ...(minItems !== undefined ? { min: minItems } : {}),
    ...(maxItems !== undefined ? { max: maxItems } : {}),
  };
}

/** A discriminated union (the Terms' paragraphs and lists): one list, each item of a kind, named by its fixed key. */
function unionField(name: string, schema: FieldSchema, variants: readonly FieldSchema[]): EditorField {
  const keys = Object.keys(variants[0]?.properties ?? {});
  const discriminator = keys.find((key) => variants.every((variant) => variant.properties?.[key]?.const !== undefined));
  if (!discriminator) throw new Error(`editorField: "${name}" is a union whose kinds share no fixed key`);
  return {
    name,
    ...describe(name, schema),
    widget: "list",
    typeKey: discriminator,
    types: variants.map((variant) => {
      const kind = String(variant.properties![discriminator]!.const);
      const fields = fieldsOf(variant, null).filter((field) => field.name !== discriminator);
      return { name: kind, label: labelOf(kind), widget: "object", fields, summary: `{{fields.${fields[0]!.name}}}` };
    }),
  };
}

function listOf(name: string, described: Described, item: FieldSchema, required: boolean): EditorField {
  // Inside a list each item is checked by its own schema: the items have no place of their own in the file.
  const inner = fieldFor("item", item, true, null);
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
