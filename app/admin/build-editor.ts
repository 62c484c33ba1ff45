/**
 * Builds the editor (./admin.tsx) on its own, after the site's build, into BUILD_DIR/client/admin/:
 * its page (index.html) and its script and chunks. Apart from the site's build, so no module of a
 * visitor's page is split into a chunk the editor shares (the request page's JavaScript stays as it
 * is without an editor); under `npm run edit` the development server serves it instead (./admin-dev.astro).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { build } from "vite";
import { imagetools } from "vite-imagetools";
import type { SiteConfig } from "#shared/site-config.ts";
import { editorPageHtml } from "./editor-page";

/** The editor's entry script, at a stable path: its page is written beside it. */
export const EDITOR_SCRIPT = "/admin/editor.js";

export async function buildEditor({
  client,
  site,
  define,
}: {
  /** BUILD_DIR/client */
  client: string;
  site: SiteConfig;
  /** The site build's compile-time constants (__SITE_CONFIG__...). */
  define: Record<string, string>;
}): Promise<void> {
  await build({
    configFile: false,
    logLevel: "warn",
    base: "/admin/",
    // The site's public files are the site's: none is copied under /admin.
    publicDir: false,
    define,
    plugins: [tailwindcss(), imagetools()],
    build: {
      outDir: join(client, "admin"),
      emptyOutDir: false,
      sourcemap: false,
      // Decap is about 900 KB gzip: the editor is for the team, on its own page, never for visitors.
      chunkSizeWarningLimit: 6000,
      rollupOptions: {
        input: fileURLToPath(new URL("./admin.tsx", import.meta.url)),
        output: {
          entryFileNames: "editor.js",
          chunkFileNames: "chunks/[name].[hash].js",
          assetFileNames: "chunks/[name].[hash][extname]",
        },
      },
    },
  });
  writeFileSync(join(client, "admin", "index.html"), editorPageHtml(site, EDITOR_SCRIPT));
}
