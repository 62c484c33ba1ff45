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
import { editorStartupLines, startEditor } from "./editor/editor";
import { buildApi, type ApiPlugin } from "./api/routes";
import { readPolicyConfig } from "./http/policy-config";
import { editorPlace } from "./http/editor-host";
import { exitOnSignals, startSiteServer } from "./http/site-server";
import { acknowledgementSender, notificationChannels } from "./notifications/channels";
import { NotificationWorker } from "./notifications/worker";
import { ChannelHealth, CHANNEL_FIXES, checkMailLogin } from "./notifications/channel-health";
import { emailWords } from "./notifications/messages";
import { readRoleTimetable } from "./http/read-role-timetable";
import type { RoleTimetable } from "#shared/roles/timetable.ts";
import { openRequestStore } from "./requests/stores/open-store";
import { RelayWorker } from "./requests/hubspot/relay";
import { RequestSpool } from "./requests/spool";
import { startDailySummaries } from "./requests/daily/daily-summary";
import { REMINDER_CHECK_MS, startReminders } from "./requests/daily/reminders";
import { startDailyPurge } from "./requests/daily/retention";
import { DATA_DIR_IN_USE } from "./requests/stores/sqlite-store";
import { errorCode, exitOnStartError } from "./safe-errors";
import { pushedRoles } from "./search/address-states";
import { readServiceAccountKey } from "./search/google-indexing";
import { searchEngines, SearchPushWorker } from "./search/push-worker";
import { searchStartupLines } from "./search/startup-lines";
import { listenHost, SHUTDOWN_DEADLINE_MS, type ServerMessage, type SupervisorMessage } from "./supervision";

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

/**
 * How a server takes over DATA_DIR's background work (the relay, the notifications, the
 * daily jobs, the claims a crashed predecessor left): `now`, or stop with a message when
 * another server holds SQLite's one-server lock; `after-predecessor`, in a handover
 * (releases/supervisor.ts): serve requests at once, and take the lock as soon as the
 * server it replaces has drained and let go of it.
 */
export type TakeOver = "now" | "after-predecessor";

/** How often a server in a handover tries the lock its predecessor holds until its drain ends. */
const TAKE_OVER_POLL_MS = 100;
/** A predecessor has exited by then, and some: past it, the wait is worth a line in the log. */
const TAKE_OVER_SLOW_MS = SHUTDOWN_DEADLINE_MS + 5000;

/** Whether the build served from `root` (its client folder) has the editor (its recorded policy configuration). */
const builtWithEditor = (root: string) => readPolicyConfig(dirname(resolve(root))).editor === true;

