/**
 * A TCP proxy in the test process that can hold what its clients send: while held, bytes
 * from a client wait in the proxy; released, they go on in order. Between a server and its
 * PostgreSQL it makes a save that outlasts the API's time limit and commits afterwards, as a
 * database paused for a few seconds does, without a timer inside PostgreSQL cancelling it.
 */
import { connect, createServer, type Socket } from "node:net";

export interface HoldingProxy {
  port: number;
  /** From now on, what clients send waits in the proxy. */
  hold(): void;
  /** Sends on what waited, and everything after it. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(target: { host: string; port: number }): Promise<HoldingProxy> {
  let held = false;
  const waiting: { upstream: Socket; chunk: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.on("data", (chunk: Buffer) => (held ? waiting.push({ upstream, chunk }) : upstream.write(chunk)));
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  return {
    port: (server.address() as { port: number }).port,
    hold: () => void (held = true),
    release: () => {
      held = false;
      for (const { upstream, chunk } of waiting.splice(0)) upstream.write(chunk);
    },
    close: () =>
      new Promise((resolveClose) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolveClose());
      }),
  };
}
