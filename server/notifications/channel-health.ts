/**
 * What each of the team's channels last said (issue 59): the mail server's login checked at
 * start (nodemailer's verify), and each delivery's failure or success since, kept in
 * `DATA_DIR/channel-health.json` so that `npm run requests -- status` shows the last error of
 * each channel with the setting that fixes it. Never a secret: the reasons are redacted by
 * their callers, as the outbox's are.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { NotificationSettings } from "../config";
import { errorCode, redact, secretTexts } from "../safe-errors";
import { smtpOptions } from "./email";

export const CHANNEL_HEALTH_FILE = "channel-health.json";

/** The setting that mends each channel, in the words of docs/configuration.md. */
export const CHANNEL_FIXES: Readonly<Record<string, string>> = {
  email: "SMTP_URL (its user, password, host and port) and NOTIFY_EMAIL_FROM",
  requester: "SMTP_URL (its user, password, host and port) and NOTIFY_EMAIL_FROM",
  "requester-outcome": "SMTP_URL (its user, password, host and port) and NOTIFY_EMAIL_FROM",
  webhook: "NOTIFY_WEBHOOK_URL (a deleted Slack or Teams webhook answers 404) and NOTIFY_WEBHOOK_SECRET",
  hubspot: "HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID_CANDIDATE / _EMPLOYER (and the form's settings in HubSpot)",
};

export interface ChannelState {
  /** The last error, or null once it worked again. */
  error: string | null;
  at: number;
}

export function readChannelHealth(dataDir: string): Record<string, ChannelState> {
  try {
    return JSON.parse(readFileSync(join(dataDir, CHANNEL_HEALTH_FILE), "utf8")) as Record<string, ChannelState>;
  } catch {
    return {};
  }
}

/** Records each channel's last word in DATA_DIR; a write only when a channel's state changes. */
export class ChannelHealth {
  private readonly states: Record<string, ChannelState>;

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.states = readChannelHealth(dataDir);
  }

  record(channel: string, error: string | null): void {
    if (this.states[channel] && this.states[channel].error === error) return;
    this.states[channel] = { error, at: this.now() };
    try {
      mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
      const path = join(this.dataDir, CHANNEL_HEALTH_FILE);
      const partial = `${path}.${randomUUID().slice(0, 8)}`;
      writeFileSync(partial, `${JSON.stringify(this.states, null, 2)}\n`, { mode: 0o600 });
      renameSync(partial, path);
    } catch {
      // Only `status` reads it: a DATA_DIR that cannot be written is told by the rest of the server.
    }
  }
}

/**
 * Logs in to the mail server of SMTP_URL as a send would (nodemailer's verify: connect, TLS,
 * AUTH): null when it took the login, else why, without a secret of SMTP_URL.
 */
export async function checkMailLogin(
  email: NonNullable<NotificationSettings["email"]>,
  timeoutMs: number,
): Promise<string | null> {
  const transport = nodemailer.createTransport({ ...smtpOptions(email.smtpUrl, timeoutMs), pool: false });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    const reason = redact((error as Error)?.message ?? String(error), secretTexts([email.smtpUrl]));
    return `${errorCode(error)}: ${reason}`;
  } finally {
    transport.close();
  }
}
