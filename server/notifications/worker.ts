/**
 * The worker that delivers the team's notifications from the outbox (docs/product.md#notifications-and-privacy),
 * one per server process, started when email or a webhook is configured: the delivery
 * loop (server/requests/outbox/delivery-loop.ts, which explains the claims, the leases and the
 * paced backoff once) with the mail server and the webhook as its channels.
 *
 * - The API queues a notification per channel in the same transaction as the request,
 *   answers the visitor, then wakes this worker (wake): delivery is never on the
 *   request's path, and while visitors are being answered it waits (YIELD_MAX_MS at most).
 * - It claims only the channels this server has: a server without the webhook (a
 *   rolling change of NOTIFY_WEBHOOK_URL) leaves webhook rows to the servers that have it.
 * - A failing channel pauses while the other is delivered. A webhook that refuses for good
 *   (4xx other than 408 and 429: a deleted Slack or Teams hook) stops until a restart or
 *   `requests -- retry`, and the team is told once by email.
 * - At least once: a notification delivered just before a crash, before its row was
 *   deleted, is delivered again once its lease runs out. Nothing else goes twice.
 * - The requester's acknowledgement is one more channel (`requester`), through the same mail
 *   server: it pauses on its own, so a failing mail server never holds up the team's email.
 *   A requester's address is that row's problem alone (docs/deployment/notifications.md): one
 *   the mail server refuses for good at RCPT TO (a 5xx) is dropped, one it defers (a 4xx, or
 *   a 5.7.x policy) is tried again by itself while the others go, and one that could not go
 *   within the reply time it promises is dropped; each drop is logged by request id and counted
 *   in `requests -- status`. Anyone can queue such addresses up to the API's rate limit.
 * - The requester's email of the team's answer (docs/product.md#the-48-hour-promise) goes the same
 *   way on a channel of its own (`requester-outcome`, server/requests/store.ts says why), with the
 *   same rules for an address; it promises no reply time, so it is not dropped for being late.
 * - The team's messages about a request carry its answer links (TEAM_LINK_SECRET), signed as each
 *   message is written, so a link works for 14 days from the email it came in.
 */
import type { EmailWords } from "#shared/content/emails.ts";
import { SPEC_REPLY_WITHIN_HOURS } from "#shared/site-config.ts";
import type { NotificationSettings, DeliverySettings } from "../config";
import { DeliveryLoop, type DeliveryOutcome, type DeliveryTarget } from "../requests/outbox/delivery-loop";
import {
  REQUESTER_CHANNEL,
  REQUESTER_CHANNELS,
  REQUESTER_OUTCOME_CHANNEL,
  type AcknowledgementDrop,
  type NotificationChannel,
  type NotificationClaim,
  type NotificationOutbox,
  type TeamChannel,
} from "../requests/store";
import { errorCode, redact, secretTexts } from "../safe-errors";
import { createEmailSender, RecipientDeferredError, RecipientRefusedError, type EmailSender } from "./email";
import { notificationChannels } from "./channels";
import { answerLinks } from "../requests/answer-links";
import {
  COMMAND_ONLY,
  composeAcknowledgement,
  composeEmail,
  composeOutcome,
  composeWebhook,
  type AnswerOffer,
  type EmailContent,
} from "./messages";
import { ChannelRefusedError, postWebhook } from "./webhook";

/** The most notifications one claim takes. */
export const NOTIFY_BATCH_SIZE = 25;
/**
 * The reply time an acknowledgement promises by default (content/emails.yaml: "within {hours} hours",
 * the specification's 48 unless REPLY_WITHIN_HOURS says otherwise): one still unsent by then would
 * promise what is already late, so it is dropped.
 */
export const ACKNOWLEDGEMENT_DEADLINE_MS = SPEC_REPLY_WITHIN_HOURS * 60 * 60 * 1000;

