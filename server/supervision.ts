/**
 * What a supervised server and its supervisor agree on, in one place on the server's side:
 * releases/supervisor.ts (`npm start`, ta-network.service) runs server/serve.ts in a child
 * process for each release and imports this module; the server never imports releases/
 * (docs/decisions/0024-releases-not-restarts.md). The entry point and its command line, the
 * messages over the IPC channel, where it listens and how long it takes to stop. Constants,
 * types and small functions, with nothing to load: the supervisor stays on Node's own modules.
 */
import type { ParseArgsOptionsConfig } from "node:util";

/** The server's entry point, run in a release's folder with that release's Node. */
export const SERVER_ENTRY = "server/serve.ts";

/** A signalled or drained server has exited by then, whatever it was waiting for (docs/deployment/node-server.md). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** The interface a server listens on, or its supervisor binds for it: HOST (docs/configuration.md), loopback by default. */
export function listenHost(env: NodeJS.ProcessEnv): string {
  return env.HOST || "127.0.0.1";
}

/** The server to its supervisor: it listens, at `url`. */
export type ServerMessage = { type: "ready"; url: string };
/** The supervisor to a server: stop accepting, finish what was asked, exit. */
export type SupervisorMessage = { type: "drain"; why: string };

/** server/serve.ts's command line: `npm run serve -- --port --dir`, and what a supervisor adds. */
export const SERVE_OPTIONS = {
  port: { type: "string" },
  dir: { type: "string" },
  /** For its start-up line: `release <id>`, `the production build`. */
  what: { type: "string" },
  /** The supervisor's listening socket, inherited as this descriptor; the IPC channel comes with it. */
  "listen-fd": { type: "string" },
  /** A kept release's client folder whose /assets/ files it answers too. */
  "assets-from": { type: "string", multiple: true },
} as const satisfies ParseArgsOptionsConfig;

/** The descriptor a supervised server finds the listening socket on (the first after stdin, stdout, stderr). */
export const LISTEN_FD = 3;

/** The arguments of SERVER_ENTRY for a supervised server of the client folder `client`. */
export function supervisedServeArgs({
  client,
  what,
  olderRoots,
}: {
  client: string;
  what: string;
  olderRoots: readonly string[];
}): string[] {
  return [
    "--listen-fd",
    String(LISTEN_FD),
    "--dir",
    client,
    "--what",
    what,
    ...olderRoots.flatMap((root) => ["--assets-from", root]),
  ];
}
