/**
 * `GET /api/health` for load balancers and uptime checks (docs/deployment/node-server.md, "Health
 * checks"): 200 `{"status": "ok"}` when the request store answers a trivial query within
 * HEALTH_TIME_LIMIT_MS, 503 `{"status": "unavailable"}` otherwise, so a balancer takes
 * a server whose database is away out of rotation and puts it back when it returns, and
 * 503 `{"status": "shutting down"}` from the moment a signal starts the server's drain.
 * The answer names nothing else: no database, no version, no request.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestStore } from "../requests/store";
import { closeAfterAnswer, sendJson, sendMethodNotAllowed, type ApiRoute } from "../http/answers";

export const HEALTH_PATH = "/api/health";
/** The budget for the trivial query (docs/deployment/node-server.md). */
export const HEALTH_TIME_LIMIT_MS = 1000;

export function healthRoute({
  store,
  draining = () => false,
  log = (line) => console.log(line),
}: {
  store: RequestStore;
  /** True once the server has begun shutting down: 503 from then on, so a balancer stops sending visitors. */
  draining?: () => boolean;
  log?: (line: string) => void;
}): ApiRoute {
  /** Logs only a change of state, so a balancer polling every few seconds does not fill the log. */
  let lastHealthy = true;
  return {
    path: HEALTH_PATH,
    async handle(req: IncomingMessage, res: ServerResponse) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        closeAfterAnswer(req, res);
        return sendMethodNotAllowed(res, ["GET", "HEAD"]);
      }
      if (draining()) {
        closeAfterAnswer(req, res);
        return sendJson(res, 503, { status: "shutting down" }, { "Retry-After": "5" });
      }
      let healthy = true;
      try {
        await store.ping(HEALTH_TIME_LIMIT_MS);
      } catch {
        healthy = false;
      }
      if (healthy !== lastHealthy)
        log(`[health] the request store is ${healthy ? "answering again" : "not answering"}`);
      lastHealthy = healthy;
      if (healthy) return sendJson(res, 200, { status: "ok" });
      sendJson(res, 503, { status: "unavailable" }, { "Retry-After": "5" });
    },
  };
}
