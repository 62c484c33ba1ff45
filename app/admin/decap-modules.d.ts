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
