/**
 * Sends the team's emails through the mail server of SMTP_URL with nodemailer (a pooled
 * connection, reused between messages), each step under a time limit. smtps:// is TLS
 * from the first byte (port 465); smtp:// upgrades with STARTTLS when the server offers it.
 */
import nodemailer from "nodemailer";
import type { NotificationSettings } from "~/config/schema";
import type { EmailContent } from "./messages";

type EmailSettings = NonNullable<NotificationSettings["email"]>;

export interface EmailSender {
  send(content: EmailContent): Promise<void>;
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
    async send(content) {
      // nodemailer folds and encodes headers itself; the subject is already one line (messages.ts).
      const info = await transport.sendMail({
        from: settings.from,
        to: settings.to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        disableUrlAccess: true,
        disableFileAccess: true,
      });
      // All refused: an error to retry. Some refused: the others have it, and a retry would send them a second copy.
      if (info.accepted.length === 0) throw new Error(`the mail server refused every recipient`);
    },
    close() {
      transport.close();
    },
  };
}
