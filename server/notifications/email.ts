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
 * The mail server refused the recipient's address for good at RCPT TO (a 5xx: no such mailbox or
 * domain, or an address it cannot take, such as `a..b@example.com` or one with no domain's dot).
 * Sending it again would get the same answer. For the team's own addresses it is retried all the
 * same (a mistyped NOTIFY_EMAIL_TO is fixed by the team, and nothing is lost).
 */
export class RecipientRefusedError extends SafeError {
  override name = "RecipientRefusedError";
}

/**
 * The mail server would not take the recipient now (a 4xx at RCPT TO: greylisting, a full
 * mailbox), or refused it by its own policy (5.7.x: relay denied, authentication), which may be
 * its set-up and be fixed: the message may go later.
 */
export class RecipientDeferredError extends SafeError {
  override name = "RecipientDeferredError";
}

/** A reply's code and its RFC 3463 enhanced status when it has one: `550 5.1.1`, `501`. */
const REPLY_CODES = /^([245]\d\d)(?:[ -]([245]\.\d{1,3}\.\d{1,3})(?!\d))?/;

/**
 * What a refusal at RCPT TO says of the recipient (docs/deployment/notifications.md): `refused`
 * for good (any 5xx about the address, with an enhanced status of 5.1.x or none at all: 501 and
 * 504 come without one), `deferred` for now (a 4xx, or the policy refusals of 5.7.x), or null
 * when the reply is about the mail server rather than the recipient (421: it is closing).
 */
export function recipientRefusal(reply: string): "refused" | "deferred" | null {
  const [, code = "", enhanced = ""] = REPLY_CODES.exec(reply) ?? [];
  if (code.startsWith("5")) return enhanced.startsWith("5.7.") ? "deferred" : "refused";
  if (code.startsWith("4") && code !== "421") return "deferred";
  return null;
}

/** nodemailer's error when the mail server refused the message's every recipient at RCPT TO, as the error to throw. */
function recipientError(error: unknown): SafeError | null {
  const { code, command, response } = (error ?? {}) as { code?: unknown; command?: unknown; response?: unknown };
  if (code !== "EENVELOPE" || command !== "RCPT TO" || typeof response !== "string") return null;
  const refusal = recipientRefusal(response);
  if (!refusal) return null;
  // The codes only: the rest of the reply usually quotes the address.
  const codes = REPLY_CODES.exec(response)!.slice(1).filter(Boolean).join(" ");
  return refusal === "refused"
    ? new RecipientRefusedError(`the mail server refused the recipient (SMTP ${codes})`, { cause: error })
    : new RecipientDeferredError(`the mail server deferred the recipient (SMTP ${codes})`, { cause: error });
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
          ...(content.messageId ? { messageId: content.messageId } : {}),
          disableUrlAccess: true,
          disableFileAccess: true,
          // On abort the pool fails this send at once and closes the connection carrying it
          // (a server stalling mid-message), and the pool opens a fresh one for the next.
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw new SafeError("the send was cut off at its deadline", { cause: error });
        throw recipientError(error) ?? error;
      }
      // All refused: an error to retry. Some refused: the others have it, and a retry would send them a second copy.
      if (info.accepted.length === 0) throw new SafeError("the mail server refused every recipient");
    },
    close() {
      transport.close();
    },
  };
}
