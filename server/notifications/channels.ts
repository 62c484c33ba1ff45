import type { SiteConfig } from "#shared/site-config.ts";
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

/**
 * Who tells each requester their request arrived: the site, HubSpot's form (once the relay has
 * sent it, docs/deployment/hubspot.md#the-requesters-acknowledgement), or no one. The site as
 * sender needs SMTP_URL (config.ts), so with the HubSpot ids and no acknowledgements of its own
 * the sender is HubSpot's, whether by default or by ACKNOWLEDGEMENT_SENDER=hubspot.
 */
export function acknowledgementSender(
  settings: NotificationSettings,
  hubspot: SiteConfig["hubspot"],
): "site" | "hubspot" | null {
  if (acknowledgesRequesters(settings)) return "site";
  return hubspot ? "hubspot" : null;
}
