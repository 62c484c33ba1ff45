/**
 * `GET /api/health` for load balancers and uptime checks (docs/deployment/node-server.md, "Health
 * checks"): 200 `{"status": "ok"}` when the request store answers a trivial query within
 * HEALTH_TIME_LIMIT_MS, 503 `{"status": "unavailable"}` otherwise, so a balancer takes
 * a server whose database is away out of rotation and puts it back when it returns, and
 * 503 `{"status": "shutting down"}` from the moment a signal starts the server's drain.
 * The answer names nothing else: no database, no version, no request.
 */
import { API_ROUTES, apiPath } from "#shared/api-paths.ts";
import type { FastifyInstance } from "fastify";
import type { IntakeStore } from "../requests/store";
import { answerJson, endpoint, refuse } from "../http/answers";

export const HEALTH_PATH = apiPath(API_ROUTES.health);
/** The budget for the trivial query (docs/deployment/node-server.md). */
export const HEALTH_TIME_LIMIT_MS = 1000;
/** What an unhealthy answer asks a balancer to wait before it asks again. */
const RETRY_AFTER = { "Retry-After": "5" };

export function healthRoute({
  store,
  draining = () => false,
  log = (line) => console.log(line),
}: {
  store: Pick<IntakeStore, "ping">;
  /** True once the server has begun shutting down: 503 from then on, so a balancer stops sending visitors. */
  draining?: () => boolean;
  log?: (line: string) => void;
}) {
  /** Logs only a change of state, so a balancer polling every few seconds does not fill the log. */
  let lastHealthy = true;
  return (app: FastifyInstance) =>
    endpoint(app, {
      method: ["GET", "HEAD"],
      url: API_ROUTES.health,
      async handler(request, reply) {
        if (draining()) return refuse(request, reply, 503, { status: "shutting down" }, RETRY_AFTER);
        let healthy = true;
        try {
          await store.ping(HEALTH_TIME_LIMIT_MS);
        } catch {
          healthy = false;
        }
        if (healthy !== lastHealthy)
          log(`[health] the request store is ${healthy ? "answering again" : "not answering"}`);
        lastHealthy = healthy;
        if (healthy) return answerJson(reply, 200, { status: "ok" });
        return answerJson(reply, 503, { status: "unavailable" }, RETRY_AFTER);
      },
    });
}
