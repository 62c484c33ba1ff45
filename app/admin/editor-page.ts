import type { SiteConfig } from "#shared/site-config.ts";
import { escapeHtml } from "#shared/text.ts";
import { editorDataJson, editorPageData } from "./page-data";

/**
 * The editor's page for a production build: its script is the editor's own bundle
 * (./build-editor.ts, `EDITOR_SCRIPT`), built apart from the site's so that no module the
 * visitors' pages load is split into a chunk shared with it.
 */
export function editorPageHtml(site: SiteConfig, script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Edit the words | The ${escapeHtml(site.siteName)}</title>
</head>
<body>
<script type="application/json" id="editor-data">${editorDataJson(editorPageData(site))}</script>
<script type="module" src="${script}"></script>
</body>
</html>
`;
}
