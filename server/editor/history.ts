/**
 * The history of the site's words, on EDITOR_ORIGIN (`/api/editor/history`, linked from the
 * editor): each change to content/ and the media folder, newest first, with who, when, which file
 * and the words before and after, field by field (the YAML and front matter of both versions read,
 * never shown raw). "Undo" (`POST /api/editor/undo`) puts back the files one change wrote, as a new
 * commit by the one who undoes it, published like a save; it refuses when a later change touched
 * the same file (the words to undo are no longer the ones shown).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseFrontmatter } from "astro/markdown";
import yaml from "js-yaml";
import { API_ROUTES, apiPath } from "#shared/api-paths.ts";
import { escapeHtml } from "#shared/text.ts";
import { endpoint } from "../http/answers";
import { paragraph, plainPage } from "../api/plain-page";
import { authorOf, type ContentRepo, type FileChange } from "./content-repo";
import { CONTENT_FOLDER, MEDIA_FOLDER } from "./file-checks";
import { SaveRefused, type Publisher } from "./publisher";
import { postedFrom, type SessionOf } from "./sign-in";

const HISTORY_LENGTH = 30;

/** A field that differs between two versions of a file: its path (`hero.headline`), before and after (null: absent). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** A file's fields: YAML, or Markdown's front matter with its body. */
function fieldsOf(path: string, text: string | null): Record<string, string> {
  if (text === null) return {};
  let data: unknown;
  try {
    if (path.endsWith(".md")) {
      const parts = parseFrontmatter(text);
      data = { ...parts.frontmatter, description: parts.content.trim() };
    } else if (/\.ya?ml$/.test(path)) data = yaml.load(text);
    else return { file: `${text.length} bytes` };
  } catch {
    return { "(unreadable)": text.slice(0, 200) };
  }
  const flat: Record<string, string> = {};
  const walk = (value: unknown, at: string) => {
    if (value !== null && typeof value === "object" && !(value instanceof Date)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, at ? `${at}.${key}` : key);
    } else flat[at || "(value)"] = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  };
  walk(data, "");
  return flat;
}

/** The fields that differ between two versions of the file `path`. */
export function fieldChanges(path: string, before: string | null, after: string | null): FieldChange[] {
  const [old, now] = [fieldsOf(path, before), fieldsOf(path, after)];
  return [...new Set([...Object.keys(old), ...Object.keys(now)])]
    .filter((field) => old[field] !== now[field])
    .map((field) => ({ field, before: old[field] ?? null, after: now[field] ?? null }));
}

export interface HistoryEntry {
  commit: string;
  name: string;
  email: string;
  at: string;
  subject: string;
  files: { path: string; changes: FieldChange[] }[];
}

export async function readHistory(repo: ContentRepo, max = HISTORY_LENGTH): Promise<HistoryEntry[]> {
  const tip = await repo.tip();
  const commits = await repo.log(tip, [CONTENT_FOLDER, MEDIA_FOLDER], max);
  return Promise.all(
    commits.map(async (commit) => {
      const files = (await repo.changedFiles(commit.commit)).filter(
        (file) => file.path.startsWith(`${CONTENT_FOLDER}/`) || file.path.startsWith(`${MEDIA_FOLDER}/`),
      );
      const text = async (id: string | null) => (id === null ? null : (await repo.blobContent(id)).toString("utf8"));
      return {
        ...commit,
        subject: await repo.subject(commit.commit),
        files: await Promise.all(
          files.map(async (file) => ({
            path: file.path,
            changes: fieldChanges(file.path, await text(file.before), await text(file.after)),
          })),
        ),
      };
    }),
  );
}

