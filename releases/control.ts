/**
 * The control socket, DATA_DIR/control.sock: how `npm run update`, `npm run rollback` and
 * `requests -- status` find the running server, whether `npm start` in a checkout or systemd
 * started it (docs/deployment.md#updates-and-rollbacks). One JSON line asked, one answered,
 * whatever is sent: what the supervisor does not understand (not JSON, an unknown command, a
 * switch without its release, a line too long, nothing within CONTROL_READ_MS) is answered
 * `{"ok": false, "error": ...}`, and never stops it. DATA_DIR is its owner's only (0700), so
 * who may connect is who may use DATA_DIR; a switch still starts only a release folder under
 * RELEASES_DIR, or the checkout (releaseToStart).
 */
import { realpathSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { dirname, join, resolve, sep } from "node:path";
import { checkoutRelease, releaseFolders, type Release, type ReleasePlaces } from "./on-disk";

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
  { ok: true; serving: Serving; replaced?: { pid: number; release: Release } } | { ok: false; error: string };

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
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`the server on ${path} did not answer within ${timeoutMs / 1000} s`)),
    );
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

/** The longest request the control socket reads: a switch names a release and a few folders, well under this. */
export const MAX_CONTROL_REQUEST_BYTES = 64 * 1024;
/** How long a connection may take to send its request. */
export const CONTROL_READ_MS = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value !== "";
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

function isRelease(value: unknown): value is Release {
  return (
    isObject(value) &&
    isText(value.id) &&
    isText(value.dir) &&
    isText(value.client) &&
    isTextOrNull(value.commit) &&
    isTextOrNull(value.subject)
  );
}

/** A control request as sent, or what is wrong with it, in the words the answer gives. */
export function parseControlRequest(text: string): ControlRequest | { error: string } {
  let asked: unknown;
  try {
    asked = JSON.parse(text);
  } catch {
    return { error: "not a JSON request" };
  }
  if (!isObject(asked) || typeof asked.command !== "string") {
    return { error: 'a request is a JSON object with a "command": "status" or "switch"' };
  }
  if (asked.command === "status") return { command: "status" };
  if (asked.command !== "switch") return { error: `unknown command ${JSON.stringify(asked.command).slice(0, 80)}` };
  if (!isRelease(asked.release) || !Array.isArray(asked.olderRoots) || !asked.olderRoots.every(isText)) {
    return {
      error: 'a switch names its "release" ({id, dir, client, commit, subject}) and "olderRoots" (a list of folders)',
    };
  }
  return { command: "switch", release: asked.release, olderRoots: asked.olderRoots };
}

/** `path` with every symbolic link resolved, or null when nothing is there. */
function realPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * What a switch may start (docs/deployment.md#updates-and-rollbacks): the checkout, or a built
 * release folder right under RELEASES_DIR, as the supervisor's own places name them, their real
 * paths (links resolved) inside them; and, as older roots, the kept releases' client folders.
 * Throws, saying why, for anything else: a path outside, a link out, a folder that is not a release.
 */
export function releaseToStart(
  places: ReleasePlaces,
  asked: Release,
  olderRoots: readonly string[],
): { release: Release; olderRoots: string[] } {
  const releasesDir = realPath(places.releasesDir);
  const checkout = checkoutRelease(places, asked.commit);
  const folders = releasesDir === null ? [] : releaseFolders(places);
  const real = realPath(asked.dir);
  const release =
    real !== null && real === realPath(checkout.dir)
      ? checkout
      : folders.find((folder) => real !== null && dirname(real) === releasesDir && realPath(folder.dir) === real);
  if (!release || release.id !== asked.id) {
    throw new Error(`${asked.dir} is not a release under ${places.releasesDir}, nor the checkout`);
  }
  // Its build too: a link inside a release folder could point anywhere.
  const client = realPath(release.client);
  if (client === null || (release !== checkout && !client.startsWith(real + sep))) {
    throw new Error(`release ${release.id} has no build of its own at ${release.client}`);
  }
  const keptClients = new Set([checkout, ...folders].map((kept) => realPath(kept.client)));
  const stranger = olderRoots.find((root) => realPath(root) === null || !keptClients.has(realPath(root)));
  if (stranger !== undefined) throw new Error(`${stranger} is not the build of a kept release`);
  return { release, olderRoots: [...olderRoots] };
}

/** What the supervisor does for each command; a rejection or a throw is answered as an error. */
export interface ControlHandlers {
  status(): ControlAnswer;
  switch(request: Extract<ControlRequest, { command: "switch" }>): Promise<ControlAnswer>;
}

/** After its answer, how long a connection may keep sending before it is closed. */
const LINGER_MS = 1000;

/**
 * The control socket's server: reads one request (up to its first line break, or the end the
 * client sends), at most MAX_CONTROL_REQUEST_BYTES within CONTROL_READ_MS, and answers it with
 * one JSON line, then ends. Nothing a client sends or does reaches the supervisor as an error.
 */
export function controlServer(handlers: ControlHandlers): Server {
  return createServer({ allowHalfOpen: true }, (connection) => {
    let asked = "";
    let answered = false;
    const answer = (reply: ControlAnswer | Promise<ControlAnswer>) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      connection.removeAllListeners("data");
      void Promise.resolve(reply)
        .catch((error: unknown): ControlAnswer => ({ ok: false, error: (error as Error)?.message ?? String(error) }))
        .then((settled) => {
          if (connection.destroyed) return;
          connection.end(`${JSON.stringify(settled)}\n`);
          setTimeout(() => connection.destroy(), LINGER_MS).unref();
        });
    };
    const decide = (text: string) => {
      const request = parseControlRequest(text);
      if ("error" in request) return answer({ ok: false, error: request.error });
      answer(
        Promise.resolve().then(() => (request.command === "switch" ? handlers.switch(request) : handlers.status())),
      );
    };
    const timer = setTimeout(
      () => answer({ ok: false, error: `no request within ${CONTROL_READ_MS / 1000} s` }),
      CONTROL_READ_MS,
    );
    connection.setEncoding("utf8");
    // A command that went away: the switch it asked for goes on.
    connection.on("error", () => {});
    connection.on("close", () => clearTimeout(timer));
    connection.on("data", (chunk: string) => {
      asked += chunk;
      const lineEnd = asked.indexOf("\n");
      if (lineEnd >= 0 && lineEnd <= MAX_CONTROL_REQUEST_BYTES) return decide(asked.slice(0, lineEnd));
      if (Buffer.byteLength(asked) > MAX_CONTROL_REQUEST_BYTES) {
        answer({ ok: false, error: `a request is one line of at most ${MAX_CONTROL_REQUEST_BYTES / 1024} KiB` });
      }
    });
    connection.on("end", () => {
      if (!answered) decide(asked);
    });
  });
}
