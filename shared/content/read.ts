/**
 * Reads the site's words from content/ for everything that is not a page: the server (its
 * refusal pages, the team's emails, the validation messages), the build's checks and the
 * tests. Each file is checked against its schema (./collections.ts), as Astro checks it for
 * the pages, and a refusal names the file and the field in words its editor understands.
 * Node only: the pages read the same files through astro:content.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFrontmatter } from "astro/markdown";
import yaml from "js-yaml";
import type { z } from "zod";
import { CONTENT_NAMES, type ContentName } from "../pages";
import { CONTENT, type Content } from "./collections";
import { checkRoleBody, ROLES_FOLDER, roleSchema, type Role } from "../roles/schema";
import { ROLE_SLUG } from "../roles/page";
import { checkWords, describeIssues } from "./issues";

export { describeIssues };

/**
 * Where content/ is, for everything that reads or edits it (the pages' collections through
 * astro.config.ts, `npm run edit`): at the repository's root, or in the folder CONTENT_ROOT names,
 * which `npm run edit` edits (a browser test edits a copy there, never the checkout's words).
 */
export const CONTENT_DIR = join(
  resolve(process.env.CONTENT_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "../..")),
  "content",
);

export class ContentError extends Error {
  override name = "ContentError";
}

const cache = new Map<ContentName, unknown>();

/** A file's words, parsed and checked; read once per process. Throws a ContentError naming the file and each field. */
export function readContent<Name extends ContentName>(name: Name, dir: string = CONTENT_DIR): Content<Name> {
  if (dir === CONTENT_DIR && cache.has(name)) return cache.get(name) as Content<Name>;
  const words = parseContentFile(name, dir);
  if (dir === CONTENT_DIR) cache.set(name, words);
  return words;
}

/**
 * A file's words as they are, unchecked, or null when it cannot be read: for the development
 * server's editor only, which opens on a refused file so that it can be fixed there.
 */
export function readContentUnchecked(name: ContentName, dir: string = CONTENT_DIR): unknown {
  try {
    return yaml.load(readFileSync(join(dir, CONTENT[name].file), "utf8"));
  } catch {
    return null;
  }
}

/** A file's words, read and checked now, whatever was read before. */
function parseContentFile<Name extends ContentName>(name: Name, dir: string): Content<Name> {
  const { file, schema } = CONTENT[name];
  let data: unknown;
  try {
    data = yaml.load(readFileSync(join(dir, file), "utf8"), { filename: file });
  } catch (error) {
    const reason = error instanceof yaml.YAMLException ? error.message : String(error);
    throw new ContentError(`content/${file} cannot be read: ${reason}`);
  }
  const result = checkWords(schema, data);
  if (!result.success) throw new ContentError(describeIssues(file, result.error.issues));
  return result.data as Content<Name>;
}

/**
 * One role's file, checked: its front matter by the schema, its name as a slug, its body as the
 * description. The front matter is read by Astro's own reader, as the pages' collection reads it.
 */
export function readRole(file: string, dir: string = CONTENT_DIR): Role {
  const path = `${ROLES_FOLDER}/${file}`;
  const slug = file.replace(/\.md$/, "");
  let parts: { frontmatter: Record<string, unknown>; rawFrontmatter: string; content: string };
  try {
    parts = parseFrontmatter(readFileSync(join(dir, path), "utf8"));
  } catch (error) {
    const reason = error instanceof yaml.YAMLException ? error.message : String(error);
    throw new ContentError(`content/${path} cannot be read: ${reason}`);
  }
  if (parts.rawFrontmatter === "") {
    throw new ContentError(
      `content/${path} cannot be read: it must begin with its fields between two lines of three dashes (---).`,
    );
  }
  const result = checkWords(roleSchema, parts.frontmatter);
  const issues: z.core.$ZodIssue[] = result.success ? [] : [...result.error.issues];
  const custom = (message: string, field: string) =>
    issues.push({ code: "custom", message, path: [field], input: undefined } as z.core.$ZodIssue);
  if (!ROLE_SLUG.test(slug)) {
    custom(
      `"${slug}" cannot be a page's address: name the file with lower-case letters, digits and hyphens, e.g. vp-talent-acquisition.md.`,
      "file name",
    );
  }
  const bodyProblem = checkRoleBody(parts.content);
  if (bodyProblem) custom(bodyProblem, "description (the text under the fields)");
  if (issues.length > 0 || !result.success) throw new ContentError(describeIssues(path, issues));
  return { ...result.data, slug, body: parts.content.trim() };
}

/** Every role of content/roles/, in the order of their files' names. */
export function readRoles(dir: string = CONTENT_DIR): Role[] {
  const folder = join(dir, ROLES_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => readRole(file, dir));
}

/**
 * Checks every file as it is now; the build runs it first, so a bad edit stops it with every problem
 * listed at once, and the development server before each page (app/admin/content-notice.ts).
 */
export function checkAllContent(dir: string = CONTENT_DIR): string[] {
  const problems: string[] = [];
  const folder = join(dir, ROLES_FOLDER);
  for (const file of existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".md")) : []) {
    try {
      readRole(file, dir);
    } catch (error) {
      problems.push(error instanceof ContentError ? error.message : String(error));
    }
  }
  for (const name of CONTENT_NAMES) {
    try {
      parseContentFile(name, dir);
    } catch (error) {
      problems.push(error instanceof ContentError ? error.message : String(error));
    }
  }
  return problems;
}
