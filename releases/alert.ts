/**
 * Tells the team that an update failed, through the channels that carry the server's other
 * alerts (SMTP_URL and NOTIFY_EMAIL_TO, NOTIFY_WEBHOOK_URL: docs/configuration.md). Sent by
 * the update command itself, not queued in the request store: the failure may be the
 * database's, or no server may run. A few tries a few seconds apart; update.ts records
 * what the team was told, so a failure repeated by the timer is told once.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { hostname } from "node:os";
import type { AppConfig, NotificationSettings } from "../server/config";
import type { Release } from "./on-disk";
import { CRASH_WINDOW_MS } from "./supervisor";
import { createEmailSender } from "../server/notifications/email";
import { composeEmail, composeWebhook, type UpdateFailure } from "../server/notifications/messages";
import { postWebhook } from "../server/notifications/webhook";
import { errorCode } from "../server/safe-errors";

const ATTEMPTS = 3;
const PAUSE_MS = 3000;

/** A channel's name and how to send it the alert once. */
type Send = [channel: string, send: () => Promise<void>];

/** One send per configured channel: the email (SMTP_URL, NOTIFY_EMAIL_TO), the webhook (NOTIFY_WEBHOOK_URL). */
function sendsFor(settings: NotificationSettings, failure: UpdateFailure, timeoutMs: number): Send[] {
  const { email, webhook } = settings;
  // The same on every try of this failure, so a receiver drops a duplicate (X-Delivery-Id).
  const deliveryId = createHash("sha256")
    .update(`update-failed ${failure.stage} ${failure.commit}`)
    .digest("hex")
    .slice(0, 32);
  const sendEmail = async () => {
    const sender = createEmailSender(email!, timeoutMs);
    try {
      await sender.send(composeEmail(failure), AbortSignal.timeout(timeoutMs + 1000));
    } finally {
      sender.close();
    }
  };
  const sendWebhook = () => postWebhook(webhook!, composeWebhook(failure), { deliveryId, timeoutMs });
  return [...(email ? [["email", sendEmail] as Send] : []), ...(webhook ? [["webhook", sendWebhook] as Send] : [])];
}

/** Sends on one channel, up to ATTEMPTS times `pauseMs` apart; whether it took the alert. */
async function sendWithTries([channel, send]: Send, log: (line: string) => void, pauseMs: number): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await send();
      log(`told the team by ${channel}`);
      return true;
    } catch (error) {
      if (attempt >= ATTEMPTS) {
        log(`the ${channel} alert failed ${ATTEMPTS} times (${errorCode(error)}): the next update tries again`);
        return false;
      }
      await sleep(pauseMs);
    }
  }
}

/** What the supervisor tells the team of a server that keeps crashing (releases/supervisor.ts). */
export interface ServerCrashing {
  host: string;
  release: { id: string; commit: string | null };
  crashes: number;
  withinMinutes: number;
  lastExit: string;
}

/** The alert's words: plain, and the same in the email and the webhook. */
function crashingText(crash: ServerCrashing): { subject: string; lines: string[] } {
  const commit = crash.release.commit ? ` (commit ${crash.release.commit.slice(0, 12)})` : "";
  return {
    subject: `The site's server keeps crashing on ${crash.host}`,
    lines: [
      `The server of release ${crash.release.id}${commit} on ${crash.host} exited by itself ${crash.crashes} times ` +
        `within ${crash.withinMinutes} minutes, the last time with ${crash.lastExit}.`,
      "The supervisor keeps starting it again, waiting longer each time; visitors wait or fail meanwhile.",
      "Why is in the server's log (journalctl -u ta-network, or the terminal of npm start); " +
        "npm run rollback returns to the previous release.",
    ],
  };
}

/** Tells the team once that the server keeps crashing, on every configured channel (a few tries each). */
export async function tellTeamServerCrashing(
  settings: NotificationSettings,
  crash: ServerCrashing,
  { timeoutMs, log, pauseMs = PAUSE_MS }: { timeoutMs: number; log: (line: string) => void; pauseMs?: number },
): Promise<void> {
  const { subject, lines } = crashingText(crash);
  const deliveryId = createHash("sha256")
    .update(`server-crashing ${crash.host} ${Date.now()}`)
    .digest("hex")
    .slice(0, 32);
  const { email, webhook } = settings;
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const sendEmail = async () => {
    const sender = createEmailSender(email!, timeoutMs);
    try {
      await sender.send(
        {
          subject,
          text: `${lines.join("\n\n")}\n`,
          html: lines.map((line) => `<p>${escape(line)}</p>`).join("\n"),
          automatic: true,
        },
        AbortSignal.timeout(timeoutMs + 1000),
      );
    } finally {
      sender.close();
    }
  };
  const sendWebhook = () =>
    postWebhook(
      webhook!,
      { text: [subject, ...lines].join("\n"), event: "server-crashing" },
      { deliveryId, timeoutMs },
    );
  const sends: Send[] = [
    ...(email ? [["email", sendEmail] as Send] : []),
    ...(webhook ? [["webhook", sendWebhook] as Send] : []),
  ];
  if (sends.length === 0) log("no alert channel is configured (SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL)");
  for (const send of sends) await sendWithTries(send, log, pauseMs);
}

/** The supervisor's `onKeepsCrashing` for this configuration: the team told on its channels (releases/start.ts). */
export function tellTeamWhenCrashing(config: AppConfig, log: (line: string) => void) {
  return ({ release, crashes, lastExit }: { release: Release; crashes: number; lastExit: string }) =>
    void tellTeamServerCrashing(
      config.server.notifications,
      {
        host: hostname(),
        release: { id: release.id, commit: release.commit },
        crashes,
        withinMinutes: CRASH_WINDOW_MS / 60_000,
        lastExit,
      },
      { timeoutMs: config.server.delivery.timeoutMs, log },
    );
}

/** Whether every configured channel took the alert (true when none is configured: there is no one to tell). */
export async function tellTeam(
  settings: NotificationSettings,
  failure: UpdateFailure,
  { timeoutMs, log, pauseMs = PAUSE_MS }: { timeoutMs: number; log: (line: string) => void; pauseMs?: number },
): Promise<boolean> {
  const sends = sendsFor(settings, failure, timeoutMs);
  if (sends.length === 0) {
    log("no alert channel is configured (SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL): the team is not told");
    return true;
  }
  let allTook = true;
  for (const send of sends) allTook = (await sendWithTries(send, log, pauseMs)) && allTook;
  return allTook;
}
