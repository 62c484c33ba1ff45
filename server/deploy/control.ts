/**
 * The control socket, DATA_DIR/control.sock: how `npm run update`, `npm run rollback` and
 * `requests -- status` find the running server, whether `npm start` in a checkout or systemd
 * started it (docs/deployment.md#updates-and-rollbacks). One JSON line asked, one answered.
 * DATA_DIR is its owner's only (0700), so who may connect is who may use DATA_DIR.
 */
import { connect } from "node:net";
import { join, resolve } from "node:path";
import type { Release } from "./releases";

export const CONTROL_SOCKET = "control.sock";
/** Linux's limit on a unix socket's path (108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

export function controlSocketPath(dataDir: string): string {
  const path = join(resolve(dataDir), CONTROL_SOCKET);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    throw new Error(`DATA_DIR's path is too long for its control socket (${path}): ${MAX_SOCKET_PATH} bytes at most.`);
  }
  return path;
}

/** What the supervisor says of the server it runs. */
export interface Serving {
  release: Release;
  pid: number;
  /** When this release's server said it was ready (ms since the epoch). */
  since: number;
  url: string;
}

export type ControlRequest =
  | { command: "status" }
  /** Start `release`'s server on the socket; once it is ready, the one serving now drains. */
  | { command: "switch"; release: Release; olderRoots: string[] };

export type ControlAnswer =
  | { ok: true; serving: Serving; replaced?: { pid: number; release: Release } }
  | { ok: false; error: string };

/** No server answers on DATA_DIR (none runs, or one was killed and left its socket file). */
export class NoServerError extends Error {
  override name = "NoServerError";
}

/** Asks the server on `dataDir` one thing; rejects with NoServerError when none runs. */
export function askServer(dataDir: string, request: ControlRequest, timeoutMs: number): Promise<ControlAnswer> {
  const path = controlSocketPath(dataDir);
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(path);
    let answer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the server on ${path} did not answer within ${timeoutMs / 1000} s`)));
    socket.on("connect", () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT" || error.code === "ECONNREFUSED"
          ? new NoServerError(`no server runs on ${resolve(dataDir)} (nothing answers on ${path})`)
          : error,
      );
    });
    socket.on("end", () => {
      try {
        resolveAnswer(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error(`the server on ${path} gave no answer`));
      }
    });
  });
}
