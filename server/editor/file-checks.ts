/**
 * What the editor's API may write (DECISIONS §12): files under content/ and the media folder only
 * (403 otherwise), each file of content/ checked whole by the build's own reader and schemas
 * (shared/content/read.ts) before anything is written (422 with the build's words otherwise).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { CONTENT } from "#shared/content/collections.ts";
import { ContentError, readContent, readRole } from "#shared/content/read.ts";
import { CONTENT_NAMES } from "#shared/pages.ts";
import { ROLES_FOLDER } from "#shared/roles/schema.ts";
import { MEDIA_FOLDER } from "#shared/media-folder.ts";

export { MEDIA_FOLDER };
export const CONTENT_FOLDER = "content";

/** A path the editor may touch: under content/ or the media folder, plainly written; else null. */
export function editablePath(path: unknown): string | null {
  if (typeof path !== "string" || path === "" || path.length > 300) return null;
  if (path.includes("\\") || path.includes("\0") || path.startsWith("/")) return null;
  const normal = posix.normalize(path);
  if (normal !== path || normal.split("/").some((part) => part === ".." || part === "." || part.startsWith(".git")))
    return null;
  return normal.startsWith(`${CONTENT_FOLDER}/`) || normal.startsWith(`${MEDIA_FOLDER}/`) ? normal : null;
}

/** What the build says of `content` as the file `path` (under content/), or null when it would build. */
export function buildRefusal(path: string, content: Buffer): string | null {
  if (path.startsWith(`${MEDIA_FOLDER}/`)) return null;
  const file = path.slice(CONTENT_FOLDER.length + 1);
  const name = CONTENT_NAMES.find((candidate) => CONTENT[candidate].file === file);
  const role =
    file.startsWith(`${ROLES_FOLDER}/`) && file.endsWith(".md") && !file.slice(ROLES_FOLDER.length + 1).includes("/");
  if (!name && !role) return `content/${file} is not a file the site reads: the editor writes only the files it shows.`;
  const scratch = mkdtempSync(join(tmpdir(), "editor-check-"));
  try {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), content);
    if (name) readContent(name, scratch);
    else readRole(file.slice(ROLES_FOLDER.length + 1), scratch);
    return null;
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
