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

/** Whether every configured channel took the alert (true when none is configured: there is no one to tell). */
export async function tellTeam(
  settings: NotificationSettings,
  failure: UpdateFailure,
  { timeoutMs, log, pauseMs = PAUSE_MS }: { timeoutMs: number; log: (line: string) => void; pauseMs?: number },
): Promise<boolean> {
  // The same on every try of this failure, so a receiver drops a duplicate (X-Delivery-Id).
  const deliveryId = createHash("sha256")
    .update(`update-failed ${failure.stage} ${failure.commit}`)
    .digest("hex")
    .slice(0, 32);
  const sends: [string, () => Promise<void>][] = [];
  if (settings.email) {
    const email = settings.email;
    sends.push([
      "email",
      async () => {
        const sender = createEmailSender(email, timeoutMs);
        try {
          await sender.send(composeEmail(failure), AbortSignal.timeout(timeoutMs + 1000));
        } finally {
          sender.close();
        }
      },
    ]);
  }
  if (settings.webhook) {
    const webhook = settings.webhook;
    sends.push(["webhook", () => postWebhook(webhook, composeWebhook(failure), { deliveryId, timeoutMs })]);
  }
  if (sends.length === 0) {
    log("no alert channel is configured (SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL): the team is not told");
    return true;
  }
  let allTook = true;
  for (const [channel, send] of sends) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await send();
        log(`told the team by ${channel}`);
        break;
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          log(`the ${channel} alert failed ${ATTEMPTS} times (${errorCode(error)}): the next update tries again`);
          allTook = false;
          break;
        }
        await sleep(pauseMs);
      }
    }
  }
  return allTook;
}
