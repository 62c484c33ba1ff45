import type { NotificationSettings } from "../config";
import type { TeamChannel } from "../requests/store";

/**
 * The team's channels this configuration delivers to; the API queues one notification per channel.
 * A module of its own so the commands read it without loading the senders (nodemailer).
 */
export function notificationChannels(settings: NotificationSettings): TeamChannel[] {
  return [...(settings.email ? (["email"] as const) : []), ...(settings.webhook ? (["webhook"] as const) : [])];
}

/** Whether this configuration tells each requester their request arrived (ACKNOWLEDGEMENT_SENDER=site, with email). */
export const acknowledgesRequesters = (settings: NotificationSettings): boolean => settings.acknowledgements !== null;
