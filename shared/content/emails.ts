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
  modeNames: z.strictObject({
    candidate: text({ max: 30, title: "A TA leader is called" }),
    employer: text({ max: 30, title: "An employer is called" }),
  }),
  newRequest: z.strictObject({
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
  }),
  relayRefused: z.strictObject({
    subject: subject([], ["id"]),
    /** The subject when HubSpot named its error type. */
    subjectWithReason: subject(["errorType"], ["id"]),
    intro: text({ max: 400, requires: ["command"], title: "Opening sentence" }),
    retryLine: paragraph([], ["command"]),
  }),
  held: z.strictObject({
    subject: countable(["since"], 120),
    explanation: countable(["since"], 500),
    listHeading: label,
    /** After the listed ids when there are more than the email lists. */
    more: text({ max: 80, requires: ["count"] }),
    /** Instead of a list when none is listed. */
    seeExport: text({ max: 80 }),
    releaseLine: paragraph([], ["command"]),
    exportLine: paragraph([], ["command"]),
  }),
  channelRefused: z.strictObject({
    subject: subject(["channel"]),
    /** `{settings}` names the server's settings to check. */
    explanation: paragraph(["channel"], ["settings"]),
    outboxLine: paragraph([], ["command"]),
  }),
  /** The names of the facts under a request's fields. */
  labels: z.strictObject({
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
  }),
  /** What the requester agreed to, as the team reads it. */
  consent: z.strictObject({
    legitimateInterest: text({ max: 120 }),
    given: text({ max: 120 }),
    updatesAccepted: text({ max: 120 }),
    updatesDeclined: text({ max: 120 }),
  }),
  /** How a request is answered from the team's emails (docs/product.md#the-48-hour-promise). */
  answers: z.strictObject({
    /** Beside a request's facts: when the answer is due. */
    replyByLabel: label,
    /** Before the three links (with TEAM_LINK_SECRET): each asks to confirm, and works `{days}` days. */
    linksLead: paragraph(["days"]),
    /** Without TEAM_LINK_SECRET: the command that answers it on the server. */
    commandLine: paragraph([], ["command"]),
    /** Each link's words, as the team reads it under the request. */
    links: z.strictObject({
      invite: z.strictObject({
        candidate: text({ max: 60, title: "Invite a TA leader" }),
        employer: text({ max: 60, title: "Accept an employer's brief" }),
      }),
      decline: text({ max: 60 }),
      other: text({ max: 60, title: "Answered another way" }),
    }),
  }),
  /** A request still unanswered near its reply-by time: `{due}` is when, `{left}` how many hours are left. */
  reminder: z.strictObject({
    subject: subject(["name", "mode", "left"]),
    intro: paragraph(["due", "left"]),
  }),
  /** The daily list of requests past their reply-by time and unanswered (REPLY_REMINDERS). */
  overdue: z.strictObject({
    subject: countable([], 120),
    explanation: countable([], 400),
    listHeading: label,
    /** After the listed ids when there are more than the email lists. */
    more: text({ max: 80, requires: ["count"] }),
    answerLine: paragraph([], ["command"]),
    exportLine: paragraph([], ["command"]),
  }),
  /**
   * The pages an answer link opens (server/api/answer-links.ts), for the team: the question, the
   * answer recorded, and why nothing changed. `{name}` is the request's first name, `{mode}` how
   * its sender is named, `{answer}` the answer in words.
   */
  answerPages: z.strictObject({
    title: text({ max: 60 }),
    /** The question a link asks before anything is recorded. */
    confirm: z.strictObject({
      invite: z.strictObject({
        candidate: text({ max: 120, tokens: ["name", "mode"], title: "Invite a TA leader?" }),
        employer: text({ max: 120, tokens: ["name", "mode"], title: "Accept an employer's brief?" }),
      }),
      decline: text({ max: 120, tokens: ["name", "mode"] }),
      other: text({ max: 120, tokens: ["name", "mode"], title: "Answered another way?" }),
    }),
    /** Under the question: what the requester will hear of it, where the site emails requesters ("other": nothing)... */
    requesterHears: z.strictObject({ invite: paragraph(), decline: paragraph(), other: paragraph() }),
    /** ...and of an invitation or a decline where it does not (ACKNOWLEDGEMENT_SENDER=hubspot, or no mail server). */
    notEmailed: paragraph(),
    /** The button that records it. */
    buttons: z.strictObject({
      invite: z.strictObject({
        candidate: text({ max: 30, title: "Invite" }),
        employer: text({ max: 30, title: "Accept the brief" }),
      }),
      decline: text({ max: 30 }),
      other: text({ max: 30, title: "Answered another way" }),
    }),
    /** Under the button: leaving the page changes nothing. */
    leave: paragraph(),
    /** How an answer is named on these pages: `{answer}`. */
    answerNames: z.strictObject({
      invite: z.strictObject({ candidate: label, employer: label }),
      decline: label,
      other: label,
    }),
    recorded: z.strictObject({ heading: text({ max: 80, tokens: ["name", "answer"] }), body: paragraph(["mode"]) }),
    /** Why nothing changed: each with its heading and its sentence. */
    altered: refusal(),
    expired: refusal(["days"], ["command"]),
    answered: refusal(["answer", "date"]),
    erased: refusal(),
    held: refusal([], ["command"]),
    crossSite: refusal(),
    rateLimited: refusal(["wait"]),
    unavailable: refusal(),
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
 * (docs/product.md#notifications-and-privacy), then the team's answer. They carry nothing the visitor typed, not even their name, so the form cannot send anyone words of
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
  /**
   * The team's answer (docs/product.md#the-48-hour-promise), an email of its own after the
   * acknowledgement, with the same greeting, role line, data line and sign-off and, like it,
   * nothing the visitor typed: an invitation (a brief accepted) says what happens next.
   */
  invited: z.strictObject({
    subject: perMode({ max: 120 }).meta({ title: "Subject" }),
    body: perMode({ max: 400 }).meta({ title: "Opening sentence" }),
    nextSteps: perMode({ max: 400 }).meta({ title: "What happens next" }),
  }),
  /** A decline thanks them and says when they may ask again. */
  declined: z.strictObject({
    subject: perMode({ max: 120 }).meta({ title: "Subject" }),
    body: perMode({ max: 400 }).meta({ title: "Opening sentence" }),
    askAgain: paragraph(),
  }),
});

export const emailsSchema = z.strictObject({
  team: teamEmailsSchema.meta({ title: "Emails to the team" }),
  requester: requesterEmailSchema.meta({ title: "Email to the requester" }),
});

export type EmailWords = z.infer<typeof emailsSchema>;
export type TeamEmailWords = EmailWords["team"];
export type RequesterEmailWords = EmailWords["requester"];
