/**
 * How a refusal of the content schemas is worded, wherever it is shown: the build's check
 * (./read.ts) and the editor's fields (app/admin/checked-widgets.tsx) say the same words. Plain
 * TypeScript, no Node: the editor runs it in the browser.
 */
import type { z } from "zod";

/**
 * Checks words against their schema, each issue carrying the value it is about (zod leaves it
 * out unless asked), so a value that is there is never called missing.
 */
export const checkWords = <Schema extends z.ZodType>(schema: Schema, data: unknown) =>
  schema.safeParse(data, { reportInput: true });

/** `hero → title`, `services → 3 → body`: a field as its editor finds it (lists count from 1). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === "number" ? String(key + 1) : String(key))).join(" → ") || "(the whole file)";
}

/** What is wrong with one field, in its editor's words. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    return `${issue.keys.map((key) => `"${key}"`).join(", ")} is not a field of this page: remove it or check its spelling.`;
  }
  // Only a key that is absent is missing: a value of the wrong kind gets its schema's own words.
  if (issue.code === "invalid_type" && issue.input === undefined) return "This is required: it is missing.";
  return issue.message;
}

/** Every problem of a file, one line each: the field, then what to do. */
export function describeIssues(file: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => `  - ${fieldPath(issue.path)}: ${issueMessage(issue)}`);
  return `content/${file} cannot be published:\n${lines.join("\n")}`;
}
