import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { SiteConfig } from "#shared/site-config.ts";
import { buildEditor } from "./build-editor";
import { contentNotice } from "./content-notice";
import { serverOnlyPaths } from "./server-only-paths";

/**
 * The editor at /admin, when the build has one (EDITOR_ORIGIN, or the local backend of
 * `npm run edit`); a build without one has no /admin and ships none of its code. The
 * development server serves the editor's page as a route; a production build writes it, with
 * the editor's own bundle, once the site is built (./build-editor.ts). The development server
 * also answers a page with a notice while a file of content/ is refused (./content-notice.ts), and
 * says why the server's own files (the roles' feed, the sitemap) are not there (./server-only-paths.ts).
 */
export function editor(site: SiteConfig, define: Record<string, string>): AstroIntegration {
  return {
    name: "ta-network-editor",
    hooks: {
      "astro:config:setup": ({ command, injectRoute, updateConfig }) => {
        if (command !== "dev") return;
        if (site.editor) injectRoute({ pattern: "/admin", entrypoint: "./app/admin/admin-dev.astro", prerender: true });
        updateConfig({ vite: { plugins: [contentNotice(site.editor ? "/admin" : null), serverOnlyPaths()] } });
      },
      "astro:build:done": async ({ dir }) => {
        if (site.editor) await buildEditor({ client: fileURLToPath(dir), site, define });
      },
    },
  };
}
