/**
 * An SMTP server in the test process (the smtp-server package) that keeps every message
 * it accepts, and a small MIME reader for what nodemailer sends: the headers (unfolded,
 * encoded words decoded) and the text and HTML parts (quoted-printable or base64 decoded).
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses of the session. */
  to: string[];
  raw: string;
}

export interface MailSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** How many messages each recipient received. */
  countFor(address: string): number;
  /** How many times a message was offered to `address` (RCPT TO), taken or refused. */
  triesFor(address: string): number;
  stop(): Promise<void>;
}

export async function startMailSink({
  port = 0,
  delayMs = 0,
  beforeAccept,
  refuses = () => false,
  refusesLogin = false,
}: {
  port?: number;
  delayMs?: number;
  /** Awaited before a message is accepted (its index from 0): a mail server that stalls. */
  beforeAccept?: (index: number) => Promise<void>;
  /**
   * A recipient the mail server refuses at RCPT TO: `true` for "550 5.1.1" (no such mailbox),
   * or the reply to give, such as "554 5.7.1 Relay access denied" or "450 4.2.1 Try again later".
   */
  refuses?: (address: string) => boolean | string;
  /** Offers AUTH (without TLS, on loopback) and refuses every login with "535 5.7.8": a wrong SMTP_URL password. */
  refusesLogin?: boolean;
} = {}): Promise<MailSink> {
  let arrived = 0;
  const received: ReceivedMail[] = [];
  const offered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    ...(refusesLogin
      ? {
          allowInsecureAuth: true,
          onAuth(_auth: unknown, _session: unknown, callback: (error: Error) => void) {
            callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
          },
        }
      : {}),
    onRcptTo(address, _session, callback) {
      offered.push(address.address);
      const refusal = refuses(address.address);
      if (refusal === false) return callback();
      const [, code, text] = /^(\d{3}) (.*)$/.exec(refusal === true ? "550 5.1.1 No such mailbox" : refusal)!;
      callback(Object.assign(new Error(text), { responseCode: Number(code) }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const finish = () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        };
        const index = arrived++;
        if (beforeAccept) void beforeAccept(index).then(finish);
        else if (delayMs > 0) setTimeout(finish, delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveListen());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    countFor: (recipient) => received.filter((mail) => mail.to.includes(recipient)).length,
    triesFor: (recipient) => offered.filter((address) => address === recipient).length,
    stop: () => new Promise<void>((resolveStop) => server.close(() => resolveStop())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < unfolded.length; index += 1) {
    const character = unfolded[index]!;
    if (character === "=" && /^[0-9A-F]{2}$/i.test(unfolded.slice(index + 1, index + 3))) {
      bytes.push(parseInt(unfolded.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(character, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes them, and as
 * lenient mail readers decode them: inside quoted names too.
 */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replaceAll("_", " ")),
    );
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Unfold: a line starting with whitespace continues the previous header.
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = splitHeaders(raw.slice(0, split));
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  const bodies = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of bodies) {
    const at = part.search(/\r?\n\r?\n/);
    const partHeaders = splitHeaders(part.slice(0, at));
    const body = part.slice(at).replace(/^\r?\n\r?\n/, "");
    const encoding = (partHeaders.get("content-transfer-encoding") ?? "7bit").toLowerCase();
    const decoded =
      encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : encoding === "base64"
          ? Buffer.from(body, "base64").toString("utf8")
          : body;
    const type = (partHeaders.get("content-type") ?? "").split(";")[0]!.trim();
    parts[type] = decoded;
  }
  return {
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    text: parts["text/plain"] ?? "",
    html: parts["text/html"] ?? "",
  };
}