export interface NotificationOptions {
  store: NotificationOutbox;
  settings: NotificationSettings;
  /** The emails' words (content/emails.yaml, `emailWords`). */
  words: EmailWords;
  /** Backoff, time limit and lease, shared with the relay (DELIVERY_* variables). */
  timing: DeliverySettings;
  /** The reply time the acknowledgement promises (REPLY_WITHIN_HOURS), past which it is dropped; ACKNOWLEDGEMENT_DEADLINE_MS by default. */
  acknowledgementDeadlineMs?: number;
  /** What signs the answer links of the team's messages (TEAM_LINK_SECRET) and the origin they open on; none: the command. */
  answerLinks?: { secret: Uint8Array; siteUrl: string } | null;
  /** Replaces the SMTP sender (tests). */
  email?: EmailSender;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  log?: (line: string) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** True while visitors' requests are being answered; delivery waits for them (up to YIELD_MAX_MS). */
  busy?: () => boolean;
  /** Told how each channel fared (./channel-health.ts). */
  onChannel?: (channel: string, error: string | null) => void;
}

type NotificationDelivery = NotificationClaim & { label: string };

/** Names a notification in a log line: its channel and its subject, never a visitor's words. */
function labelOf(claim: NotificationClaim): string {
  switch (claim.kind) {
    case "request":
    case "relay-refused":
      return `${claim.channel} for ${claim.request.id} (${claim.kind})`;
    case "held-summary":
      return `${claim.channel} held summary (${claim.held.count} held)`;
    case "channel-refused":
      return `${claim.channel} alert (${claim.refusal.channel} refused)`;
    case "acknowledgement":
      return `acknowledgement for ${claim.request.id}`;
    case "reminder":
      return `${claim.channel} reminder for ${claim.request.id}`;
    case "overdue":
      return `${claim.channel} overdue list (${claim.overdue.count} overdue)`;
    case "outcome":
      return `answer (${claim.answer}) for ${claim.request.id}`;
  }
}

