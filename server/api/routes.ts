/**
 * The site's API under /api/, built from the configuration and the services the
 * composition root (server/main.ts) opened, as one Fastify plugin: the body parsers, the
 * cookies (@fastify/cookie) and the rate limit every endpoint shares, then the CSP reports, the invitation requests, the health
 * check, the pages of the team's answer links and the editor's endpoints (server/editor/).
 */
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config";
import { readContent } from "#shared/content/read.ts";
import { privacyNoticeVersion } from "#shared/invitation/privacy-notice.ts";
import type { RoleTimetable } from "#shared/roles/timetable.ts";
import { acknowledgesRequesters, notificationChannels } from "../notifications/channels";
import type { NotificationWorker } from "../notifications/worker";
import type { RelayWorker } from "../requests/hubspot/relay";
import type { AnswerStore, IntakeStore } from "../requests/store";
import { answerRequests } from "../requests/answer";
import { emailWords } from "../notifications/messages";
import { answerLinksRoute } from "./answer-links";
import { CSP_REPORT_MEDIA_TYPES, createCspReportsRoute } from "./csp-reports";
import { healthRoute } from "./health";
import { takeRequests } from "../requests/intake";
import type { RequestSpool } from "../requests/spool";
import { invitationRequestsRoute, siteOrigins } from "./invitation-requests";
import { registerRateLimit } from "./rate-limit";

export interface ApiServices {
  requests: {
    store: IntakeStore & AnswerStore;
    relay: RelayWorker | null;
    notifier?: NotificationWorker | null;
    /** The roles of the build being served (server/http/read-role-timetable.ts); none when absent. */
    roles?: RoleTimetable;
    /** Where requests are kept while the store is away (server/requests/spool.ts); without one they are answered 503. */
    spool?: RequestSpool | null;
  };
  /** True once the server has begun shutting down (the health check answers 503). */
  draining?: () => boolean;
  /** The clock the API decides by (tests move it). */
  now?: () => number;
  /** The editor's sign-in, API and history on EDITOR_ORIGIN (server/editor/editor.ts); none without EDITORS. */
  editor?: readonly Endpoint[];
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
  endpoints.push(...(services.editor ?? []));
  const { store, relay, notifier = null, roles = { roles: [] }, spool = null } = services.requests;
  const now = services.now ?? Date.now;
  const words = readContent("requestInvitation");
  const tellsRequesters = notifier !== null && acknowledgesRequesters(config.server.notifications);
  const takeRequest = takeRequests({
    store,
    site: config.site,
    words,
    relayEnabled: relay !== null,
    notify: notifier ? notificationChannels(config.server.notifications) : [],
    acknowledge: tellsRequesters,
    roles,
    noticeVersion: privacyNoticeVersion(words.ownForm.privacyNotice, config.site),
    replyWithinHours: config.site.replyWithinHours,
    log: (line) => console.log(line),
    now,
    spool,
  });
  endpoints.push(
    invitationRequestsRoute({
      config,
      takeRequest,
      onSaved: () => {
        relay?.wake();
        notifier?.wake();
      },
    }),
    healthRoute({ store, draining: services.draining }),
    // The team's answer links (docs/product.md#the-48-hour-promise): without TEAM_LINK_SECRET none is made, and any is refused.
    answerLinksRoute({
      config,
      secret: config.server.answers.linkSecret,
      store,
      answer: answerRequests({ store, tellsRequesters, now, log: (line) => console.log(line) }),
      tellsRequesters,
      words: emailWords(config.site).team,
      waitWords: words.waitWords,
      onAnswered: () => notifier?.wake(),
      now,
    }),
  );
  return apiScope(endpoints, {
    trustProxyHops: config.server.trustProxyHops,
    counter: store.sharedRateLimits,
  });
}
