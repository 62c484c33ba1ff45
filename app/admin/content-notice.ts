/**
 * The development server's answer while a file of content/ is refused by its schema: instead of a
 * page drawn from words the build would refuse (or a stack trace), a notice naming each file and
 * field in the build's words, and the way to the editor that fixes it. The editor itself, the
 * server's API and Vite's own files are served as ever, so a broken file never locks anyone out
 * (docs/decisions/0022-git-based-editor.md). The build still refuses the file (astro.config.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";
import { checkAllContent } from "#shared/content/read.ts";
import { htmlDocument } from "#shared/html-document.ts";
import { escapeHtml } from "#shared/text.ts";

/** Paths the notice never stands in for: the editor, the API, and the development server's own files. */
const PASSED = /^\/(?:admin|api|@|_astro|_image|node_modules|src|app|shared)(?:[/?#]|$)/;

/** A browser asking for a page (not a script, a style or an image). */
const asksForPage = (request: IncomingMessage) =>
  (request.method === "GET" || request.method === "HEAD") &&
  !PASSED.test(request.url ?? "/") &&
  (request.headers["sec-fetch-dest"] === "document" || (request.headers.accept ?? "").includes("text/html"));

export function noticePage(problems: readonly string[], editorPath: string | null): string {
  const fix = editorPath
    ? `Fix it in the editor, <a href="${editorPath}">${editorPath}</a>, or in the file, and this page shows again.`
    : "Fix it in the file (or with <code>npm run edit</code>), and this page shows again.";
  return htmlDocument({
    title: "A file of content/ needs a change",
    robots: "noindex",
    bodyStyle:
      "font-family: system-ui, sans-serif; max-width: 46rem; margin: 3rem auto; padding: 0 1.25rem; line-height: 1.5; color: #0b1f3a",
    body: [
      `<h1 style="font-size: 1.5rem">A file of content/ needs a change before the site can show it</h1>`,
      `<p>${fix} The build refuses these files until then.</p>`,
      ...problems.map(
        (problem) =>
          `<pre role="alert" style="white-space: pre-wrap; background: #fdf3f2; border-left: 4px solid #b42318; padding: 1rem">${escapeHtml(problem)}</pre>`,
      ),
    ].join("\n"),
  });
}

/** The development server's notice of refused content; `editorPath` when the editor is served (npm run edit). */
export function contentNotice(editorPath: string | null): Plugin {
  return {
    name: "ta-network-content-notice",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        if (!asksForPage(request)) return next();
        // Read afresh for each page: a file fixed in the editor or by hand shows at the next load.
        const problems = checkAllContent();
        if (problems.length === 0) return next();
        response.statusCode = 503;
        response.setHeader("content-type", "text/html; charset=utf-8");
        response.setHeader("cache-control", "no-store");
        response.end(request.method === "HEAD" ? undefined : noticePage(problems, editorPath));
      });
    },
  };
}
