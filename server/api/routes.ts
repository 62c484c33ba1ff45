/**
 * The site's API routes for a configuration: the one list both entry points serve
 * (server/start.ts for `npm start`, server/serve.ts for `npm run serve`).
 */
import type { AppConfig } from "../../app/config/schema.ts";
import { createCspReportsRoute } from "./csp-reports";
import type { ApiRoute } from "./http";

export function apiRoutes(config: AppConfig): ApiRoute[] {
  // INVITATION_API=off: static-only hosting, with no API at all.
  if (!config.site.requestApi) return [];
  return [createCspReportsRoute({ trustProxyHops: config.server.trustProxyHops })];
}
