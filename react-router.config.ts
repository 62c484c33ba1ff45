import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PRERENDER_PATH } from "./app/content/pages";

export default {
  // BUILD_DIR lets parallel checks build side by side; everything else uses build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static HTML for every route, hydrated in the browser: no server at run time.
  ssr: false,
  // Every static path of the route table, plus one rendering of the 404 page that
  // the postbuild step turns into 404.html.
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), NOT_FOUND_PRERENDER_PATH];
  },
} satisfies Config;
