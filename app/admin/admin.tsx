/**
 * The editor at /admin (docs/decisions/0022-git-based-editor.md): Decap CMS, bundled from npm
 * at pinned versions by the site's own build, configured in code (./editor-config.ts), its
 * controls checked by the site's schemas (./checked-widgets.tsx), with a preview of each page
 * drawn by the site's own components and CSS. Its page (./build-editor.ts, ./admin-dev.astro)
 * gives it the settings and the shared words as data.
 */
import type { ComponentType } from "react";
import CMS, { type CmsWidgetControlProps, type CmsWidgetParam } from "decap-cms-core";
import { ProxyBackend } from "decap-cms-backend-proxy";
import ListWidget from "decap-cms-widget-list";
import MarkdownWidget from "decap-cms-widget-markdown";
import NumberWidget from "decap-cms-widget-number";
import ObjectWidget from "decap-cms-widget-object";
import SelectWidget from "decap-cms-widget-select";
import StringWidget from "decap-cms-widget-string";
import TextWidget from "decap-cms-widget-text";
import siteCss from "#app/styles/app.css?inline";
import { checked, DateControl, DatePreview, fileAware, type ControlProps } from "./checked-widgets";
import { decapConfig, type EditorSettings } from "./editor-config";
import { publishBanner, SiteBackend, signedIn } from "./site-backend";
import { editorPhrases, KEPT_DRAFT_QUESTION } from "./editor-phrases";
import { checkEntry, refusal } from "./entry-checks";
import { FileTextControl, FileTextPreview } from "./file-text-widget";
import { FILE_TEXT_WIDGET } from "./file-text-names";
import { FixedControl, FixedPreview } from "./fixed-widget";
import { pageFormat } from "./page-format";
import { registerPreviews, type PreviewData } from "./previews";
import { keepTypedMarkdown } from "./typed-markdown";

/** What the editor's page holds for it (./page-data.ts). */
export interface AdminPageData extends PreviewData {
  settings: EditorSettings;
  siteUrl: string;
  siteName: string;
}

const element = document.getElementById("editor-data");
if (!element?.textContent) throw new Error("/admin: the page has no editor data (app/admin/page-data.ts)");
const data = JSON.parse(element.textContent) as AdminPageData;

// On EDITOR_ORIGIN, the site's own server (server/editor/): only signed in, with each file's version sent back with a save.
// Not signed in: the page is on its way to the sign-in, and nothing of the editor starts.
if (data.settings.backend === "server" && !(await signedIn())) await new Promise<never>(() => {});
CMS.registerBackend("proxy", data.settings.backend === "server" ? SiteBackend : ProxyBackend);
CMS.registerLocale("en", editorPhrases(data.siteName));
/** Decap's types describe a control loosely (its component typed as its props); ./checked-widgets.tsx types what it reads. */
const control = (component: unknown) => checked(component as ComponentType<ControlProps>);
const asDecap = (component: ComponentType<ControlProps>) =>
  component as unknown as ComponentType<CmsWidgetControlProps>;

// Lists and groups as Decap draws them; every field that holds a value refuses what the build would
// (a fixed text too: its schema says it cannot change).
// A file whose text does not parse shows its text in their place (./file-text-widget.tsx).
for (const widget of [ListWidget, ObjectWidget]) {
  const { controlComponent, ...rest } = widget.Widget();
  CMS.registerWidget({
    ...rest,
    controlComponent: fileAware(controlComponent as unknown as ComponentType<ControlProps>),
  } as unknown as CmsWidgetParam);
}
for (const widget of [StringWidget, TextWidget, SelectWidget, MarkdownWidget, NumberWidget]) {
  const { controlComponent, ...rest } = widget.Widget();
  CMS.registerWidget({ ...rest, controlComponent: control(controlComponent) } as unknown as CmsWidgetParam);
}
CMS.registerWidget("date", asDecap(control(DateControl)), DatePreview);
CMS.registerWidget("fixed", asDecap(control(FixedControl)), FixedPreview);
CMS.registerWidget(
  FILE_TEXT_WIDGET,
  asDecap(FileTextControl as unknown as ComponentType<ControlProps>),
  FileTextPreview,
);
CMS.registerCustomFormat(pageFormat.name, "yaml", pageFormat.formatter);
// Markdown typed in the description's rich-text mode is saved as Markdown, not escaped (./typed-markdown.ts).
CMS.registerRemarkPlugin(keepTypedMarkdown);
CMS.registerPreviewStyle(siteCss, { raw: true });
registerPreviews(CMS, data);

// The last gate before a file is written: the build's whole check of the entry (a problem no field
// shows, such as a key the schema does not know, is named here, with its file).
CMS.registerEventListener({
  name: "preSave",
  handler: ({ entry }) => {
    const problem = refusal(
      checkEntry(entry.get("collection"), entry.get("slug"), entry.get("data").toJS() as Record<string, unknown>),
    );
    if (problem) throw new Error(problem);
  },
});

// Decap refuses a save whose fields it has refused by rejecting with no reason (decap-cms-core's
// persistEntry), after each field has shown why: that is the answer, not an error of the page.
// The first refused field is brought into view.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason !== undefined) return;
  event.preventDefault();
  document.querySelector("label + ul > li")?.scrollIntoView({ block: "center" });
});

// Decap keeps unsaved changes in the browser and offers them back in a browser dialog when the
// entry opens again: a draft the site may refuse, behind a dialog that names nothing. The file as
// saved is what opens (the question is Decap's, worded in ./editor-phrases.ts).
const confirm = window.confirm.bind(window);
window.confirm = (message?: string) => (message === KEPT_DRAFT_QUESTION ? false : confirm(message));

// Decap loads an entry when its editor opens, not when the address names another entry while it
// is open (its Editor is kept across the change): one entry opened after another in the same tab
// showed the second's fields holding the first's words, mostly blank. The editor's page loads
// again instead, as a first visit does (Decap asks first when there are unsaved changes).
const entryOf = (url: string) => /#\/collections\/[^/]+\/entries\/[^?]+/.exec(url)?.[0];
window.addEventListener("hashchange", ({ oldURL, newURL }) => {
  const [from, to] = [entryOf(oldURL), entryOf(newURL)];
  if (from && to && from !== to) window.location.reload();
});

// Decap writes a field's refusals in small capitals to the right of its label; the build's
// sentences read better as sentences, under the label, above the field.
const refusalStyle = document.createElement("style");
// The file's text (./file-text-widget.tsx) shows only while it does not parse, and then in place of the fields.
const fileText = `div[aria-label="${FILE_TEXT_WIDGET} field"]`;
refusalStyle.textContent = [
  "div:has(> label[for] + ul) { flex-wrap: wrap; } label[for] + ul { flex-basis: 100%; order: 1; text-align: left; text-transform: none; font-size: 13px; padding: 4px 0 6px; }",
  `${fileText}:has([data-file-text="reads"]) { display: none; }`,
  `div:has(> ${fileText} [data-file-text="broken"]) > div[aria-label$=" field"]:not(${fileText}) { display: none; }`,
].join("\n");
document.head.append(refusalStyle);

CMS.init({ config: decapConfig(data.settings, data.siteUrl, window.location.origin, data.siteName) });
if (data.settings.backend === "server") publishBanner();
