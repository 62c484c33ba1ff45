/**
 * Clients that behave badly on purpose, for the server's time limits and refusals: one
 * that streams a body without end, one that asks `Expect: 100-continue`, and one that
 * trickles its bytes. Each reports what the server did (its status line, whether it
 * closed the connection) and how much the client managed to send.
 */
import { connect, type Socket } from "node:net";

export interface EndlessUploadResult {
  /** The status the server answered, or null when it closed without answering. */
  status: number | null;
  /** Bytes of body handed to the connection before the server closed it. */
  bodyBytesSent: number;
  /** False when the client stopped at `maxBytes` with the connection still open. */
  closedByServer: boolean;
}

const statusOf = (data: Buffer) => {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(data.toString("latin1"));
  return match ? Number(match[1]) : null;
};

/**
 * Sends the request line and `headers` (a chunked body), then body chunks as fast as the
 * connection takes them, until the server closes the connection or `maxBytes` are sent.
 */
export function endlessUpload(
  port: number,
  { target, headers, maxBytes = 64 * 1024 * 1024 }: { target: string; headers: [string, string][]; maxBytes?: number },
): Promise<EndlessUploadResult> {
  return new Promise((resolveUpload) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let sent = 0;
    let closed = false;
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      finish(true);
    });
    let finished = false;
    function finish(closedByServer: boolean) {
      if (finished) return;
      finished = true;
      resolveUpload({ status: statusOf(Buffer.concat(received)), bodyBytesSent: sent, closedByServer });
      socket.destroy();
    }
    const lines = [`POST ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Transfer-Encoding: chunked"];
    for (const [name, value] of headers) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    const chunk = Buffer.alloc(16 * 1024, "a");
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const pump = () => {
      while (!closed && sent < maxBytes) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (!closed) finish(false);
    };
    socket.once("connect", pump);
  });
}

export interface ContinueResult {
  /** The status lines the server sent, in order ("100", then the final one). */
  statuses: number[];
  body: string;
}

/**
 * Sends the headers with `Expect: 100-continue` and waits: the body goes only once the
 * server says "100 Continue" (as curl and other clients do, without their 1 s fallback).
 */
export function expectContinue(
  port: number,
  { target, headers, body }: { target: string; headers: [string, string][]; body: string },
): Promise<ContinueResult> {
  return new Promise((resolveContinue, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    let bodySent = false;
    const payload = Buffer.from(body);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("data", (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (!bodySent && data.toString("latin1").startsWith("HTTP/1.1 100")) {
        bodySent = true;
        socket.write(payload);
      }
    });
    socket.on("close", () => {
      const text = data.toString("utf8");
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
      resolveContinue({ statuses, body: text.slice(text.lastIndexOf("\r\n\r\n") + 4) });
    });
    const lines = [
      `POST ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      "Connection: close",
      "Expect: 100-continue",
      `Content-Length: ${payload.length}`,
    ];
    for (const [name, value] of headers) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

/**
 * Writes `head` (a request's first bytes) and then one byte of `rest` every `everyMs`,
 * as a slow-loris client does; resolves with what the server answered once it closed
 * the connection, and how many bytes of `rest` had gone by then.
 */
export function trickle(
  port: number,
  { head, rest, everyMs }: { head: string; rest: string; everyMs: number },
): Promise<{ status: number | null; trickled: number; complete: boolean }> {
  return new Promise((resolveTrickle) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let trickled = 0;
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", () => {});
    const timer = setInterval(() => {
      if (trickled < rest.length) socket.write(rest[trickled++]!);
    }, everyMs);
    socket.on("close", () => {
      clearInterval(timer);
      resolveTrickle({ status: statusOf(Buffer.concat(received)), trickled, complete: trickled === rest.length });
    });
    socket.write(head);
  });
}

/**
 * Splits a whole HTTP/1.1 answer read off a socket into its status, headers (lower-case
 * names, repeated ones joined with ", ") and body; null when the head is incomplete.
 */
export function parseRawAnswer(data: Buffer): { status: number; headers: Record<string, string>; body: Buffer } | null {
  const split = data.indexOf("\r\n\r\n");
  if (split === -1) return null;
  const [statusLine = "", ...headerLines] = data.subarray(0, split).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: data.subarray(split + 4) };
}
