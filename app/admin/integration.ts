import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { SiteConfig } from "#shared/site-config.ts";
import { buildEditor } from "./build-editor";

/**
 * The editor at /admin, when the build has one (CMS_GITHUB_REPO, or the local backend of
 * `npm run edit`); a build without one has no /admin and ships none of its code. The
 * development server serves the editor's page as a route; a production build writes it, with
 * the editor's own bundle, once the site is built (./build-editor.ts).
 */
export function editor(site: SiteConfig, define: Record<string, string>): AstroIntegration {
  return {
    name: "ta-network-editor",
    hooks: {
      "astro:config:setup": ({ command, injectRoute }) => {
        if (site.editor && command === "dev") {
          injectRoute({ pattern: "/admin", entrypoint: "./app/admin/admin-dev.astro", prerender: true });
        }
      },
      "astro:build:done": async ({ dir }) => {
        if (site.editor) await buildEditor({ client: fileURLToPath(dir), site, define });
      },
    },
  };
}