/** Puts back what `commit` changed, as a new commit by `email`; refused when a later change touched one of its files. */
export async function undo(repo: ContentRepo, publisher: Publisher, commit: string, email: string) {
  const files = (await repo.changedFiles(commit)).filter(
    (file) => file.path.startsWith(`${CONTENT_FOLDER}/`) || file.path.startsWith(`${MEDIA_FOLDER}/`),
  );
  if (files.length === 0) throw new SaveRefused(422, "That change touched none of the site's words.");
  const changes: FileChange[] = await Promise.all(
    files.map(async (file) => ({
      path: file.path,
      content: file.before === null ? null : await repo.blobContent(file.before),
    })),
  );
  const subject = await repo.subject(commit);
  return publisher.save(changes, authorOf(email), `Undo "${subject}"`, async (tip) => {
    for (const file of files) {
      if ((await repo.blob(tip, file.path)) !== file.after) {
        const later = await repo.lastChange(tip, file.path);
        throw new SaveRefused(
          409,
          `Not undone: ${file.path} was changed again since${later ? `, by ${later.name} at ${later.at.replace("T", " ").slice(0, 16)}` : ""}. Undo that later change first, or edit the words in the editor.`,
        );
      }
    }
  });
}

export function historyRoutes({
  repo,
  publisher,
  sessionOf,
  siteName,
  origin,
}: {
  repo: ContentRepo;
  publisher: Publisher;
  sessionOf: SessionOf;
  siteName: string;
  origin: string;
}) {
  const historyPath = apiPath(API_ROUTES.editorHistory);
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  };
  const page = (reply: FastifyReply, status: number, heading: string, body: string) =>
    reply
      .code(status)
      .headers(headers)
      .send(plainPage({ title: heading, siteName, heading, body, robots: "noindex, nofollow" }));
  const signIn = (reply: FastifyReply) => reply.code(303).header("Location", apiPath(API_ROUTES.editorSignIn)).send();
  const shown = (value: string | null) =>
    value === null ? "<em>(none)</em>" : escapeHtml(value.length > 300 ? `${value.slice(0, 300)}…` : value);

  async function show(request: FastifyRequest, reply: FastifyReply, note = "", status = 200) {
    if (!(await sessionOf(request))) return signIn(reply);
    const entries = await readHistory(repo);
    const publishing = publisher.status.message ? paragraph(`Publishing: ${publisher.status.message}`, "note") : "";
    const items = entries.map(
      (entry) =>
        `<li data-commit="${entry.commit}"><p><strong>${escapeHtml(entry.name)}</strong> (${escapeHtml(entry.email)}), ${escapeHtml(entry.at.replace("T", " ").slice(0, 16))}: ${escapeHtml(entry.subject)}</p>` +
        entry.files
          .map(
            (file) =>
              `<p class="note">${escapeHtml(file.path)}</p><table><thead><tr><th>Field</th><th>Before</th><th>After</th></tr></thead><tbody>` +
              file.changes
                .map(
                  (change) =>
                    `<tr><td>${escapeHtml(change.field)}</td><td class="before">${shown(change.before)}</td><td class="after">${shown(change.after)}</td></tr>`,
                )
                .join("") +
              "</tbody></table>",
          )
          .join("") +
        `<form method="post" action="${apiPath(API_ROUTES.editorUndo)}"><input type="hidden" name="commit" value="${entry.commit}"><button type="submit">Undo this change</button></form></li>`,
    );
    return page(
      reply,
      status,
      "History of the words",
      `${note}${publishing}<p><a href="/admin">Back to the editor</a></p><ol reversed style="padding-left:1.25rem">${items.join("")}</ol>`,
    );
  }

  async function undoOne(request: FastifyRequest, reply: FastifyReply) {
    const session = await sessionOf(request);
    if (!session) return signIn(reply);
    if (!postedFrom(request, origin)) return page(reply, 403, "Undo", paragraph("Undo from the history page."));
    const commit =
      new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "").get("commit") ?? "";
    if (!/^[0-9a-f]{40}$/.test(commit) || !(await repo.isAncestor(commit, await repo.tip()))) {
      return show(request, reply, paragraph("There is no such change."), 404);
    }
    try {
      await undo(repo, publisher, commit, session.email);
    } catch (error) {
      if (error instanceof SaveRefused)
        return show(request, reply, `<p role="alert">${escapeHtml(error.message)}</p>`, error.status);
      throw error;
    }
    return reply.code(303).headers({ Location: historyPath, "Cache-Control": "no-store" }).send();
  }

  return (app: FastifyInstance) => {
    endpoint(app, {
      method: ["GET", "HEAD"],
      url: API_ROUTES.editorHistory,
      handler: (request, reply) => show(request, reply),
    });
    endpoint(app, { method: ["POST"], url: API_ROUTES.editorUndo, handler: undoOne });
  };
}
