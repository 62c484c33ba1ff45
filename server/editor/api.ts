/**
 * The editor's API on EDITOR_ORIGIN (DECISIONS §12): Decap's proxy protocol, as `decap-server`
 * answers it (`POST /api/editor/v1`, JSON `{action, params}`), behind the session, reading and
 * writing the deployed branch through ./content-repo.ts and publishing through ./publisher.ts.
 *
 * - No session: 401. A path outside content/ and the media folder: 403. A file the build would
 *   refuse: 422 with the build's words, nothing written.
 * - Each file read comes with its version (its git blob id, `file.id`); the editor's page sends the
 *   versions it read back with a save (`params.versions`, app/admin/admin.tsx). A file changed on
 *   the branch since (a colleague's save, a developer's commit): 409, naming who and when, nothing written.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { posix } from "node:path";
import { API_ROUTES } from "#shared/api-paths.ts";
import { answerJson, endpoint } from "../http/answers";
import { errorCode } from "../safe-errors";
import { authorOf, type ContentRepo, type FileChange } from "./content-repo";
import { buildRefusal, editablePath, MEDIA_FOLDER } from "./file-checks";
import { SaveRefused, type Publisher } from "./publisher";
import type { SessionOf } from "./sign-in";

/** Images in base64 inside JSON: a few megabytes at most. */
export const EDITOR_API_BODY_LIMIT = 12 * 1024 * 1024;

type Params = Record<string, unknown>;

/** The words of a refused stale save: who changed the file, and when (UTC). */
export function staleWords(path: string, who: { name: string; email: string; at: string } | null): string {
  const when = who ? new Date(who.at).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "";
  return who
    ? `${path} was changed by ${who.name} (${who.email}) at ${when}, after you opened it. Nothing was saved: reload the page to see their change, then make yours again.`
    : `${path} changed after you opened it. Nothing was saved: reload the page, then make your change again.`;
}