/** The Message-ID of a notification's email: its delivery id at the sender's domain, the same on every attempt. */
export function messageIdOf(deliveryId: string, from: string): string {
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${deliveryId}@${domain}>`;
}

export class NotificationWorker {
  private readonly loop: DeliveryLoop<NotificationDelivery>;
  private readonly email: EmailSender | null;
  /** The channels this server delivers to, and on which the API queues each request's notifications. */
  readonly channels: readonly NotificationChannel[];

  constructor(options: NotificationOptions) {
    const { store, settings, timing } = options;
    const now = options.now ?? Date.now;
    const { email, webhook, acknowledgements } = settings;
    this.email = options.email ?? (email ? createEmailSender(email, timing.timeoutMs) : null);
    const sender = this.email;
    const channels = notificationChannels(settings);
    this.channels = [
      ...channels,
      ...(acknowledgements ? ([REQUESTER_CHANNEL, REQUESTER_OUTCOME_CHANNEL] as const) : []),
    ];
    const deadlineMs = options.acknowledgementDeadlineMs ?? ACKNOWLEDGEMENT_DEADLINE_MS;
    const links = options.answerLinks ?? null;
    const offer: AnswerOffer = links
      ? { linksFor: (requestId) => answerLinks(links.secret, links.siteUrl, requestId, now()) }
      : COMMAND_ONLY;

    /** The email a claim is sent as, or null for a requester's email with no address to send to. */
    const emailFor = (delivery: NotificationClaim): EmailContent | null => {
      switch (delivery.kind) {
        case "acknowledgement":
          return composeAcknowledgement(delivery, options.words.requester, acknowledgements!);
        case "outcome":
          return composeOutcome(delivery, options.words.requester, acknowledgements!);
        default:
          return composeEmail(delivery, options.words.team, offer, now());
      }
    };
    // The mail server's or the network's words may quote the configuration's secrets.
    const secrets = secretTexts([email?.smtpUrl, webhook?.url, webhook?.secret]);

    const target: DeliveryTarget<NotificationDelivery> = {
      name: "notify",
      channels: this.channels,
      batchSize: NOTIFY_BATCH_SIZE,
      async claim(owner, at, leaseMs, limit, open) {
        const claims = await store.claimNotifications(owner, at, leaseMs, limit, open as NotificationChannel[]);
        return claims.map((claim) => ({ ...claim, label: labelOf(claim) }));
      },
      stillWanted: (delivery, owner) => store.notificationStillWanted(delivery.seq, owner),
      async send(delivery, signal): Promise<DeliveryOutcome> {
        if (delivery.kind === "acknowledgement" && now() - delivery.queuedAt >= deadlineMs) {
          const reason = `not sent within the ${deadlineMs / 3_600_000} h it promises`;
          return {
            kind: "refused",
            reason,
            summary: reason,
            scope: "row",
            detail: "expired" satisfies AcknowledgementDrop,
          };
        }
        try {
          if (delivery.kind === "acknowledgement" || delivery.kind === "outcome" || delivery.channel === "email") {
            const content = emailFor(delivery);
            if (!content) {
              const detail: AcknowledgementDrop = "refused";
              return { kind: "refused", reason: "no address to send to", summary: "no address", scope: "row", detail };
            }
            await sender!.send({ ...content, messageId: messageIdOf(delivery.deliveryId, email?.from ?? "") }, signal);
          } else
            await postWebhook(webhook!, composeWebhook(delivery, options.words.team, offer, now()), {
              deliveryId: delivery.deliveryId,
              timeoutMs: timing.timeoutMs,
              fetch: options.fetch,
              now,
              signal,
            });
          return { kind: "sent" };
        } catch (error) {
          // The row keeps the whole reason, without secrets; the log only its code.
          const reason = redact((error as Error)?.message ?? String(error), secrets);
          const summary = errorCode(error);
          if (error instanceof ChannelRefusedError) return { kind: "refused", reason, summary, scope: "channel" };
          // A requester's address refused for good: only that email is given up; deferred: only it waits.
          if (REQUESTER_CHANNELS.has(delivery.channel)) {
            if (error instanceof RecipientRefusedError) {
              return {
                kind: "refused",
                reason,
                summary,
                scope: "row",
                detail: "refused" satisfies AcknowledgementDrop,
              };
            }
            if (error instanceof RecipientDeferredError)
              return { kind: "retry", reason, summary, retryAfterMs: null, scope: "row" };
          }
          return { kind: "retry", reason, summary, retryAfterMs: null };
        }
      },
      async recordSent(delivery, owner) {
        // Deleted before the next delivery starts: after a crash, only the one in flight can go twice.
        const [deleted] = await store.markNotificationsDelivered([delivery.seq], owner);
        return deleted === delivery.seq;
      },
      async recordRetry(delivery, owner, retryAt, reason) {
        await store.scheduleNotificationRetry(delivery.seq, owner, retryAt, reason);
      },
      async recordRefused(delivery, owner, outcome) {
        // A requester's email that cannot be delivered is dropped: the request itself is stored and told to the team.
        if (outcome.scope === "row") {
          if (delivery.kind === "acknowledgement") {
            await store.dropAcknowledgement(delivery.seq, owner, outcome.detail as AcknowledgementDrop);
          } else {
            await store.markNotificationsDelivered([delivery.seq], owner);
          }
          return;
        }
        // The notification stays queued for when the channel is open again; the team hears once, by email.
        await store.scheduleNotificationRetry(delivery.seq, owner, now(), outcome.reason);
        const refused = delivery.channel as TeamChannel;
        const alertChannels = channels.filter((channel) => channel !== refused);
        await store.stopChannel(refused, outcome.summary, now(), alertChannels);
      },
      returnClaims: (deliveries, owner) =>
        store.returnNotifications(
          deliveries.map((delivery) => delivery.seq),
          owner,
        ),
      nextDueAt: (open) => store.nextNotificationAt(open as NotificationChannel[]),
      stoppedChannels: async () => (await store.stoppedChannels()).map((stopped) => stopped.channel),
    };
    this.loop = new DeliveryLoop({
      target,
      timing,
      now,
      random: options.random,
      log: options.log,
      sleep: options.sleep,
      onChannel: options.onChannel,
      busy: options.busy,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** A notification was just queued: look for it now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Finishes the delivery in flight (recording it), then resolves. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.email?.close();
  }
}
