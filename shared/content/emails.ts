/**
 * The words of the emails the server sends (content/emails.yaml): the team's notifications of a
 * new request (with its answer links), of a request HubSpot refused, of the requests held as likely
 * automated, of a channel that stopped, of a request near its reply-by time and of those past it,
 * and the pages its answer links open; and the requester's acknowledgement and the team's answer. The server fills each
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
/** A page that says why nothing was done: its heading, and what to do. */
const refusal = (tokens: readonly string[] = [], requires: readonly string[] = []) =>
  z.strictObject({ heading: text({ max: 80, tokens }), body: paragraph(tokens, requires) });
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
      admitLine: paragraph([], ["command"]),
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
  /** How a request is answered from the team's emails (docs/product.md#the-48-hour-promise). */
  answers: z
    .strictObject({
      /** Beside a request's facts: when the answer is due. */
      replyByLabel: label,
      /** Before the three links (with TEAM_LINK_SECRET): each asks to confirm, and works `{days}` days. */
      linksLead: paragraph(["days"]),
      /** Without TEAM_LINK_SECRET: the command that answers it on the server. */
      commandLine: paragraph([], ["command"]),
      /** Each link's words, as the team reads it under the request. */
      links: z
        .strictObject({
          invite: z.strictObject({
            candidate: text({ max: 60, title: "Invite a TA leader" }),
            employer: text({ max: 60, title: "Accept an employer's brief" }),
          }),
          decline: text({ max: 60 }),
          other: text({ max: 60, title: "Answered another way" }),
        })
        .meta({ title: "The three links' words" }),
    })
    .meta({ title: "Answering a request from its email" }),
  /** A request still unanswered near its reply-by time: `{due}` is when, `{left}` how many hours are left. */
  reminder: z
    .strictObject({
      subject: subject(["name", "mode", "left"]),
      intro: text({ max: 400, tokens: ["due", "left"], title: "Opening sentence" }),
    })
    .meta({ title: "Reminder of a request near its reply-by time" }),
  /** The daily list of requests past their reply-by time and unanswered (REPLY_REMINDERS). */
  overdue: z
    .strictObject({
      subject: countable([], 120),
      explanation: countable([], 400),
      listHeading: label,
      /** After the listed ids when there are more than the email lists. */
      more: text({ max: 80, requires: ["count"] }),
      answerLine: paragraph([], ["command"]),
      exportLine: paragraph([], ["command"]),
    })
    .meta({ title: "Daily list of requests past their reply-by time" }),
  /**
   * The pages an answer link opens (server/api/answer-links.ts), for the team: the question, the
   * answer recorded, and why nothing changed. `{name}` is the request's first name, `{mode}` how
   * its sender is named, `{answer}` the answer in words.
   */
  answerPages: z
    .strictObject({
      title: text({ max: 60, title: "Title of the pages" }),
      /** The question a link asks before anything is recorded. */
      confirm: z
        .strictObject({
          invite: z.strictObject({
            candidate: text({ max: 120, tokens: ["name", "mode"], title: "Invite a TA leader?" }),
            employer: text({ max: 120, tokens: ["name", "mode"], title: "Accept an employer's brief?" }),
          }),
          decline: text({ max: 120, tokens: ["name", "mode"] }),
          other: text({ max: 120, tokens: ["name", "mode"], title: "Answered another way?" }),
        })
        .meta({ title: "The question each link asks" }),
      /** Under the question: what the requester will hear of it, where the site emails requesters ("other": nothing)... */
      requesterHears: z
        .strictObject({ invite: paragraph(), decline: paragraph(), other: paragraph() })
        .meta({ title: "What the requester hears of it" }),
      /** ...and of an invitation or a decline where it does not (ACKNOWLEDGEMENT_SENDER=hubspot, or no mail server). */
      notEmailed: paragraph(),
      /** The button that records it. */
      buttons: z
        .strictObject({
          invite: z.strictObject({
            candidate: text({ max: 30, title: "Invite" }),
            employer: text({ max: 30, title: "Accept the brief" }),
          }),
          decline: text({ max: 30 }),
          other: text({ max: 30, title: "Answered another way" }),
        })
        .meta({ title: "The button that records it" }),
      /** Under the button: leaving the page changes nothing. */
      leave: paragraph(),
      /** How an answer is named on these pages: `{answer}`. */
      answerNames: z
        .strictObject({
          invite: z.strictObject({
            candidate: text({ max: 40, title: "A TA leader invited" }),
            employer: text({ max: 40, title: "An employer's brief accepted" }),
          }),
          decline: label,
          other: text({ max: 40, title: "Answered another way" }),
        })
        .meta({ title: "How each answer is named" }),
      recorded: z
        .strictObject({ heading: text({ max: 80, tokens: ["name", "answer"] }), body: paragraph(["mode"]) })
        .meta({ title: "Once recorded" }),
      /** Why nothing changed: each with its heading and its sentence. */
      altered: refusal().meta({ title: "A link that does not work" }),
      expired: refusal(["days"], ["command"]).meta({ title: "An expired link" }),
      answered: refusal(["answer", "date"]).meta({ title: "A request answered already" }),
      erased: refusal().meta({ title: "A request no longer stored" }),
      held: refusal([], ["command"]).meta({ title: "A request held as automated" }),
      crossSite: refusal().meta({ title: "An answer sent from another site" }),
      rateLimited: refusal(["wait"]).meta({ title: "Too many answers at once" }),
      unavailable: refusal().meta({ title: "A failure on our side" }),
    })
    .meta({
      title: "The pages the answer links open",
      description: "Read by the team member who opens a link. Keep every {command}: the server puts it there.",
    }),
});

