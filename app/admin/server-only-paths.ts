/**
 * What the development server (`npm run edit`) answers where the live site's answer is the
 * server's own: the roles' feed and the sitemap are composed by the server for the roles open at
 * each moment (server/http/role-documents.ts, server/http/sitemap.ts), and no server runs beside
 * the development server. Instead of a bare 404, a page saying so, and where to see what they
 * will list (docs/decisions/0022-git-based-editor.md).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";
import { htmlDocument } from "#shared/html-document.ts";
import { ROLES_FEED_PATH, ROLES_PATH } from "#shared/roles/page.ts";

/** The paths only the site's server answers, and what each is, in the marketer's words. */
export const SERVER_ONLY_PATHS: Readonly<Record<string, string>> = {
  [ROLES_FEED_PATH]: "The open roles' feed",
  "/sitemap.xml": "The sitemap search engines read",
};

export function serverOnlyPage(what: string): string {
  return htmlDocument({
    title: `${what} is made by the site's server`,
    robots: "noindex",
    bodyStyle:
      "font-family: system-ui, sans-serif; max-width: 46rem; margin: 3rem auto; padding: 0 1.25rem; line-height: 1.5; color: #0b1f3a",
    body: [
      `<h1 style="font-size: 1.5rem">${what} is made by the site's server, not here</h1>`,
      `<p>The live site's server writes it for the roles open at that moment. This preview of the site (<code>npm run edit</code>) runs no server, so it cannot show it. It lists the same roles as <a href="${ROLES_PATH}">${ROLES_PATH}</a> shows here now; to see the file itself, run <code>npm run build</code> and <code>npm start</code>.</p>`,
    ].join("\n"),
  });
}

/** The development server's answer at the server's own paths. */
export function serverOnlyPaths(): Plugin {
  return {
    name: "ta-network-server-only-paths",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const path = (request.url ?? "/").split("?")[0]!;
        const what = SERVER_ONLY_PATHS[path];
        if (what === undefined) return next();
        response.statusCode = 501;
        response.setHeader("content-type", "text/html; charset=utf-8");
        response.setHeader("cache-control", "no-store");
        response.end(request.method === "HEAD" ? undefined : serverOnlyPage(what));
      });
    },
  };
}