export async function startApi(
  config: AppConfig,
  {
    servedRoot,
    roles,
    takeOver = "now",
    now = Date.now,
    reminderCheckMs = REMINDER_CHECK_MS,
  }: {
    servedRoot: string;
    /** The roles of the build served (BUILD_DIR/roles.json beside its client folder): a request names one of the open ones. */
    roles: RoleTimetable;
    takeOver?: TakeOver;
    /** The clock of everything the API and its background work decide by (tests move it). */
    now?: () => number;
    /** How often the reminders are looked for (tests, on a moved clock, look more often). */
    reminderCheckMs?: number;
  },
): Promise<RunningApi> {
  let draining = false;
  const drain = () => void (draining = true);
  const engines = searchEngines(config.server.search);
  if (!config.site.requestApi) {
    if (engines.length > 0) {
      console.log(
        "[search] INVITATION_API=off: no request store to queue them in, so no search engine is told of the roles' changes",
      );
    }
    return { api: null, drain, stop: async () => {} };
  }
  if (!config.server.databaseUrl) assertDataDirOutside(config.server.dataDir, servedRoot);

  // Read before the store opens: a key the server cannot use stops it, naming the variable.
  const googleKey = config.server.search.google ? readServiceAccountKey(config.server.search.google.keyFile) : null;
  // Opening migrates the schema: in a handover, before this server answers anyone.
  const store = await openRequestStore(config.server);
  const hubspot = config.site.hubspot;
  // The team's notifications and relay alerts (docs/product.md#notifications-and-privacy), delivered from the outbox off the request's path.
  const channels = notificationChannels(config.server.notifications);
  // What each channel last said, for `requests -- status` (notifications/channel-health.ts).
  const health = new ChannelHealth(config.server.dataDir);
  const onChannel = (channel: string, error: string | null) => health.record(channel, error);
  const answering = new InFlight();
  const notifier =
    channels.length > 0
      ? new NotificationWorker({
          store,
          settings: config.server.notifications,
          words: emailWords(config.site),
          timing: config.server.delivery,
          acknowledgementDeadlineMs: config.site.replyWithinHours * 60 * 60 * 1000,
          answerLinks: config.server.answers.linkSecret
            ? { secret: config.server.answers.linkSecret, siteUrl: config.site.siteUrl }
            : null,
          busy: () => answering.busy(),
          now,
          onChannel,
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
        onAlertQueued: () => notifier?.wake(),
        sourceFields: config.server.hubspotSourceFields,
        roleField: config.server.hubspotRoleField,
        onChannel,
      })
    : null;

  // Each change of what a role's address shows, pushed to the search engines configured (server/search/).
  const pusher =
    engines.length > 0
      ? new SearchPushWorker({
          store,
          settings: config.server.search,
          googleKey,
          siteUrl: config.site.siteUrl,
          roles: pushedRoles(roles),
          timing: config.server.delivery,
          alertChannels: channels,
          onAlertQueued: () => notifier?.wake(),
          busy: () => answering.busy(),
        })
      : null;

  // A request the store cannot take in time is kept under DATA_DIR and stored when it is back (docs/product.md#nothing-lost).
  const spool = new RequestSpool({
    dataDir: config.server.dataDir,
    onStored: () => {
      relay?.wake();
      notifier?.wake();
    },
  });

  let daily: { stop(): Promise<void> }[] = [];
  /** Takes the one-server lock (SQLite) and starts what needs it; throws while another server holds it. */
  const startBackgroundWork = async () => {
    // SQLite: what a crashed predecessor had claimed (relay submissions, notifications) goes out now, not when its lease runs out.
    const returned =
      (await store.returnClaimsOfPreviousProcess()) + (await store.searchPushes.returnSearchClaimsOfPreviousProcess());
    if (returned > 0) console.log(`[requests] returned ${returned} claim(s) left by a previous process`);
    // A channel stopped after refusing (a webhook's 404) is tried again after a restart.
    const reopened = channels.length > 0 || pusher ? await store.reopenChannels() : 0;
    if (reopened > 0) console.log(`[notify] reopened ${reopened} stopped channel(s): they are tried again now`);
    relay?.start();
    notifier?.start();
    await pusher?.start();
    const { reminders } = config.server.answers;
    const wake = () => notifier?.wake();
    daily = [
      startDailyPurge({ store, retentionDays: config.site.requestRetentionDays, now }),
      startDailySummaries({ store, channels, overdue: reminders, now, onQueued: wake }),
      ...(reminders
        ? [
            startReminders({
              store,
              channels,
              replyWithinHours: config.site.replyWithinHours,
              everyMs: reminderCheckMs,
              now,
              onQueued: wake,
            }),
          ]
        : []),
    ];
  };
  let takingOver: NodeJS.Timeout | undefined;
  if (takeOver === "now") {
    await startBackgroundWork();
  } else {
    // Requests are stored from the first moment (two processes may write one SQLite file);
    // only the background work waits for the predecessor's drain, so there are never two relays.
    const since = performance.now();
    let toldSlow = false;
    let waited = false;
    const tryTakeOver = () => {
      startBackgroundWork().then(
        () => {
          const ms = Math.round(performance.now() - since);
          if (waited) console.log(`[requests] took over the background work ${ms} ms after start`);
        },
        (error: unknown) => {
          if (draining) return;
          if ((error as { code?: unknown }).code !== DATA_DIR_IN_USE) {
            console.error(`[requests] the background work could not start (${errorCode(error)}): exiting`);
            process.exit(1);
          }
          if (!toldSlow && performance.now() - since > TAKE_OVER_SLOW_MS) {
            toldSlow = true;
            console.warn("[requests] still waiting for the server this one replaces to let go of DATA_DIR");
          }
          waited = true;
          takingOver = setTimeout(tryTakeOver, TAKE_OVER_POLL_MS);
        },
      );
    };
    tryTakeOver();
  }
  let backgroundStopped: Promise<unknown> | null = null;
  const stopBackgroundWork = () => {
    clearTimeout(takingOver);
    return (backgroundStopped ??= Promise.all([
      relay?.stop(),
      notifier?.stop(),
      pusher?.stop(),
      ...daily.map((job) => job.stop()),
    ]));
  };
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
    {
      site: "[notify] telling each requester by email that their request arrived (at most once a day per address)",
      hubspot:
        "[notify] requesters are not emailed by the site: HubSpot's form sends its follow-up (ACKNOWLEDGEMENT_SENDER=hubspot)",
      none: "[notify] no SMTP_URL: requesters are not told by email that their request arrived",
    }[acknowledgementSender(config.server.notifications, hubspot) ?? "none"],
  );
  console.log(promiseLine(config, channels.length > 0));
  void checkMailServer(config, health);
  for (const line of searchStartupLines(config, googleKey)) console.log(line);
  const { editor, problem } = await startEditor(config, store.editorSessions, { now, servedRoot });
  for (const { warning, line } of editorStartupLines(config, builtWithEditor(servedRoot), problem)) {
    if (warning) console.warn(line);
    else console.log(line);
  }
  const api = buildApi(config, {
    requests: { store, relay, notifier, roles, spool },
    draining: () => draining,
    now,
    editor: editor?.endpoints ?? [],
  });
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
      editor?.close();
      await stopBackgroundWork();
      await spool.stop();
      await store.close();
    },
  };
}

