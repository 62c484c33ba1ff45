/**
 * The build's files, and what is not one of them: @fastify/static sends a file (its `send`
 * answers Range, ETag and conditional requests, picks the precompressed .br/.gz variant, and
 * closes a file whose client went early); which URL is which file is the policy's
 * (./request-path.ts), as it is nginx's. Besides the build's own files: the `/assets/` files of
 * earlier releases still kept, the files of roles posted ahead once their day has come, the list
 * of roles, the sitemap and the feed composed for the roles open now (./role-documents.ts), the
 * IndexNow key file when there is a key, and the 404 and 410 pages, read once. Anything that is no route of the
 * site is answered here too: a JSON 404 under /api/, 405 for a method other than GET and HEAD.
 */
import { API_PREFIX } from "#shared/api-paths.ts";
import { ROLES_PATH } from "#shared/roles/page.ts";
import { ROLE_TIMETABLE_FILE, type RoleTimetable } from "#shared/roles/timetable.ts";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { EditorHost } from "./editor-host";
import { readRoleTimetable } from "./read-role-timetable";
import { answerText, closeAfterAnswer, refuse } from "./answers";
import { listFiles } from "./build-files";
import { EDITOR_PATH } from "./csp";
import { resolveRequest } from "./request-path";
import {
  answerMemoryFile,
  readRoleParts,
  roleDocuments,
  UPCOMING_ROLES_FOLDER,
  type MemoryDocument,
} from "./role-documents";
import { RoleSchedule, type RolesState } from "./role-schedule";
import {
  ALLOW_HEADER,
  ALLOWED_METHODS,
  ASSETS_PREFIX,
  COMPRESSED_SUFFIXES,
  contentTypeFor,
  type Encoding,
  GONE_FILE,
  indexNowKeyPath,
  NOT_FOUND_FILE,
} from "./static-policy";

/** Every path under it is answered by the API, never by a file (shared/api-paths.ts). */
const API_PATHS = `${API_PREFIX}/`;

/** The raw path of a request target, before any decoding (what nginx's API map reads, too). */
const rawPath = (target: string) => target.split("?")[0]!;

/** An error page (404, 410) and its precompressed variants, read once: the answer never depends on the disk. */
interface ErrorPage extends MemoryDocument {
  file: string;
}

function loadErrorPage(root: string, file: string): ErrorPage {
  const variants: Partial<Record<Encoding, Buffer>> = {};
  for (const [encoding, suffix] of Object.entries(COMPRESSED_SUFFIXES) as [Encoding, string][]) {
    const path = join(root, file + suffix);
    if (existsSync(path)) variants[encoding] = readFileSync(path);
  }
  return { file, identity: readFileSync(join(root, file)), variants };
}

/**
 * The roles of the build served from `dir` (BUILD_DIR/roles.json, or `read`, the caller's
 * copy of it), each opening and closing at its time by `clock`; the 410 page; the list, the
 * sitemap and the feed, composed for the roles open (none of these in a build without roles);
 * the files of the roles still to open (BUILD_DIR/upcoming-roles/<slug>/), each with its folder.
 */
function loadRoles(dir: string, files: ReadonlySet<string>, clock: () => number, read?: RoleTimetable) {
  const manifest = join(dirname(dir), ROLE_TIMETABLE_FILE);
  // Role pages without it would be offered for ever: a deployment that left it behind stops here.
  if ([...files].some((file) => file.startsWith(`${ROLES_PATH}/`)) && !existsSync(manifest)) {
    throw new Error(`${dir} has role pages but ${manifest} is missing: deploy it with the build.`);
  }
  const timetable = read ?? readRoleTimetable(dirname(dir));
  const hasRoles = timetable.roles.length > 0;
  if (hasRoles && !files.has(GONE_FILE)) {
    throw new Error(`${dir} lists roles but has no ${GONE_FILE.slice(1)}, the page of a closed role: build again.`);
  }
  const upcoming = new Map<string, { root: string; slug: string }>();
  for (const { slug } of timetable.roles) {
    const root = join(dirname(dir), UPCOMING_ROLES_FOLDER, slug);
    if (existsSync(root)) for (const file of listFiles(root)) upcoming.set(file, { root, slug });
  }
  return {
    roles: new RoleSchedule(timetable, clock),
    gonePage: hasRoles ? loadErrorPage(dir, GONE_FILE) : null,
    documents: roleDocuments(hasRoles ? readRoleParts(dirname(dir)) : null, timetable),
    upcoming,
  };
}

