/**
 * The editor's format of the site's YAML files (CMS.registerCustomFormat in ./admin.tsx), read into
 * the form's shape and written back in the file's (./form-shape.ts). A file is read as the build
 * reads it and written over its own text, so a save changes only the lines it changes
 * (./file-text.ts). A file whose text does not parse opens as that text, with where it broke, to
 * fix in the editor (./file-text-widget.tsx): it is saved as the text fixed, once that reads and
 * passes the build's check (./entry-checks.ts), never as an empty form over it.
 */
import { readText, writeText } from "./file-text";
import { FILE_PROBLEM, FILE_TEXT, fileKeyOrder, PAGE_FORMAT, toFileShape, toFormShape } from "./form-shape";

/** The entry's data for a file's text: its words in the form's shape, or the text to fix. */
export function fromFile(content: string): Record<string, unknown> {
  const read = readText(content);
  if ("problem" in read) return { [FILE_TEXT]: content, [FILE_PROBLEM]: read.problem.message };
  return { ...(toFormShape(read.words) as Record<string, unknown>), [FILE_TEXT]: content };
}

/** The file's text for the entry's data: the text fixed, or the words written over the text they were read from. */
export function toFile(data: Record<string, unknown>, sortedKeys: readonly string[] = []): string {
  const text = typeof data[FILE_TEXT] === "string" ? data[FILE_TEXT] : undefined;
  if (data[FILE_PROBLEM] !== undefined && text !== undefined) return text;
  return writeText(text, toFileShape(data) as Record<string, unknown>, fileKeyOrder(sortedKeys));
}

export const pageFormat = {
  name: PAGE_FORMAT,
  formatter: {
    fromFile,
    toFile: (data: object, sortedKeys?: string[]) => toFile(data as Record<string, unknown>, sortedKeys),
  },
};
