/**
 * Which host is the editor's (docs/deployment/editor.md): on EDITOR_ORIGIN's host the site's
 * server answers the build's editor (`/admin`, its files), its sign-in and its API, and nothing
 * else; on any other host, the site without them. The signed-in editor's session is that origin's
 * cookie, and no script of the site's pages ever runs there.
 */
import { API_PREFIX } from "#shared/api-paths.ts";
import { isLoopbackHost } from "#shared/env.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { EDITOR_PATH } from "./csp";

/** The editor's sign-in, API and history (server/editor/): answered where the editor is, and nowhere else. */
const EDITOR_API_PATHS = `${API_PREFIX}/editor/`;
/** The editor's page is EDITOR_PATH; its script and chunks are under this. */
const EDITOR_FILES = `${EDITOR_PATH}/`;

/**
 * Where the build's editor and its sign-in are answered: `{ host }`, EDITOR_ORIGIN's host with
 * its port, and there nothing else is; `"every-host"`, beside the site's pages, which only a
 * loopback SITE_URL allows; null: nowhere.
 */
export type EditorPlace = { host: string } | "every-host" | null;

/** Where this configuration's editor is answered: on EDITOR_ORIGIN; beside the pages only on a loopback SITE_URL. */
export function editorPlace(site: Pick<SiteConfig, "editor" | "editorOrigin" | "siteUrl">): EditorPlace {
  if (site.editor?.backend !== "server") return null;
  if (site.editorOrigin) return { host: new URL(site.editorOrigin).host };
  // The configuration refuses a public SITE_URL without EDITOR_ORIGIN (shared/site-config.ts); this holds regardless.
  return isLoopbackHost(new URL(site.siteUrl).hostname) ? "every-host" : null;
}

/** The Host a request names, as an origin's `host` writes it: lower case, without the scheme's default port. */
function hostOf(request: Pick<FastifyRequest, "headers">): string {
  return (request.headers.host ?? "").toLowerCase().replace(/:(80|443)$/, "");
}

/** An EditorPlace, as the site's server applies it to each request. */
export class EditorHost {
  /** EDITOR_ORIGIN's host with its port, where the editor is and nothing else; null without one. */
  readonly host: string | null;

  constructor(private readonly place: EditorPlace) {
    this.host = place !== null && place !== "every-host" ? place.host : null;
  }

  /** Whether the request is on the editor's own host: there its page, files and sign-in alone, under its policy. */
  isFor(request: Pick<FastifyRequest, "headers">): boolean {
    return this.host !== null && hostOf(request) === this.host;
  }

  /** Whether the request's host answers the API path `path`: the editor's only the sign-in; the others all but the sign-in, unless the editor is on every host. */
  answersApiPath(request: Pick<FastifyRequest, "headers">, path: string): boolean {
    const signIn = path.startsWith(EDITOR_API_PATHS);
    return this.isFor(request) ? signIn : !signIn || this.place === "every-host";
  }

  /** Of the build's files, those the editor's host answers (the editor's) and those any other answers (the rest, and the editor's only on every host). */
  split(files: ReadonlySet<string>): { editor: ReadonlySet<string>; site: ReadonlySet<string> } {
    const isEditorFile = (file: string) => file.startsWith(EDITOR_FILES);
    return {
      editor: this.host ? new Set([...files].filter(isEditorFile)) : new Set(),
      site: this.place === "every-host" ? files : new Set([...files].filter((file) => !isEditorFile(file))),
    };
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Where the build's editor is answered (server/http/editor-host.ts). */
    editorHost: EditorHost;
  }
}

/** Gives the server its `editorHost`, which the policy's headers and the static files go by. */
export const editorHost = fp<{ place: EditorPlace }>(
  async (app, { place }) => {
    app.decorate("editorHost", new EditorHost(place));
  },
  { name: "editor-host", fastify: "5.x" },
);