export function editorApiRoutes({
  repo,
  publisher,
  sessionOf,
}: {
  repo: ContentRepo;
  publisher: Publisher;
  sessionOf: SessionOf;
}) {
  const refuse = (reply: FastifyReply, status: number, error: string) => answerJson(reply, status, { error });

  async function entry(commit: string, path: string) {
    const id = await repo.blob(commit, path);
    const data = id === null ? null : (await repo.blobContent(id)).toString("utf8");
    return { data, file: { path, id } };
  }

  async function mediaFile(commit: string, path: string) {
    const id = await repo.blob(commit, path);
    if (id === null) return null;
    const content = (await repo.blobContent(id)).toString("base64");
    return { id, content, encoding: "base64", path, name: posix.basename(path) };
  }

  /** Every path the action names, checked; null when one may not be touched. */
  function paths(values: unknown[]): string[] | null {
    const checked = values.map(editablePath);
    return checked.every((path): path is string => path !== null) ? checked : null;
  }

  /** Writes `changes` as one commit, unless a file changed since its version was read or the build refuses one. */
  async function save(email: string, changes: FileChange[], versions: Params, message: string) {
    for (const change of changes) {
      if (change.content === null) continue;
      const refusal = buildRefusal(change.path, change.content);
      if (refusal) throw new SaveRefused(422, refusal);
    }
    return publisher.save(changes, authorOf(email), message, async (tip) => {
      for (const { path } of changes) {
        const now = await repo.blob(tip, path);
        const read = versions[path];
        // A new file has no version; an existing one must be the version the editor read.
        const known = read === undefined ? null : read;
        if (now !== known && !(now === null && read === undefined)) {
          throw new SaveRefused(409, staleWords(path, await repo.lastChange(tip, path)));
        }
      }
    });
  }

  const messageOf = (options: unknown, fallback: string) => {
    const text = (options as Params | undefined)?.commitMessage;
    return typeof text === "string" && text.trim() ? text.trim().slice(0, 200) : fallback;
  };

  async function answer(action: string, params: Params, email: string): Promise<[number, unknown]> {
    const tip = await repo.tip();
    switch (action) {
      case "entriesByFolder": {
        const [folder] = paths([params.folder]) ?? [];
        if (!folder) return [403, { error: "The editor reads content/ and the media folder only." }];
        const extension = typeof params.extension === "string" ? `.${params.extension.replace(/^\./, "")}` : "";
        const depth = typeof params.depth === "number" ? params.depth : 1;
        const files = (await repo.list(tip, folder)).filter(
          (file) => file.path.endsWith(extension) && file.path.slice(folder.length + 1).split("/").length <= depth,
        );
        return [200, await Promise.all(files.map((file) => entry(tip, file.path)))];
      }
      case "entriesByFiles": {
        const files = Array.isArray(params.files) ? (params.files as Params[]) : [];
        const checked = paths(files.map((file) => file.path));
        if (!checked) return [403, { error: "The editor reads content/ and the media folder only." }];
        return [200, await Promise.all(checked.map((path) => entry(tip, path)))];
      }
      case "getEntry": {
        const [path] = paths([params.path]) ?? [];
        if (!path) return [403, { error: "The editor reads content/ and the media folder only." }];
        return [200, await entry(tip, path)];
      }
      case "persistEntry": {
        const files = [
          ...(Array.isArray(params.dataFiles) ? (params.dataFiles as Params[]) : []),
          ...(params.entry ? [params.entry as Params] : []),
        ];
        const assets = Array.isArray(params.assets) ? (params.assets as Params[]) : [];
        const checked = paths([
          ...files.map((file) => file.newPath ?? file.path),
          ...assets.map((asset) => asset.path),
        ]);
        if (!checked || files.length === 0)
          return [403, { error: "The editor writes content/ and the media folder only." }];
        const changes: FileChange[] = [
          ...files.map((file, index) => ({
            path: checked[index]!,
            content: Buffer.from(String(file.raw ?? ""), "utf8"),
          })),
          ...assets.map((asset, index) => ({
            path: checked[files.length + index]!,
            content: Buffer.from(String(asset.content ?? ""), "base64"),
          })),
        ];
        const versions = (params.versions ?? {}) as Params;
        const { commit } = await save(email, changes, versions, messageOf(params.options, `Edit ${changes[0]!.path}`));
        const saved = Object.fromEntries(
          await Promise.all(changes.map(async ({ path }) => [path, await repo.blob(commit, path)])),
        );
        return [200, { message: "entry persisted", versions: saved, publish: publisher.status }];
      }
      case "getMedia": {
        const folder = params.mediaFolder === MEDIA_FOLDER ? MEDIA_FOLDER : paths([params.mediaFolder])?.[0];
        if (!folder) return [403, { error: "The editor reads content/ and the media folder only." }];
        const files = await repo.list(tip, folder);
        return [200, (await Promise.all(files.map((file) => mediaFile(tip, file.path)))).filter(Boolean)];
      }
      case "getMediaFile": {
        const [path] = paths([params.path]) ?? [];
        if (!path) return [403, { error: "The editor reads content/ and the media folder only." }];
        const file = await mediaFile(tip, path);
        return file ? [200, file] : [404, { error: `${path} does not exist.` }];
      }
      case "persistMedia": {
        const asset = (params.asset ?? {}) as Params;
        const [path] = paths([asset.path]) ?? [];
        if (!path) return [403, { error: "The editor writes content/ and the media folder only." }];
        const content = Buffer.from(String(asset.content ?? ""), asset.encoding === "base64" ? "base64" : "utf8");
        const { commit } = await save(email, [{ path, content }], {}, messageOf(params.options, `Upload ${path}`));
        return [200, await mediaFile(commit, path)];
      }
      case "deleteFile":
      case "deleteFiles": {
        const given = action === "deleteFile" ? [params.path] : Array.isArray(params.paths) ? params.paths : [];
        const checked = paths(given);
        if (!checked || checked.length === 0)
          return [403, { error: "The editor deletes in content/ and the media folder only." }];
        const versions: Params = {};
        for (const path of checked)
          versions[path] = ((params.versions ?? {}) as Params)[path] ?? (await repo.blob(tip, path));
        await save(
          email,
          checked.map((path) => ({ path, content: null })),
          versions,
          messageOf(params.options, `Delete ${checked.join(", ")}`),
        );
        return [200, { message: `deleted ${checked.join(", ")}` }];
      }
      case "getDeployPreview":
        return [200, null];
      default:
        return [422, { error: `Unknown action ${action}` }];
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const session = await sessionOf(request);
    if (!session) return refuse(reply, 401, "Sign in first: your session ended. Reload the page.");
    let body: { action?: unknown; params?: unknown };
    try {
      body = JSON.parse(Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "{}") as typeof body;
    } catch {
      return refuse(reply, 400, "The request is not JSON.");
    }
    if (typeof body.action !== "string") return refuse(reply, 400, "The request names no action.");
    try {
      const [status, result] = await answer(body.action, (body.params ?? {}) as Params, session.email);
      return answerJson(reply, status, result);
    } catch (error) {
      if (error instanceof SaveRefused) return refuse(reply, error.status, error.message);
      request.log.error(`[editor] ${body.action} failed (${errorCode(error)})`);
      console.error(`[editor] ${body.action} failed: ${error instanceof Error ? error.message : String(error)}`);
      return refuse(reply, 500, "The server could not do that just now. Nothing was lost: try again in a minute.");
    }
  }

  return (app: FastifyInstance) => {
    endpoint(app, { method: ["POST"], url: API_ROUTES.editorApi, bodyLimit: EDITOR_API_BODY_LIMIT, handler: handle });
    endpoint(app, {
      method: ["GET", "HEAD"],
      url: API_ROUTES.editorStatus,
      handler: async (request, reply) => {
        // Asked first by the editor's page: without a session it goes to the sign-in (app/admin/site-backend.ts).
        if (!(await sessionOf(request))) return answerJson(reply, 200, { signedIn: false });
        return answerJson(reply, 200, { signedIn: true, ...(await publisher.currentStatus()) });
      },
    });
  };
}
