/**
 * Every endpoint under /api/, built from the configuration, for both entry points
 * (server/start.ts, server/serve.ts): the CSP reports, the invitation requests and the
 * health check.
 * `startApi` also opens what the endpoints need
 * (the request store), starts the relay to HubSpot when it is configured, the team's
 * notifications when they are (docs/product.md#notifications-and-privacy) and the daily retention purge; `stop`
 * undoes all of it once the HTTP server has finished its requests.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { AppConfig } from "~/config/schema";
import { privacyNoticeVersion } from "~/invitation/privacy-notice";
import { notificationChannels, NotificationWorker } from "../notifications/worker";
import { openRequestStore } from "../requests/open-store";
import { RelayWorker } from "../requests/relay";
import { startDailyPurge } from "../requests/retention";
import type { RequestStore } from "../requests/store";
import { createCspReportsRoute } from "./csp-reports";
import { healthRoute } from "./health";
import type { ApiRoute } from "./http";
import { invitationRequestsRoute } from "./invitation-requests";

export interface ApiServices {
  /** Null when INVITATION_API=off: the deployment has no request endpoint. */
  requests: { store: RequestStore; relay: RelayWorker | null; notifier?: NotificationWorker | null } | null;
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
      healthRoute({ store }),
    );
  }
  return routes;
}

export interface RunningApi {
  routes: ApiRoute[];
  /** Lets the relay finish its submission in flight, then closes the store. */
  stop(): Promise<void>;
}

/** DATA_DIR must never be inside the folder that is served (or deployed as static files). */
export function assertDataDirOutside(dataDir: string, servedRoot: string): void {
  const fromRoot = relative(resolve(servedRoot), resolve(dataDir));
  if (fromRoot === "" || (!fromRoot.startsWith("..") && !isAbsolute(fromRoot))) {
    throw new Error(`DATA_DIR (${resolve(dataDir)}) is inside the served folder ${resolve(servedRoot)}: move it out.`);
  }
}

export async function startApi(config: AppConfig, { servedRoot }: { servedRoot: string }): Promise<RunningApi> {
  if (!config.site.requestApi) return { routes: buildApiRoutes(config, { requests: null }), stop: async () => {} };
  if (!config.server.databaseUrl) assertDataDirOutside(config.server.dataDir, servedRoot);

  const store = await openRequestStore(config.server);
  // SQLite: what a crashed predecessor held (relay submissions, notifications) goes out now, not when its lease runs out.
  const released = await store.releaseClaimsOfPreviousProcess();
  if (released > 0) console.log(`[requests] released ${released} claim(s) left by a previous process`);
  const hubspot = config.site.hubspot;
  // The team's notifications and relay alerts (docs/product.md#notifications-and-privacy), delivered from the outbox off the request's path.
  const channels = notificationChannels(config.server.notifications);
  const notifier =
    channels.length > 0
      ? new NotificationWorker({ store, settings: config.server.notifications, timing: config.server.relay })
      : null;
  const relay = hubspot
    ? new RelayWorker({
        store,
        apiOrigin: config.server.hubspotApiOrigin,
        hubspot,
        settings: config.server.relay,
        alertChannels: channels,
        onAlertQueued: () => notifier?.notify(),
      })
    : null;
  relay?.start();
  notifier?.start();
  const purge = startDailyPurge({ store, retentionDays: config.site.requestRetentionDays });
  console.log(
    `[requests] storing invitation requests in the ${store.description}; ` +
      (hubspot
        ? `relaying them to ${config.server.hubspotApiOrigin} (portal ${hubspot.portalId})`
        : "HubSpot is not configured, so they are stored only"),
  );
  console.log(
    channels.length > 0
      ? `[notify] telling the team of every request by ${channels.join(" and ")}`
      : "[notify] no SMTP_URL and NOTIFY_EMAIL_TO, nor NOTIFY_WEBHOOK_URL: the team is not told of new requests",
  );
  return {
    routes: buildApiRoutes(config, { requests: { store, relay, notifier } }),
    async stop() {
      await Promise.all([relay?.stop(), notifier?.stop(), purge.stop()]);
      await store.close();
    },
  };
}
