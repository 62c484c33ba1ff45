import type { NotificationSettings } from "../config";
import type { NotificationChannel } from "../requests/store";

/**
 * The channels this configuration delivers to; the API queues one notification per channel.
 * A module of its own so the commands read it without loading the senders (nodemailer).
 */
export function notificationChannels(settings: NotificationSettings): NotificationChannel[] {
  return [...(settings.email ? (["email"] as const) : []), ...(settings.webhook ? (["webhook"] as const) : [])];
}
