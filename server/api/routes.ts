/**
 * Every endpoint under /api/, built from the configuration and the services the
 * composition root (server/main.ts) opened: the CSP reports, the invitation requests
 * and the health check.
 */
import type { AppConfig } from "../config";
import { privacyNoticeVersion } from "~/invitation/privacy-notice";
import { notificationChannels, type NotificationWorker } from "../notifications/worker";
import type { RelayWorker } from "../requests/relay";
import type { RequestStore } from "../requests/store";
import { createCspReportsRoute } from "./csp-reports";
import { healthRoute } from "./health";
import type { ApiRoute } from "../http/answers";
import { invitationRequestsRoute } from "./invitation-requests";

export interface ApiServices {
  /** Null when INVITATION_API=off: the deployment has no request endpoint. */
  requests: { store: RequestStore; relay: RelayWorker | null; notifier?: NotificationWorker | null } | null;
  /** True once the server has begun shutting down (the health check answers 503). */
  draining?: () => boolean;
}

export function buildApiRoutes(config: AppConfig, services: ApiServices): ApiRoute[] {
  // INVITATION_API=off: static-only hosting, with no API at all.
  if (!config.site.requestApi) return [];
  const routes: ApiRoute[] = [createCspReportsRoute({ trustProxyHops: config.server.trustProxyHops })];
  if (services.requests) {
    const { store, relay, notifier = null } = services.requests;
    routes.push(
      invitationRequestsRoute({
        config,
        store,
        relayEnabled: relay !== null,
        notify: notifier ? notificationChannels(config.server.notifications) : [],
        noticeVersion: privacyNoticeVersion(config.site),
        onSaved: () => {
          relay?.notify();
          notifier?.notify();
        },
      }),
      healthRoute({ store, draining: services.draining }),
    );
  }
  return routes;
}
