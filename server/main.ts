/**
 * The composition root of `npm start` and `npm run serve`: opens the request store,
 * starts the relay, the team's notifications and the daily purge as the configuration
 * says, builds the API on them (api/routes.ts) and serves the build with it
 * (http/site-server.ts). Everything is wired here, in one direction: entry points -> this
 * module -> http/, api/, requests/, notifications/.
 */
import type { ServerResponse } from "node:http";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import type { AppConfig } from "./config";
import { siteOrigins } from "./api/invitation-requests";
import { buildApi, type ApiPlugin } from "./api/routes";
import { exitOnSignals, startSiteServer } from "./http/site-server";
import { notificationChannels } from "./notifications/channels";
import { NotificationWorker } from "./notifications/worker";
import { emailWords } from "./notifications/messages";
import { readRoleTimetable } from "./roles-timetable";
import { openRequestStore } from "./requests/stores/open-store";
import { RelayWorker } from "./requests/hubspot/relay";
import { startHeldSummaries } from "./requests/daily/held-summary";
import { startDailyPurge } from "./requests/daily/retention";
import { exitOnStartError } from "./safe-errors";

export interface RunningApi {
  /** The API to serve under /api/, or null when INVITATION_API=off. */
  api: ApiPlugin | null;
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
  if (!config.site.requestApi) return { api: null, drain, stop: async () => {} };
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
          words: emailWords(config.site),
          timing: config.server.delivery,
          busy: () => answering.busy(),
        })
      : null;
  const relay = hubspot
    ? new RelayWorker({
        store,
        apiOrigin: config.server.hubspotApiOrigin,
        hubspot,
        timing: config.server.delivery,
        maxPer10Seconds: config.server.relayMaxPer10Seconds,
        alertChannels: channels,
        onAlertQueued: () => notifier?.notify(),
        sourceFields: config.server.hubspotSourceFields,
        roleField: config.server.hubspotRoleField,
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
  console.log(
    config.server.notifications.acknowledgements
      ? "[notify] telling each requester by email that their request arrived (at most once a day per address)"
      : config.server.notifications.email && hubspot
        ? "[notify] requesters are not emailed by the site: HubSpot's form sends its follow-up (ACKNOWLEDGEMENT_SENDER=hubspot)"
        : "[notify] no SMTP_URL: requesters are not told by email that their request arrived",
  );
  // The roles of the build served (BUILD_DIR/roles.json beside its client folder): a request names one of the open ones.
  const roles = readRoleTimetable(dirname(resolve(servedRoot)));
  const api = buildApi(config, { requests: { store, relay, notifier, roles }, draining: () => draining })!;
  return {
    api: async (scope) => {
      scope.addHook("onRequest", async (_request, reply) => answering.begin(reply.raw));
      await api(scope);
    },
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

  /** A request to the API began; it ends when its answer is sent or its connection is gone. */
  begin(res: ServerResponse): void {
    this.count += 1;
    res.once("close", () => {
      this.count -= 1;
      this.lastEnded = performance.now();
    });
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
  const { api, drain, stop } = await startApi(config, { servedRoot: root });
  const { app, url } = await startSiteServer({
    root,
    port,
    host: process.env.HOST || "127.0.0.1",
    publicHost: new URL(config.site.siteUrl).host,
    api,
    lifecycle: { drain, stop },
  });
  exitOnSignals(app);
  return url;
}
