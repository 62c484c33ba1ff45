/**
 * The editor at /admin (docs/decisions/0022-git-based-editor.md): Decap CMS, bundled from npm
 * at pinned versions by the site's own build, configured in code (./editor-config.ts), with a
 * preview of each page drawn by the site's own components and CSS. Its page
 * (./build-editor.ts, ./admin-dev.astro) gives it the settings and the shared words as data.
 */
import CMS, { type CmsConfig } from "decap-cms-core";
import { GitHubBackend } from "decap-cms-backend-github";
import { ProxyBackend } from "decap-cms-backend-proxy";
import { en } from "decap-cms-locales";
import DatetimeWidget from "decap-cms-widget-datetime";
import ListWidget from "decap-cms-widget-list";
import MarkdownWidget from "decap-cms-widget-markdown";
import NumberWidget from "decap-cms-widget-number";
import ObjectWidget from "decap-cms-widget-object";
import SelectWidget from "decap-cms-widget-select";
import StringWidget from "decap-cms-widget-string";
import TextWidget from "decap-cms-widget-text";
import siteCss from "#app/styles/app.css?inline";
import { decapConfig, type EditorSettings } from "./editor-config";
import { FixedControl, FixedPreview } from "./fixed-widget";
import { registerPreviews, type PreviewData } from "./previews";

/** What the editor's page holds for it (./page-data.ts). */
export interface AdminPageData extends PreviewData {
  settings: EditorSettings;
  siteUrl: string;
}

const element = document.getElementById("editor-data");
if (!element?.textContent) throw new Error("/admin: the page has no editor data (app/admin/page-data.ts)");
const data = JSON.parse(element.textContent) as AdminPageData;

CMS.registerBackend("github", GitHubBackend);
CMS.registerBackend("proxy", ProxyBackend);
CMS.registerLocale("en", en);
for (const widget of [
  StringWidget,
  TextWidget,
  SelectWidget,
  ListWidget,
  ObjectWidget,
  DatetimeWidget,
  MarkdownWidget,
  NumberWidget,
]) {
  CMS.registerWidget(widget.Widget());
}
CMS.registerWidget("fixed", FixedControl, FixedPreview);
CMS.registerPreviewStyle(siteCss, { raw: true });
registerPreviews(CMS, data);

// Decap's own types describe its YAML config loosely; this one is checked by ./editor-config.ts's.
const config = decapConfig(data.settings, data.siteUrl, window.location.origin) as unknown as CmsConfig;
CMS.init({ config });
