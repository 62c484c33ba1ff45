import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { imagetools } from "vite-imagetools";
import { buildYear } from "./server/build-stamp.ts";
import { loadConfig } from "./server/load-config.ts";

// Every page is static HTML rendered at build time from the React components; only
// the request page's body hydrates, as one island (docs/decisions/0008-astro-islands.md).
const config = loadConfig();
// BUILD_DIR lets parallel checks build side by side; the server and nginx serve BUILD_DIR/client.
const buildDir = process.env.BUILD_DIR ?? "build";

export default defineConfig({
  srcDir: "./app",
  publicDir: "./public",
  outDir: `./${buildDir}/client`,
  site: config.site.siteUrl,
  // /mission/index.html, served at /mission; hashed files under /assets/, cached as immutable.
  build: { format: "directory", assets: "assets", inlineStylesheets: "never" },
  devToolbar: { enabled: false },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss(), imagetools()],
    define: { __SITE_CONFIG__: JSON.stringify(config.site), __BUILD_YEAR__: String(buildYear()) },
    build: { sourcemap: false },
  },
});
