/**
 * Tells the team that an update failed, through the channels that carry the server's other
 * alerts (SMTP_URL and NOTIFY_EMAIL_TO, NOTIFY_WEBHOOK_URL: docs/configuration.md). Sent by
 * the update command itself, not queued in the request store: the failure may be the
 * database's, or no server may run. A few tries a few seconds apart; update.ts records
 * what the team was told, so a failure repeated by the timer is told once.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { NotificationSettings } from "../server/config";
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
