/**
 * The drain: how the site's server closes (docs/deployment/node-server.md; a release's switch,
 * docs/decisions/0024-releases-not-restarts.md). From the moment it begins, the server accepts
 * no new connection and its health check answers 503 (`onDrain`); every answer not yet begun
 * carries `Connection: close` (Fastify's on a request routed while closing), so a connection in
 * use ends after its answer; a keep-alive connection is closed once it has been idle for
 * `idleCloseMs`; whatever is still open after `graceMs` is cut off. Then `onClosed`. The server
 * is built with `return503OnClosing: false`: a request on a kept connection is answered, not
 * refused.
 */
import { Server as NetServer } from "node:net";
import fp from "fastify-plugin";

/** How often a draining server looks for connections idle long enough to close. */
const IDLE_SWEEP_MS = 100;

export interface DrainOptions {
  /** As the drain begins: the health check answers 503 from now on. */
  onDrain(): void;
  /** Once every connection is closed: the API's workers and store stop. */
  onClosed(): Promise<void>;
  /**
   * An idle keep-alive connection is closed only once it has been idle this long: the keep-alive
   * timeout the server announced, after which a client that honours it never sends on it again.
   * One that looks idle sooner may already hold the client's next request, unread in the
   * kernel's buffer: closing it then resets that request
   * (docs/measurements/0024-releases-without-a-refused-visitor.md: 31 resets in 5 switches with
   * the immediate close; none with this).
   */
  idleCloseMs: number;
  /** How long connections in use may take to finish before they are cut off. */
  graceMs: number;
}

export const drain = fp<DrainOptions>(
  async (app, { onDrain, onClosed, idleCloseMs, graceMs }) => {
    app.addHook("preClose", async () => {
      onDrain();
      if (!app.server.listening) return;
      app.connections.closeAfterTheirAnswers();
      const sweep = setInterval(() => {
        for (const socket of app.connections.idleFor(idleCloseMs)) socket.destroy();
      }, IDLE_SWEEP_MS);
      const cutOff = setTimeout(() => app.server.closeAllConnections(), graceMs);
      // net.Server's close(): the listening socket closes now, the connections stay, and the
      // callback comes once the last has ended. http.Server's close(), which Fastify calls after
      // this hook, adds closeIdleConnections(): every connection idle at that moment, however
      // briefly, closed at once; by then there is none.
      await new Promise<void>((closed) => NetServer.prototype.close.call(app.server, () => closed()));
      clearInterval(sweep);
      clearTimeout(cutOff);
    });
    app.addHook("onClose", async () => onClosed());
  },
  { name: "drain", fastify: "5.x", dependencies: ["connections"] },
);
