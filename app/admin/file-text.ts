/**
 * A YAML file of content/ as the editor reads and writes it (./page-format.ts): read as the build
 * reads it (js-yaml, shared/content/read.ts), so what opens is what the site would show, and a
 * file that does not parse says where it broke; written over its own text, so a save changes the
 * lines whose words changed and nothing else, and the history of a file reads as its edits
 * (the `yaml` package's Document, edited in place: every other line keeps its exact text).
 */
import jsYaml from "js-yaml";
import { Document, isMap, isScalar, isSeq, parseDocument, type Node } from "yaml";

/** Where a file's text stopped reading as YAML, and why, in its editor's words. */
export interface TextProblem {
  /** From 1, as an editor counts lines. */
  line: number;
  column: number;
  message: string;
}

export type ReadText = { words: Record<string, unknown> } | { problem: TextProblem };

const isWords = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The words of a file's text as the build reads them, or where and why they cannot be read. */
export function readText(text: string): ReadText {
  let words: unknown;
  try {
    // Dates as the text writes them (`2026-11-28`), as the form and the date control hold them: the build reads them as those days.
    words = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA });
  } catch (error) {
    if (!(error instanceof jsYaml.YAMLException)) throw error;
    const line = error.mark.line + 1;
    const column = error.mark.column + 1;
    const reason = error.reason.charAt(0).toUpperCase() + error.reason.slice(1);
    return {
      problem: {
        line,
        column,
        message: `Line ${line}, column ${column}: ${reason}. Fix the text there (a line's indentation, a missing colon or quote), then save.`,
      },
    };
  }
  if (!isWords(words)) {
    return {
      problem: {
        line: 1,
        column: 1,
        message: "Line 1, column 1: The file holds no fields. Write each field as a name, a colon and its words.",
      },
    };
  }
  return { words };
}

/** Lines as the files have them: never folded, however long (a folded line would change at every save). */
const WRITE = { lineWidth: 0, minContentWidth: 0 } as const;

/**
 * `words` written over `original`, the text they were read from: the keys, items and values that
 * changed are written, every other line is kept as it was. A text that no longer parses (changed
 * since it was read, in another way) is written anew, its keys in `keyOrder`.
 */
export function writeText(original: string | undefined, words: Record<string, unknown>, keyOrder: readonly string[]) {
  const document = original === undefined ? undefined : parseDocument(original);
  if (!document || document.errors.length > 0 || !isMap(document.contents)) {
    return new Document(ordered(words, keyOrder)).toString(WRITE);
  }
  document.contents = edited(document, document.contents, words) as typeof document.contents;
  return document.toString(WRITE);
}

function ordered(words: Record<string, unknown>, keyOrder: readonly string[]): Record<string, unknown> {
  const keys = [
    ...keyOrder.filter((key) => key in words),
    ...Object.keys(words).filter((key) => !keyOrder.includes(key)),
  ];
  return Object.fromEntries(keys.map((key) => [key, words[key]]));
}

const keyOf = (key: unknown) => (isScalar(key) ? String(key.value) : String(key));

/** `node` holding `value`: changed where it differs, kept (its style, its comments) where it does not. */
function edited(document: Document, node: unknown, value: unknown): unknown {
  if (isWords(value) && isMap(node)) {
    const present = Object.entries(value).filter(([, each]) => each !== undefined);
    const keys = new Set(present.map(([key]) => key));
    node.items = node.items.filter((pair) => keys.has(keyOf(pair.key)));
    for (const [key, each] of present) {
      const pair = node.items.find((item) => keyOf(item.key) === key);
      if (pair) pair.value = edited(document, pair.value, each) as Node;
      else node.add(document.createPair(key, each));
    }
    return node;
  }
  if (Array.isArray(value) && isSeq(node)) {
    node.items = value.map((each, index) =>
      index < node.items.length ? edited(document, node.items[index], each) : document.createNode(each),
    );
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== "object")) {
    // The same style (plain, quoted, a block), which the writer changes only when the new words need it.
    if (node.value !== value) node.value = value;
    return node;
  }
  return document.createNode(value);
}
