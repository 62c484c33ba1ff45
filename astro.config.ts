import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { resolve } from "node:path";
import { defineConfig } from "astro/config";
import { imagetools } from "vite-imagetools";
import { buildYear } from "./server/build-stamp.ts";
import { loadConfig } from "./server/load-config.ts";
import { checkAllContent, CONTENT_DIR } from "#shared/content/read.ts";
import { editor } from "#app/admin/integration.ts";
import { CLIENT_FOLDER, buildDirOf } from "#shared/build-dir.ts";

// Every page is static HTML rendered at build time from the React components; only
// the request page's body hydrates, as one island (docs/decisions/0008-astro-islands.md).
const config = loadConfig();
// The words in content/ first, every file against its schema: a bad edit stops the build with each
// problem named by file and field (docs/decisions/0021-words-as-content.md). The development
// server starts all the same, its pages showing the problems until they are fixed, and its editor
// open to fix them (app/content.config.ts, app/admin/content-notice.ts).
const contentProblems = checkAllContent();
if (contentProblems.length > 0) {
  console.error(`\n${contentProblems.join("\n\n")}\n`);
  if (process.argv.includes("build")) process.exit(1);
  console.error("The site's pages show this until it is fixed (with npm run edit: in the editor, at /admin).\n");
}
// The site's facts, inlined into every bundle (app/config/site.ts), the editor's too; and the
// content/ the pages read (app/content.config.ts), where the reader of content/ finds it.
const define = {
  __SITE_CONFIG__: JSON.stringify(config.site),
  __BUILD_YEAR__: String(buildYear()),
  __CONTENT_DIR__: JSON.stringify(CONTENT_DIR),
};
// BUILD_DIR lets parallel checks build side by side; the server and nginx serve BUILD_DIR/client.
const buildDir = buildDirOf(process.env);

export default defineConfig({
  srcDir: "./app",
  publicDir: "./public",
  outDir: resolve(buildDir, CLIENT_FOLDER),
  site: config.site.siteUrl,
  // /mission/index.html, served at /mission; hashed files under /assets/, cached as immutable.
  build: { format: "directory", assets: "assets", inlineStylesheets: "never" },
  devToolbar: { enabled: false },
  // renderToString, not the streaming renderer: streaming outlines a Suspense boundary once the HTML before it
  // passes 12,800 bytes, and an outlined boundary stays hidden until React's inline script reveals it, so
  // without JavaScript the request page lost its side image (docs/decisions/0010-request-page-hydrates-in-pieces.md).
  integrations: [
    react({ experimentalDisableStreaming: true }),
    editor(config.site, define),
    // `client:touch`: the request page's island hydrates when first touched (docs/decisions/0029-request-page-hydrates-when-touched.md).
    {
      name: "client-touch",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "touch", entrypoint: "./app/features/invitation/hydrate-when-touched.ts" }),
      },
    },
  ],
  vite: {
    plugins: [tailwindcss(), imagetools()],
    define,
    build: { sourcemap: false },
  },
});
