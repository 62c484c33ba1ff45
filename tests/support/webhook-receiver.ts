/**
 * A local webhook receiver: keeps every POST (headers and raw body) and answers with the
 * status its script gives for that delivery (200 unless told otherwise).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Only the deliveries answered 2xx. */
  accepted(): ReceivedWebhook[];
  stop(): Promise<void>;
}

export async function startWebhookReceiver(
  statusFor: (attempt: number, body: string) => number = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const status = statusFor(received.length, body);
      received.push({ headers: req.headers, body, status });
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "error");
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", () => resolveListen()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/team`,
    received,
    accepted: () => received.filter((hook) => hook.status >= 200 && hook.status < 300),
    stop: () =>
      new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      }),
  };
}