/** The `/assets/` files of `olderRoots` that `own` lacks, each with the root it is in (the newest root first wins). */
export function olderAssets(olderRoots: readonly string[], own: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const olderRoot of olderRoots) {
    const dir = resolve(olderRoot);
    if (!existsSync(join(dir, ASSETS_PREFIX))) continue;
    for (const file of listFiles(join(dir, ASSETS_PREFIX))) {
      const path = `${ASSETS_PREFIX.slice(0, -1)}${file}`;
      if (!own.has(path) && !found.has(path)) found.set(path, dir);
    }
  }
  return found;
}

export interface StaticFilesOptions {
  /** The built site (BUILD_DIR/client), with its 404 page. */
  root: string;
  /**
   * The client folders of earlier releases still kept (releases/on-disk.ts): their
   * `/assets/` files this build does not have are answered too, so a page loaded before a
   * switch can still fetch the hashed scripts it asks for afterwards.
   */
  olderRoots: readonly string[];
  /** The build's roles (BUILD_DIR/roles.json), when the caller has read them already; read here otherwise. */
  roles?: RoleTimetable;
  /** The time roles open and close by. */
  clock: () => number;
  /** INDEXNOW_KEY: its key file is answered at `/<key>.txt` (docs/deployment/search-engines.md); none by default. */
  indexNowKey?: string | null;
}

/** The build served, as this plugin answers it: read once at start. */
interface ServedBuild extends ReturnType<typeof loadRoles> {
  dir: string;
  /** Earlier releases' `/assets/` files, each with the folder it is in. */
  earlierAssets: Map<string, string>;
  /** The files the editor's host answers, and those any other host does (./editor-host.ts). */
  hostFiles: { editor: ReadonlySet<string>; site: ReadonlySet<string> };
  notFoundPage: ErrorPage;
  editorHost: EditorHost;
  /** The file each request is answered with, for its Content-Type once the variant is chosen. */
  servedFiles: WeakMap<FastifyRequest, string>;
  /** The site's files at a moment: the build's, and those of the roles posted ahead that have opened since. */
  siteFilesAt(rolesNow: RolesState): ReadonlySet<string>;
}

function loadBuild({ root, olderRoots, roles, clock }: StaticFilesOptions, editorHost: EditorHost): ServedBuild {
  const dir = resolve(root);
  const ownFiles = listFiles(dir);
  const earlierAssets = olderAssets(olderRoots, ownFiles);
  const files: ReadonlySet<string> =
    earlierAssets.size > 0 ? new Set([...ownFiles, ...earlierAssets.keys()]) : ownFiles;
  const hostFiles = editorHost.split(files);
  const loaded = loadRoles(dir, files, clock, roles);
  let filesNow: { version: number; files: ReadonlySet<string> } = { version: -1, files: hostFiles.site };
  const siteFilesAt = (rolesNow: RolesState): ReadonlySet<string> => {
    if (loaded.upcoming.size === 0) return hostFiles.site;
    if (filesNow.version !== rolesNow.version) {
      const opened = [...loaded.upcoming].filter(([, role]) => rolesNow.isOpen(role.slug)).map(([file]) => file);
      filesNow = { version: rolesNow.version, files: new Set([...hostFiles.site, ...opened]) };
    }
    return filesNow.files;
  };
  return {
    dir,
    earlierAssets,
    hostFiles,
    notFoundPage: loadErrorPage(dir, NOT_FOUND_FILE),
    editorHost,
    servedFiles: new WeakMap(),
    siteFilesAt,
    ...loaded,
  };
}

/** An error page (404, 410), in the encoding the client prefers; a document, whatever was asked for. */
function answerErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, page: ErrorPage) {
  reply.documentPolicy().header("Content-Type", contentTypeFor(page.file));
  return answerMemoryFile(request, reply, page, status);
}

/**
 * What is not a route of the site: under /api/ (on the raw path, as nginx decides) a JSON
 * 404; a method other than GET and HEAD, 405; anything else, the 404 page (the editor's
 * host answers in words alone: the site's 404 page is a visitor's page). Refusals close the
 * connection rather than read a body.
 */
function answerUnrouted(build: ServedBuild, request: FastifyRequest, reply: FastifyReply) {
  if (rawPath(request.url).startsWith(API_PATHS)) return refuse(request, reply, 404, { error: "Not Found" });
  if (!(ALLOWED_METHODS as readonly string[]).includes(request.method)) {
    closeAfterAnswer(request, reply);
    return answerText(reply.header("Allow", ALLOW_HEADER), 405, "Method Not Allowed");
  }
  if (build.editorHost.isFor(request)) return answerText(reply, 404, "Not Found");
  return answerErrorPage(request, reply, 404, build.notFoundPage);
}

