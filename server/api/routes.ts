/**
 * The site's API under /api/, built from the configuration and the services the
 * composition root (server/main.ts) opened, as one Fastify plugin: the body parsers, the
 * cookies (@fastify/cookie) and the rate limit every endpoint shares, then the CSP reports, the invitation requests and the
 * health check.
 */
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config";
import { readContent } from "#shared/content/read.ts";
import { privacyNoticeVersion } from "#shared/invitation/privacy-notice.ts";
import type { RoleTimetable } from "#shared/roles.ts";
import { acknowledgesRequesters, notificationChannels } from "../notifications/channels";
import type { NotificationWorker } from "../notifications/worker";
import type { RelayWorker } from "../requests/hubspot/relay";
import type { RequestIntake } from "../requests/store";
import { CSP_REPORT_MEDIA_TYPES, createCspReportsRoute } from "./csp-reports";
import { editorSignInRoutes } from "./editor-sign-in";
import { healthRoute } from "./health";
import { requestIntake } from "../requests/intake";
import { invitationRequestsRoute, siteOrigins } from "./invitation-requests";
import { registerRateLimit } from "./rate-limit";

export interface ApiServices {
  requests: {
    store: RequestIntake;
    relay: RelayWorker | null;
    notifier?: NotificationWorker | null;
    /** The roles of the build being served (server/roles-timetable.ts); none when absent. */
    roles?: RoleTimetable;
  };
  /** True once the server has begun shutting down (the health check answers 503). */
  draining?: () => boolean;
}

/** What the endpoints read: each refuses other types before a byte of the body is read, and parses its own. */
const BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", ...CSP_REPORT_MEDIA_TYPES];

export type ApiPlugin = (api: FastifyInstance) => Promise<void>;
/** One endpoint, registering its routes in the API's scope. */
export type Endpoint = (api: FastifyInstance) => void;

/** The API's scope: what every endpoint shares (the body parsers, `request.cookies`, the rate limit), then the endpoints. */
export function apiScope(
  endpoints: readonly Endpoint[],
  rateLimits: Parameters<typeof registerRateLimit>[1],
): ApiPlugin {
  return async (api) => {
    api.addContentTypeParser(BODY_TYPES, { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    await api.register(fastifyCookie);
    await registerRateLimit(api, rateLimits);
    for (const register of endpoints) register(api);
  };
}

/** The API of this configuration (a deployment with INVITATION_API=off has none, and never builds it). */
export function buildApi(config: AppConfig, services: ApiServices): ApiPlugin {
  const endpoints: Endpoint[] = [createCspReportsRoute({ origins: siteOrigins(config) })];
  // The editor's GitHub sign-in, on the editor's origin; without the GitHub App's settings, it says it is not set up.
  if (config.site.editor?.backend === "github") {
    endpoints.push(
      editorSignInRoutes({
        signIn: config.server.editorSignIn,
        origin: config.site.editorOrigin ?? config.site.siteUrl,
        rateLimit: config.server.rateLimit,
      }),
    );
  }
  const { store, relay, notifier = null, roles = { roles: [] } } = services.requests;
  const words = readContent("requestInvitation");
  const take = requestIntake({
    store,
    site: config.site,
    words,
    relayEnabled: relay !== null,
    notify: notifier ? notificationChannels(config.server.notifications) : [],
    acknowledge: notifier !== null && acknowledgesRequesters(config.server.notifications),
    roles,
    noticeVersion: privacyNoticeVersion(words.ownForm.privacyNotice, config.site),
    log: (line) => console.log(line),
    now: Date.now,
  });
  endpoints.push(
    invitationRequestsRoute({
      config,
      take,
      onSaved: () => {
        relay?.wake();
        notifier?.wake();
      },
    }),
    healthRoute({ store, draining: services.draining }),
  );
  return apiScope(endpoints, {
    trustProxyHops: config.server.trustProxyHops,
    counter: store.sharedRateLimits,
  });
}
