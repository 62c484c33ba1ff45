/**
 * Sends the team's emails through the mail server of SMTP_URL with nodemailer (a pooled
 * connection, reused between messages), each step under a time limit and each send under
 * its caller's overall deadline (a signal).
 *
 * Transport (docs/product.md#notifications-and-privacy): smtps:// is TLS from the first byte (port 465). smtp:// to any
 * host but this machine requires STARTTLS: without it a man in the middle could strip the
 * server's offer and read the requests in transit. Only smtp:// to loopback (a mail server
 * on the same machine) takes STARTTLS merely when offered.
 */
import nodemailer from "nodemailer";
import { LOOPBACK_HOSTS, type NotificationSettings } from "../config";
import type { EmailContent } from "./messages";
import { SafeError } from "../safe-errors";

type EmailSettings = NonNullable<NotificationSettings["email"]>;

export interface EmailSender {
  /**
   * Resolves once the mail server took the message. When `signal` aborts first it rejects
   * at once (a SafeError) and the connection carrying the message is dropped.
   */
  send(content: EmailContent, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** The transport's options from SMTP_URL: host, port, TLS and the credentials in it. */
export function smtpOptions(smtpUrl: string, timeoutMs: number) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    // STARTTLS must succeed or the send fails; `url.hostname` keeps IPv6's brackets, as LOOPBACK_HOSTS has them.
    requireTLS: !secure && !LOOPBACK_HOSTS.has(url.hostname),
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    pool: true,
    maxConnections: 1,
  } as const;
}

export function createEmailSender(settings: EmailSettings, timeoutMs: number): EmailSender {
  const transport = nodemailer.createTransport(smtpOptions(settings.smtpUrl, timeoutMs));
  return {
    async send(content, signal) {
      let info;
      try {
        // nodemailer folds and encodes headers itself; the subject is already one line (messages.ts).
        info = await transport.sendMail({
          from: settings.from,
          to: settings.to,
          // An address object: nodemailer quotes and encodes the name itself.
          ...(content.replyTo ? { replyTo: content.replyTo } : {}),
          subject: content.subject,
          text: content.text,
          html: content.html,
          disableUrlAccess: true,
          disableFileAccess: true,
          // On abort the pool fails this send at once and closes the connection carrying it
          // (a server stalling mid-message), and the pool opens a fresh one for the next.
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw new SafeError("the send was cut off at its deadline", { cause: error });
        throw error;
      }
      // All refused: an error to retry. Some refused: the others have it, and a retry would send them a second copy.
      if (info.accepted.length === 0) throw new SafeError("the mail server refused every recipient");
    },
    close() {
      transport.close();
    },
  };
}
