/**
 * Raw HTTP/1.1 clients: `rawRequest`, which sends a request exactly as written (the target
 * as given, headers in order and repeated, a chunked body), for what fetch and browsers
 * would normalise; and clients that behave badly on purpose, for the server's time limits
 * and refusals: one that streams a body without end, one that asks `Expect: 100-continue`,
 * and one that trickles its bytes. Each reports what the server did (its status line, whether it
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
    // Half-open allowed: like a hostile client, it goes on sending after the server's FIN.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
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

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as text (UTF-8). */
  body: string;
  /** The body's bytes, as they came (not decompressed). */
  bytes: Buffer;
}

/**
 * Sends one HTTP/1.1 request exactly as given: the target as written, the headers in
 * order (repeats allowed), and the body with a Content-Length, or in chunks. GET unless
 * a body is given (then POST).
 */
export function rawRequest(
  port: number,
  {
    target,
    body,
    method = body === undefined ? "GET" : "POST",
    headers = [],
    chunked = false,
  }: {
    target: string;
    method?: string;
    headers?: [string, string][] | Record<string, string>;
    body?: string | Buffer;
    chunked?: boolean;
  },
): Promise<RawResponse> {
  const payload = typeof body === "string" ? Buffer.from(body) : (body ?? Buffer.alloc(0));
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close"];
  for (const [name, value] of Array.isArray(headers) ? headers : Object.entries(headers)) {
    lines.push(`${name}: ${value}`);
  }
  if (chunked) lines.push("Transfer-Encoding: chunked");
  else if (body !== undefined || (method !== "GET" && method !== "HEAD"))
    lines.push(`Content-Length: ${payload.length}`);
  return new Promise((resolveResponse, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    // The server may close before it has read all of a refused body: that is an answer too.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      const answer = parseRawAnswer(Buffer.concat(chunks));
      if (!answer) return reject(new Error(`no complete answer to ${method} ${target}`));
      resolveResponse({ ...answer, body: answer.body.toString("utf8"), bytes: answer.body });
    });
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (chunked) {
      // Several chunks, as a client streaming a body of unknown length sends it.
      const size = 4096;
      for (let offset = 0; offset < payload.length; offset += size) {
        const part = payload.subarray(offset, offset + size);
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write("\r\n");
      }
      socket.write("0\r\n\r\n");
    } else {
      socket.write(payload);
    }
  });
}