/** Whether a request is no route of the site, before anything else is done with it (./request-path.ts decides the files). */
function isUnrouted({ editorHost }: ServedBuild, request: FastifyRequest): boolean {
  const path = rawPath(request.url);
  const routed = request.routeOptions.url;
  return (
    (path.startsWith(API_PATHS) && !editorHost.answersApiPath(request, path)) ||
    request.is404 ||
    // The router decodes the path (`/%61pi/...` finds /api/...); an API route answers its exact raw path only.
    (routed?.startsWith(API_PATHS) === true && path !== routed)
  );
}

/** A GET or HEAD of the site: the file its path names for its host, a redirect, the 404 or the 410 page. */
function answerFile(build: ServedBuild, request: FastifyRequest, reply: FastifyReply) {
  if (rawPath(request.url).startsWith(API_PATHS)) return answerUnrouted(build, request, reply);
  // The editor's host finds the editor's files only (its root leads to its page), and no role.
  const forEditor = build.editorHost.isFor(request);
  if (forEditor && rawPath(request.url) === "/") return answerText(reply.header("Location", EDITOR_PATH), 302, "Found");
  const rolesNow = build.roles.now();
  const resolution = resolveRequest(
    request.url,
    forEditor ? build.hostFiles.editor : build.siteFilesAt(rolesNow),
    forEditor ? undefined : rolesNow,
  );
  switch (resolution.kind) {
    case "bad-request":
      return answerText(reply, 400, "Bad Request");
    case "redirect":
      return answerText(reply.header("Location", resolution.location), 301, "Moved Permanently");
    case "not-found":
      return answerUnrouted(build, request, reply);
    case "gone":
      // Only a role of the timetable is ever gone, and a build with roles has its 410 page.
      return answerErrorPage(request, reply, 410, build.gonePage!);
    case "file": {
      reply.filePolicy(resolution.file);
      build.servedFiles.set(request, resolution.file);
      const composed = build.documents.get(resolution.file);
      if (composed) return composed.at(rolesNow).then((file) => answerMemoryFile(request, reply, file));
      // An earlier release's hashed asset is sent from its own folder (a page loaded before a switch),
      // and a role posted ahead, once open, from its own.
      const from = build.earlierAssets.get(resolution.file) ?? build.upcoming.get(resolution.file)?.root ?? build.dir;
      return reply.sendFile(resolution.file, from);
    }
  }
}

export const staticFiles = fp<StaticFilesOptions>(
  async (app, options) => {
    const build = loadBuild(options, app.editorHost);

    // A callback hook (on every request, no promise each): an answer given here ends the request.
    app.addHook("onRequest", (request, reply, done) => {
      if (isUnrouted(build, request)) return void answerUnrouted(build, request, reply);
      done();
    });
    app.setNotFoundHandler((request, reply) => answerUnrouted(build, request, reply));

    await app.register(fastifyStatic, {
      root: build.dir,
      serve: false,
      preCompressed: true,
      // The policy sets these (static-policy.ts), as nginx's configuration does.
      cacheControl: false,
      contentType: false,
      index: false,
      dotfiles: "allow",
    });

    // IndexNow's key file: the engines fetch it to check that the pushes are the site's own (nginx answers it too).
    const { indexNowKey } = options;
    if (indexNowKey) {
      app.route({
        method: ["GET", "HEAD"],
        url: indexNowKeyPath(indexNowKey),
        handler: (request, reply) =>
          // The site's alone: the editor's host answers nothing but the editor (there a 404).
          build.editorHost.isFor(request)
            ? answerFile(build, request, reply)
            : reply
                .filePolicy(indexNowKeyPath(indexNowKey))
                .header("Content-Type", "text/plain; charset=utf-8")
                .send(indexNowKey),
      });
    }

    app.route({
      method: ["GET", "HEAD"],
      url: "*",
      onSend: (request, reply, payload, done) => {
        const file = build.servedFiles.get(request);
        // @fastify/static names a precompressed variant's type from its own table: the policy's wins.
        if (file) reply.header("Content-Type", contentTypeFor(file));
        done(null, payload);
      },
      handler: (request, reply) => answerFile(build, request, reply),
    });
  },
  { name: "static-files", fastify: "5.x", dependencies: ["editor-host", "policy-headers"] },
);
