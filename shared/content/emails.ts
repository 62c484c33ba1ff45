/**
 * The words of the emails the server sends (content/emails.yaml): the team's notifications of a
 * new request, of a request HubSpot refused, of the requests held as likely automated, and of a
 * channel that stopped; and the requester's acknowledgement. The server fills each
 * `{placeholder}`: what a visitor typed is never part of these words, only put beside them,
 * escaped, in the team's emails (server/notifications/messages.ts), and never in the requester's.
 * A text that names a command must keep its `{command}`: the team runs what the server puts there.
 */
import { z } from "zod";
import { text } from "./fields";

const subject = (tokens: readonly string[] = [], requires: readonly string[] = []) =>
  text({ max: 120, tokens, requires });
const paragraph = (tokens: readonly string[] = [], requires: readonly string[] = []) =>
  text({ max: 400, tokens, requires });
const label = text({ max: 40 });
/** The same sentence for one and for several: `{count}` is the number. */
const countable = (tokens: readonly string[], max: number) =>
  z.strictObject({ one: text({ max, tokens }), many: text({ max, tokens: [...tokens, "count"] }) });

export const teamEmailsSchema = z.strictObject({
  /** How a requester is named: "A {mode} sent…", "(TA leader)". */
  modeNames: z
    .strictObject({
      candidate: text({ max: 30, title: "A TA leader is called" }),
      employer: text({ max: 30, title: "An employer is called" }),
    })
    .meta({ title: "How a requester is named" }),
  newRequest: z
    .strictObject({
      subject: subject(["name", "mode"]),
      /** Each mode's own sentence, so each reads as it should ("A TA leader", "An employer"). */
      intro: z
        .strictObject({
          candidate: text({ max: 400, title: "From a TA leader" }),
          employer: text({ max: 400, title: "From an employer" }),
        })
        .meta({ title: "Opening sentence" }),
      /** After the intro when the requester gave an address to reply to. */
      replyLine: paragraph(),
      exportLine: paragraph([], ["command"]),
    })
    .meta({ title: "A new request" }),
  relayRefused: z
    .strictObject({
      subject: subject([], ["id"]),
      /** The subject when HubSpot named its error type. */
      subjectWithReason: subject(["errorType"], ["id"]),
      intro: text({ max: 400, requires: ["command"], title: "Opening sentence" }),
      retryLine: paragraph([], ["command"]),
    })
    .meta({ title: "When HubSpot refuses a request for good" }),
  held: z
    .strictObject({
      subject: countable(["since"], 120),
      explanation: countable(["since"], 500),
      listHeading: label,
      /** After the listed ids when there are more than the email lists. */
      more: text({ max: 80, requires: ["count"] }),
      /** Instead of a list when none is listed. */
      seeExport: text({ max: 80 }),
      releaseLine: paragraph([], ["command"]),
      exportLine: paragraph([], ["command"]),
    })
    .meta({
      title: "Daily summary of requests held as automated",
      description: "Requests that filled the hidden field or were sent too fast are held until the team releases them.",
    }),
  channelRefused: z
    .strictObject({
      subject: subject(["channel"]),
      /** `{settings}` names the server's settings to check. */
      explanation: paragraph(["channel"], ["settings"]),
      outboxLine: paragraph([], ["command"]),
    })
    .meta({ title: "When the mail server or the webhook refuses the team's notices" }),
  /** A search engine refused the server's pushes of the roles' changes (server/search/): `{channel}` is its name. */
  searchRefused: z
    .strictObject({
      subject: subject(["channel"]),
      /** `{settings}` names the server's settings to check. */
      explanation: paragraph(["channel"], ["settings"]),
      outboxLine: paragraph([], ["command"]),
    })
    .meta({ title: "When a search engine refuses the pushes of the roles" }),
  /** The names of the facts under a request's fields. */
  labels: z
    .strictObject({
      id: label,
      received: label,
      type: label,
      relay: label,
      notice: label,
      consent: label,
      landingPage: label,
      referrer: label,
      /** The title of the role a request is about. */
      role: label,
      hubspotStatus: label,
      hubspotErrorType: label,
      hubspotMessage: label,
      hubspotCorrelationId: label,
      channel: label,
      reason: label,
      /** Where HubSpot gave no value. */
      noneGiven: label,
    })
    .meta({ title: "Names of a request's facts" }),
  /** What the requester agreed to, as the team reads it. */
  consent: z
    .strictObject({
      legitimateInterest: text({ max: 120 }),
      given: text({ max: 120 }),
      updatesAccepted: text({ max: 120 }),
      updatesDeclined: text({ max: 120 }),
    })
    .meta({ title: "What the requester agreed to" }),
});

/** A text for each audience, so each reads as it should (an invitation request, a talent brief). */
const perMode = (limits: Parameters<typeof text>[0]) =>
  z.strictObject({
    candidate: text({ ...limits, title: "To a TA leader" }),
    employer: text({ ...limits, title: "To an employer" }),
  });

/**
 * The acknowledgement every requester gets at once (docs/product.md#notifications-and-privacy). It
 * carries nothing the visitor typed, not even their name, so the form cannot send anyone words of
 * a stranger's choosing: only these texts, the site's facts and the title of the role from the
 * site's own content.
 */
export const requesterEmailSchema = z.strictObject({
  subject: perMode({ max: 120 }).meta({ title: "Subject" }),
  /** Without the name: the name is what the visitor typed. */
  greeting: text({ max: 40 }),
  received: perMode({ max: 400 }).meta({ title: "Opening sentence" }),
  /** Only when the request is about a role: `{role}` is its title. */
  role: paragraph([], ["role"]),
  /** What happens next, and when (the 48 hours the site promises). */
  nextSteps: paragraph(),
  /** How to ask for a copy or the deletion of what is stored: write to `{contactEmail}`. */
  yourData: paragraph([], ["contactEmail"]),
  /** For someone whose address a stranger typed. */
  notYou: paragraph(),
  signOff: text({ max: 80 }),
});

/** The requester's email first, as a marketer looks for it; the team's apart, marked as theirs. */
export const emailsSchema = z.strictObject({
  requester: requesterEmailSchema.meta({
    title: "The email each requester receives",
    description: "Sent at once to everyone who sends a request. It never repeats what they typed.",
  }),
  team: teamEmailsSchema.meta({
    title: "The team's own emails",
    description:
      "What the server tells the team: new requests, refusals, held requests, a stopped channel. Read by the team, never by visitors. Keep every {command} and {settings}: the server puts the commands and settings there.",
    collapsed: true,
  }),
});

export type EmailWords = z.infer<typeof emailsSchema>;
export type TeamEmailWords = EmailWords["team"];
export type RequesterEmailWords = EmailWords["requester"];
