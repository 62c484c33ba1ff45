// @vitest-environment node
/**
 * The drain on a listening server, with its times shortened: nothing new is accepted, a kept
 * connection is answered until it has been idle long enough, one in use ends after its answer,
 * and what still runs after the grace is cut off. The production server's drain on a signal,
 * with a store and a relay: tests/server/production.test.ts; in a release's switch under load:
 * tests/server/update.test.ts.
 */
import { connect, type Socket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { connections } from "./connections";
import { drain } from "./drain";

const IDLE_CLOSE_MS = 300;
const GRACE_MS = 800;

let app: FastifyInstance;
let port: number;
const events: string[] = [];

async function serve() {
  events.length = 0;
  // As the site's server is built: a request on a kept connection is answered during the drain.
  app = Fastify({ return503OnClosing: false });
  await app.register(connections);
  await app.register(drain, {
    onDrain: () => void events.push("drain"),
    onClosed: async () => void events.push("closed"),
    idleCloseMs: IDLE_CLOSE_MS,
    graceMs: GRACE_MS,
  });
  app.get("/", async () => "home");
  app.get("/slow", async () => new Promise((answer) => setTimeout(() => answer("slow"), 300)));
  app.get("/never", () => new Promise(() => {}));
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
}

afterEach(async () => {
  if (app.server.listening) await app.close();
});

/** A kept connection that reads each answer whole, and says when the server closed it. */
function keptConnection() {
  const socket = connect(port, "127.0.0.1");
  let data = "";
  socket.on("data", (chunk) => (data += chunk.toString()));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolveClosed) => socket.once("close", () => resolveClosed(performance.now())));
  const ask = async (path: string) => {
    const before = data.length;
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await expect.poll(() => data.slice(before), { timeout: GRACE_MS * 2 }).toMatch(/\r\n\r\n\w+$/);
    return data.slice(before);
  };
  return { socket, closed, ask };
}

/** The one connection open has a request in flight. */
const busy = () => app.connections.size === 1 && app.connections.idleFor(0).length === 0;

const refusesConnections = () =>
  new Promise<boolean>((resolveRefused) => {
    const socket: Socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolveRefused(false)));
    socket.once("error", () => resolveRefused(true));
  });

describe("the drain", () => {
  it("accepts nothing new, answers a kept connection until it has been idle long enough, then closes it", async () => {
    await serve();
    const kept = keptConnection();
    expect(await kept.ask("/")).toMatch(/^HTTP\/1\.1 200/);
    const closing = app.close();
    await expect.poll(() => events).toEqual(["drain"]);
    expect(await refusesConnections()).toBe(true);
    // Idle for less than IDLE_CLOSE_MS: the client's next request may already be on its way, and is answered.
    const during = await kept.ask("/");
    expect(during).toMatch(/^HTTP\/1\.1 200/);
    expect(during.toLowerCase()).toContain("connection: close");
    await kept.closed;
    await closing;
    expect(events).toEqual(["drain", "closed"]);
  });

  it("closes a connection left idle once it has been idle for the time given, not before", async () => {
    await serve();
    const kept = keptConnection();
    await kept.ask("/");
    const idleSince = performance.now();
    const closing = app.close();
    const closedAt = await kept.closed;
    expect(closedAt - idleSince).toBeGreaterThanOrEqual(IDLE_CLOSE_MS - 50);
    await closing;
  });

  it("ends a connection in use after its answer, sent with Connection: close", async () => {
    await serve();
    const kept = keptConnection();
    const answer = kept.ask("/slow");
    await expect.poll(busy).toBe(true);
    const closing = app.close();
    expect((await answer).toLowerCase()).toContain("connection: close");
    await kept.closed;
    await closing;
  });

  it("cuts off what still runs after the grace, then calls onClosed", async () => {
    await serve();
    const kept = keptConnection();
    kept.socket.write("GET /never HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(busy).toBe(true);
    const began = performance.now();
    await app.close();
    expect(performance.now() - began).toBeGreaterThanOrEqual(GRACE_MS - 50);
    await kept.closed;
    expect(events).toEqual(["drain", "closed"]);
  });
});
