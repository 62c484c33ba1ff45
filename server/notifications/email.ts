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

/**
 * The mail server said the recipient's address does not exist (no such mailbox or domain).
 * Sending it again would get the same answer; for the team's own addresses it is retried all
 * the same (a mistyped NOTIFY_EMAIL_TO is fixed by the team, and nothing is lost).
 */
export class RecipientRefusedError extends SafeError {
  override name = "RecipientRefusedError";
}

/**
 * A permanent reply whose RFC 3463 enhanced status is 5.1.x: a bad mailbox or domain
 * ("550 5.1.1", "5.1.2", "5.1.10"). Only that says the address is gone; other 5xx refusals
 * (5.7.1 "Relay access denied", policy, authentication) are the mail server's set-up, and an
 * acknowledgement dropped for them would silently drop every one.
 */
export function isBadAddressReply(reply: string): boolean {
  return /^5\d\d[ -]5\.1\.\d{1,3}(?!\d)/.test(reply);
}

/** nodemailer's error when the mail server refused every recipient because the address is bad. */
function isPermanentRecipientRefusal(error: unknown): boolean {
  const { code, command, response } = (error ?? {}) as {
    code?: unknown;
    command?: unknown;
    response?: unknown;
  };
  return code === "EENVELOPE" && command === "RCPT TO" && typeof response === "string" && isBadAddressReply(response);
}

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
          from: content.fromName ? { name: content.fromName, address: settings.from } : settings.from,
          to: content.to ?? settings.to,
          // An address object: nodemailer quotes and encodes the name itself.
          ...(content.replyTo ? { replyTo: content.replyTo } : {}),
          subject: content.subject,
          text: content.text,
          html: content.html,
          // RFC 3834: an automatic message, which out-of-office replies and auto-responders leave alone.
          ...(content.automatic ? { headers: { "Auto-Submitted": "auto-generated" } } : {}),
          disableUrlAccess: true,
          disableFileAccess: true,
          // On abort the pool fails this send at once and closes the connection carrying it
          // (a server stalling mid-message), and the pool opens a fresh one for the next.
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw new SafeError("the send was cut off at its deadline", { cause: error });
        if (isPermanentRecipientRefusal(error)) {
          const { responseCode } = error as { responseCode: number };
          throw new RecipientRefusedError(`the mail server refused the recipient (SMTP ${responseCode})`, {
            cause: error,
          });
        }
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
