import type { SiteConfig } from "#shared/site-config.ts";
import { htmlDocument } from "#shared/html-document.ts";
import { editorDataJson, editorPageData } from "./page-data";

/**
 * The editor's page for a production build: its script is the editor's own bundle
 * (./build-editor.ts, `EDITOR_SCRIPT`), built apart from the site's so that no module the
 * visitors' pages load is split into a chunk shared with it.
 */
export function editorPageHtml(site: SiteConfig, script: string): string {
  return htmlDocument({
    title: `Edit the words | The ${site.siteName}`,
    robots: "noindex, nofollow",
    body:
      `<script type="application/json" id="editor-data">${editorDataJson(editorPageData(site))}</script>\n` +
      `<script type="module" src="${script}"></script>`,
  });
}
