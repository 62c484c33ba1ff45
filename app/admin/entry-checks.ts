/**
 * The build's check of a whole file, run by the editor on the entry being edited: each field
 * shows the problems at its own place (./checked-widgets.tsx), and nothing is saved while any
 * remains (./admin.tsx, Decap's `preSave`). The same schemas and words as the build's
 * (shared/content/read.ts): what the build would refuse, the editor refuses first.
 */
import type { z } from "zod";
import { CONTENT } from "#shared/content/collections.ts";
import type { ContentName } from "#shared/pages.ts";
import { checkWords, describeIssues } from "#shared/content/issues.ts";
import { ROLES_FOLDER, roleBodySchema, roleSchema } from "#shared/roles/schema.ts";
import { readText } from "./file-text";
import { FILE_PROBLEM, FILE_TEXT, toFileShape } from "./form-shape";

/** The editor's collection of roles (./editor-config.ts): one Markdown file each, the description its body. */
export const ROLES_COLLECTION = "roles";
/** The key of a role's description in the editor's entry (the file's body). */
export const ROLE_BODY = "body";

export interface EntryCheck {
  /** The file under content/, as the build names it. */
  file: string;
  issues: z.core.$ZodIssue[];
}

/**
 * What the build would say of an entry of the editor, its data as the form holds it: `collection`
 * and `slug` as Decap names them.
 */
export function checkEntry(collection: string, slug: string | undefined, data: Record<string, unknown>): EntryCheck {
  if (collection === ROLES_COLLECTION) {
    const { [ROLE_BODY]: body, ...fields } = data;
    const issues = [
      ...issuesOf(roleSchema, fields),
      ...issuesOf(roleBodySchema, body ?? "").map((issue) => ({ ...issue, path: [ROLE_BODY, ...issue.path] })),
    ];
    return { file: `${ROLES_FOLDER}/${slug ?? "(new role)"}.md`, issues };
  }
  const name = slug as ContentName;
  if (!(name in CONTENT)) return { file: String(slug), issues: [] };
  const { file, schema } = CONTENT[name];
  // A file whose text did not parse is saved as its text: that text must read, and its words pass.
  if (data[FILE_PROBLEM] !== undefined) {
    const text = typeof data[FILE_TEXT] === "string" ? data[FILE_TEXT] : "";
    const read = readText(text);
    if ("problem" in read) {
      return { file, issues: [{ code: "custom", path: [FILE_TEXT], message: read.problem.message, input: text }] };
    }
    return { file, issues: issuesOf(schema, read.words) };
  }
  return { file, issues: issuesOf(schema, toFileShape(data)) };
}

function issuesOf(schema: z.ZodType, data: unknown): z.core.$ZodIssue[] {
  const result = checkWords(schema, data);
  return result.success ? [] : result.error.issues;
}

/** The build's refusal of the entry, naming the file and each field, or null when it would publish. */
export function refusal(check: EntryCheck): string | null {
  return check.issues.length > 0 ? describeIssues(check.file, check.issues) : null;
}