/**
 * The mail server's login tried at start (nodemailer's verify), so a wrong SMTP_URL is said now,
 * in one line with the setting that fixes it, rather than at the first request; and kept for `status`.
 */
async function checkMailServer(config: AppConfig, health: ChannelHealth): Promise<void> {
  const { email } = config.server.notifications;
  if (!email) return;
  const problem = await checkMailLogin(email, config.server.delivery.timeoutMs);
  health.record("email", problem);
  if (problem === null) console.log("[notify] the mail server took the login (SMTP_URL): emails can go");
  else console.warn(`[notify] the mail server refused: ${problem}; fix ${CHANNEL_FIXES.email}`);
}

/** What the server says at start of the promise it keeps (docs/product.md#the-48-hour-promise): how the team answers, and whether it is reminded. */
export function promiseLine(config: AppConfig, teamIsTold: boolean): string {
  const { linkSecret, reminders } = config.server.answers;
  const hours = config.site.replyWithinHours;
  const answers = linkSecret
    ? "the team answers each request from its email's signed links (TEAM_LINK_SECRET)"
    : "no TEAM_LINK_SECRET: the team's emails give the command that answers a request (npm run requests -- answer)";
  const reminded = !reminders
    ? "no reminders (REPLY_REMINDERS=off)"
    : teamIsTold
      ? "the team is reminded of each one still unanswered before it is due"
      : "no channel to remind the team on (SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL)";
  return `[promise] an answer within ${hours} hours (REPLY_WITHIN_HOURS); ${answers}; ${reminded}`;
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

/** Where and how `serveSite` serves. */
export interface ServeOptions {
  /** The built site (BUILD_DIR/client). */
  root: string;
  /** The port on HOST; ignored with `fd`. */
  port: number;
  /** For the start-up line: `the production build`, a folder, a release. */
  what: string;
  /**
   * Run by the supervisor (releases/supervisor.ts): listen on its socket, inherited as
   * this descriptor, answer `/assets/` files of the kept releases' client folders `olderRoots`
   * too, say `ready` over the IPC channel once listening, drain when told to or when the
   * supervisor is gone, and take over DATA_DIR's background work from the server it replaces.
   */
  supervised?: { fd: number; olderRoots: readonly string[] };
}

/**
 * Serves the build in `root` with the API on `port` (or the supervisor's socket), until
 * SIGTERM or SIGINT (or the supervisor's drain). Prints `Serving <what> at <url> (Node.js
 * <version>)` and where the request form sends from (docs/product.md#configuration).
 * An error that stops it is printed without a secret of the configuration, and exits 1.
 */
export async function serveSite(config: AppConfig, options: ServeOptions): Promise<void> {
  try {
    const url = await listen(config, options);
    console.log(`Serving ${options.what} at ${url} (Node.js ${process.versions.node})`);
    if (config.site.requestApi) {
      console.log(siteOrigins(config).formNote(url, { trustProxyHops: config.server.trustProxyHops }));
    }
    if (options.supervised) process.send!({ type: "ready", url } satisfies ServerMessage);
  } catch (error) {
    exitOnStartError("The server could not start")(error);
  }
}

async function listen(config: AppConfig, { root, port, supervised }: ServeOptions): Promise<string> {
  // Read once for the API and the pages, so both go by the same roles.
  const roles = readRoleTimetable(dirname(resolve(root)));
  // The editor's lines with the API's (startApi); without an API, what is missing for it.
  if (!config.site.requestApi) {
    for (const { warning, line } of editorStartupLines(config, builtWithEditor(root), null)) {
      if (warning) console.warn(line);
      else console.log(line);
    }
  }
  const { api, drain, stop } = await startApi(config, {
    servedRoot: root,
    roles,
    takeOver: supervised ? "after-predecessor" : "now",
  });
  const { app, url } = await startSiteServer({
    root,
    olderRoots: supervised?.olderRoots ?? [],
    port,
    fd: supervised?.fd,
    host: listenHost(process.env),
    publicHost: new URL(config.site.siteUrl).host,
    editor: editorPlace(config.site),
    roles,
    api,
    trustProxyHops: config.server.trustProxyHops,
    lifecycle: { drain, stop },
    indexNowKey: config.server.search.indexNow?.key ?? null,
  });
  const shutDown = exitOnSignals(app, { supervised: supervised !== undefined });
  if (supervised) {
    process.on("message", (message: SupervisorMessage) => {
      if (message.type === "drain") shutDown(message.why);
    });
    // The supervisor is gone (killed): nothing will tell this server to stop, so it stops now.
    process.once("disconnect", () => shutDown("The supervisor is gone"));
  }
  return url;
}