/** A text for each audience, so each reads as it should (an invitation request, a talent brief). */
const perMode = (limits: Parameters<typeof text>[0]) =>
  z.strictObject({
    candidate: text({ ...limits, title: "To a TA leader" }),
    employer: text({ ...limits, title: "To an employer" }),
  });

/**
 * The requester's emails: the acknowledgement every requester gets at once
 * (docs/product.md#notifications-and-privacy), then the team's answer. They carry nothing the
 * visitor typed, not even their name, so the form cannot send anyone words of a stranger's
 * choosing: only these texts, the site's facts and the title of the role from the site's own content.
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
  /**
   * The team's answer (docs/product.md#the-48-hour-promise), an email of its own after the
   * acknowledgement, with the same greeting, role line, data line and sign-off and, like it,
   * nothing the visitor typed: an invitation (a brief accepted) says what happens next.
   */
  invited: z
    .strictObject({
      subject: perMode({ max: 120 }).meta({ title: "Subject" }),
      body: perMode({ max: 400 }).meta({ title: "Opening sentence" }),
      nextSteps: perMode({ max: 400 }).meta({ title: "What happens next" }),
    })
    .meta({ title: "When the team invites them (or accepts the brief)" }),
  /** A decline thanks them and says when they may ask again. */
  declined: z
    .strictObject({
      subject: perMode({ max: 120 }).meta({ title: "Subject" }),
      body: perMode({ max: 400 }).meta({ title: "Opening sentence" }),
      askAgain: text({ max: 400, title: "When they may ask again" }),
    })
    .meta({ title: "When the team declines" }),
});

/** The requester's emails first, as a marketer looks for them; the team's apart, marked as theirs. */
export const emailsSchema = z.strictObject({
  requester: requesterEmailSchema.meta({
    title: "The emails each requester receives",
    description:
      "The first at once, to everyone who sends a request; then the team's answer, when it invites or declines them. They never repeat what they typed.",
  }),
  team: teamEmailsSchema.meta({
    title: "The team's own emails",
    description:
      "What the server tells the team: new requests and how to answer them, refusals, held requests, a stopped channel, reminders, and the pages its answer links open. Read by the team, never by visitors. Keep every {command} and {settings}: the server puts the commands and settings there.",
    collapsed: true,
  }),
});

export type EmailWords = z.infer<typeof emailsSchema>;
export type TeamEmailWords = EmailWords["team"];
export type RequesterEmailWords = EmailWords["requester"];
