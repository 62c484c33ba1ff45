/**
 * The composition root of `npm start` and `npm run serve`: opens the request store,
 * starts the relay, the team's notifications and the daily purge as the configuration
 * says, builds the API's routes on them (api/routes.ts) and serves the build with them
 * (http/site-server.ts). Everything is wired here, in one direction: entry points -> this
 * module -> http/, api/, requests/, notifications/.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { AppConfig } from "./config";
import { siteOrigins } from "./api/invitation-requests";
import { buildApiRoutes } from "./api/routes";
import type { ApiRoute } from "./http/answers";
import { exitOnSignals, startSiteServer } from "./http/site-server";
import { notificationChannels, NotificationWorker } from "./notifications/worker";
import { openRequestStore } from "./requests/open-store";
import { RelayWorker } from "./requests/relay";
import { startHeldSummaries } from "./requests/held-summary";
import { startDailyPurge } from "./requests/retention";
import { exitOnStartError } from "./safe-errors";

export interface RunningApi {
  routes: ApiRoute[];
  /** The server has begun shutting down: the health check answers 503 from now on. */
  drain(): void;
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
  let draining = false;
  const drain = () => void (draining = true);
  if (!config.site.requestApi)
    return { routes: buildApiRoutes(config, { requests: null }), drain, stop: async () => {} };
  if (!config.server.databaseUrl) assertDataDirOutside(config.server.dataDir, servedRoot);

  const store = await openRequestStore(config.server);
  // SQLite: what a crashed predecessor held (relay submissions, notifications) goes out now, not when its lease runs out.
  const released = await store.releaseClaimsOfPreviousProcess();
  if (released > 0) console.log(`[requests] released ${released} claim(s) left by a previous process`);
  const hubspot = config.site.hubspot;
  // The team's notifications and relay alerts (docs/product.md#notifications-and-privacy), delivered from the outbox off the request's path.
  const channels = notificationChannels(config.server.notifications);
  const answering = new InFlight();
  const notifier =
    channels.length > 0
      ? new NotificationWorker({
          store,
          settings: config.server.notifications,
          timing: config.server.relay,
          busy: () => answering.busy(),
        })
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
  // A channel stopped after refusing (a webhook's 404) is tried again after a restart.
  const reopened = channels.length > 0 ? await store.reopenChannels() : 0;
  if (reopened > 0) console.log(`[notify] reopened ${reopened} stopped channel(s): they are tried again now`);
  relay?.start();
  notifier?.start();
  const purge = startDailyPurge({ store, retentionDays: config.site.requestRetentionDays });
  const heldSummaries = startHeldSummaries({ store, channels, onQueued: () => notifier?.notify() });
  let backgroundStopped: Promise<unknown> | null = null;
  const stopBackgroundWork = () =>
    (backgroundStopped ??= Promise.all([relay?.stop(), notifier?.stop(), purge.stop(), heldSummaries.stop()]));
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
    routes: buildApiRoutes(config, { requests: { store, relay, notifier }, draining: () => draining }).map((route) =>
      answering.track(route),
    ),
    // The outbox stops with the drain, not after it: no send starts while the process is
    // closing (the one in flight finishes and is recorded); what is stored meanwhile stays
    // queued for the next start.
    drain() {
      drain();
      void stopBackgroundWork();
    },
    async stop() {
      await stopBackgroundWork();
      await store.close();
    },
  };
}

/**
 * Knows when the API is answering visitors, so background work can let them go first: a
 * request is being answered, or one ended within QUIET_MS (the next is likely on its way).
 */
class InFlight {
  static readonly QUIET_MS = 100;
  private count = 0;
  private lastEnded = -Infinity;

  busy(): boolean {
    return this.count > 0 || performance.now() - this.lastEnded < InFlight.QUIET_MS;
  }

  track(route: ApiRoute): ApiRoute {
    return {
      path: route.path,
      handle: async (req, res) => {
        this.count += 1;
        try {
          await route.handle(req, res);
        } finally {
          this.count -= 1;
          this.lastEnded = performance.now();
        }
      },
    };
  }
}

/**
 * Serves the build in `root` with the API on `port`, until SIGTERM or SIGINT. Prints
 * `Serving <what> at <url> (Node.js <version>)` and where the request form sends from
 * (docs/product.md#configuration).
 * An error that stops it is printed without a secret of the configuration, and exits 1.
 */
export async function serveSite(
  config: AppConfig,
  { root, port, what }: { root: string; port: number; what: string },
): Promise<void> {
  try {
    const url = await listen(config, root, port);
    console.log(`Serving ${what} at ${url} (Node.js ${process.versions.node})`);
    if (config.site.requestApi) console.log(siteOrigins(config).formNote(url));
  } catch (error) {
    exitOnStartError("The server could not start")(error);
  }
}

async function listen(config: AppConfig, root: string, port: number): Promise<string> {
  const api = await startApi(config, { servedRoot: root });
  const { server, url } = await startSiteServer({
    root,
    port,
    host: process.env.HOST || "127.0.0.1",
    publicHost: new URL(config.site.siteUrl).hostname,
    apiRoutes: api.routes,
  });
  exitOnSignals(server, { onDrain: api.drain, afterClose: api.stop });
  return url;
}
