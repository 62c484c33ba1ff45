// Decap's backends, widgets and locales ship no types of their own: what this editor uses of them.
declare module "decap-cms-backend-github" {
  import type { CmsBackendClass } from "decap-cms-core";
  export const GitHubBackend: CmsBackendClass;
}
declare module "decap-cms-backend-proxy" {
  import type { CmsBackendClass } from "decap-cms-core";
  export const ProxyBackend: CmsBackendClass;
}
declare module "decap-cms-locales" {
  import type { CmsLocalePhrases } from "decap-cms-core";
  export const en: CmsLocalePhrases;
}
declare module "decap-cms-widget-*" {
  import type { CmsWidgetParam } from "decap-cms-core";
  const widget: { Widget: () => CmsWidgetParam };
  export default widget;
}
// Decap's own YAML reader and writer, which its files collections use: the editor's page format wraps it (./form-shape.ts).
declare module "decap-cms-core/dist/esm/formats/yaml.js" {
  const yamlFormatter: {
    fromFile(content: string): unknown;
    toFile(data: object, sortedKeys?: string[], comments?: Record<string, string>): string;
  };
  export default yamlFormatter;
}
// Decap's Markdown writer, which the description's typed Markdown passes through (./typed-markdown.test.ts).
declare module "decap-cms-widget-markdown/dist/esm/serializers/index.js" {
  export function slateToMarkdown(value: object[], options: { remarkPlugins: unknown[] }): string;
}
