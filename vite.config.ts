import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { imagetools } from "vite-imagetools";
import { loadConfig } from "./server/load-config.ts";

export default defineConfig(({ isSsrBuild }) => {
  const config = loadConfig({ warn: !isSsrBuild });
  return {
    plugins: [tailwindcss(), imagetools(), reactRouter()],
    resolve: { tsconfigPaths: true },
    define: { __SITE_CONFIG__: JSON.stringify(config.site) },
    build: { sourcemap: false },
  };
});
