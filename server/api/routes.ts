/**
 * Every endpoint under /api/, built from the configuration, for both entry points
 * (server/start.ts, server/serve.ts): the CSP reports, the invitation requests and the
 * health check.
 * `startApi` also opens what the endpoints need
 * (the request store) and starts the relay to HubSpot when it is configured; `stop`
 * undoes both once the HTTP server has finished its requests.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { AppConfig } from "~/config/schema";
import { openRequestStore } from "../requests/open-store";
import { RelayWorker } from "../requests/relay";
import type { RequestStore } from "../requests/store";
import { createCspReportsRoute } from "./csp-reports";
import { healthRoute } from "./health";
import type { ApiRoute } from "./http";
import { invitationRequestsRoute } from "./invitation-requests";

export interface ApiServices {
  /** Null when INVITATION_API=off: the deployment has no request endpoint. */
  requests: { store: RequestStore; relay: RelayWorker | null } | null;
}

export function buildApiRoutes(config: AppConfig, services: ApiServices): ApiRoute[] {
  // INVITATION_API=off: static-only hosting, with no API at all.
  if (!config.site.requestApi) return [];
  const routes: ApiRoute[] = [createCspReportsRoute({ trustProxyHops: config.server.trustProxyHops })];
  if (services.requests) {
    const { store, relay } = services.requests;
    routes.push(
      invitationRequestsRoute({ config, store, relayEnabled: relay !== null, onSaved: () => relay?.notify() }),
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
  // SQLite: claims a crashed predecessor held are sent now, not when their lease runs out.
  const released = await store.releaseClaimsOfPreviousProcess();
  if (released > 0) console.log(`[requests] released ${released} relay claim(s) left by a previous process`);
  const hubspot = config.site.hubspot;
  const relay = hubspot
    ? new RelayWorker({
        store,
        apiOrigin: config.server.hubspotApiOrigin,
        hubspot,
        settings: config.server.relay,
      })
    : null;
  relay?.start();
  console.log(
    `[requests] storing invitation requests in the ${store.description}; ` +
      (hubspot
        ? `relaying them to ${config.server.hubspotApiOrigin} (portal ${hubspot.portalId})`
        : "HubSpot is not configured, so they are stored only"),
  );
  return {
    routes: buildApiRoutes(config, { requests: { store, relay } }),
    async stop() {
      await relay?.stop();
      await store.close();
    },
  };
}
