/**
 * What the site's server knows of each of its connections, from Node's and Fastify's public
 * events: the answers in flight on it, and since when it has had none. The drain reads the
 * second (./drain.ts: a keep-alive connection is closed once idle long enough), a refusal
 * written straight to a socket the first (./errors.ts: never a second status line).
 */
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import fp from "fastify-plugin";

interface Connection {
  /** Answers begun and not yet closed (more than one only when a client pipelines). */
  answers: Set<ServerResponse>;
  /** When the last of them closed (or the connection opened), by `now`. */
  idleSince: number;
}

export class Connections {
  private readonly open = new Map<Socket, Connection>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A connection accepted: idle until its first request. */
  opened(socket: Socket): void {
    this.open.set(socket, { answers: new Set(), idleSince: this.now() });
    socket.once("close", () => this.open.delete(socket));
  }

  /** A request arrived on `socket`, to be answered with `answer`: busy until it closes. */
  answering(socket: Socket, answer: ServerResponse): void {
    const connection = this.open.get(socket);
    if (!connection) return;
    connection.answers.add(answer);
    answer.once("close", () => {
      connection.answers.delete(answer);
      if (connection.answers.size === 0) connection.idleSince = this.now();
    });
  }

  /** Whether an answer has begun on `socket`: its status line is written, and another would corrupt it. */
  answerBegun(socket: Socket): boolean {
    return [...(this.open.get(socket)?.answers ?? [])].some((answer) => answer.headersSent);
  }

  /**
   * Every answer in flight whose headers are not sent yet goes out with `Connection: close`, so
   * its connection ends after it (Fastify adds the header only to requests routed once closing).
   */
  closeAfterTheirAnswers(): void {
    for (const { answers } of this.open.values()) {
      for (const answer of answers) if (!answer.headersSent) answer.setHeader("Connection", "close");
    }
  }

  /** The open connections with nothing in flight for `ms` or more. */
  idleFor(ms: number): Socket[] {
    const now = this.now();
    return [...this.open]
      .filter(([, { answers, idleSince }]) => answers.size === 0 && now - idleSince >= ms)
      .map(([socket]) => socket);
  }

  get size(): number {
    return this.open.size;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The server's connections (server/http/connections.ts). */
    connections: Connections;
  }
}

/**
 * Keeps `app.connections`: each connection from Node's `connection` event, each request from
 * the first `onRequest` hook (also one Node hands over as `checkContinue`), each answer until
 * its `close`. Register it first, so its hook runs before any that answers.
 */
export const connections = fp(
  async (app) => {
    const tracked = new Connections();
    app.decorate("connections", tracked);
    app.server.on("connection", (socket: Socket) => tracked.opened(socket));
    app.addHook("onRequest", (request, reply, done) => {
      tracked.answering(request.raw.socket, reply.raw);
      done();
    });
  },
  { name: "connections", fastify: "5.x" },
);
