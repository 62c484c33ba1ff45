/**
 * The preview of content/emails.yaml: the email each requester receives at once and those of the
 * team's answer (an invitation, a decline), then each email the team receives, with a request's
 * answer links, and the page such a link opens, each in both versions where the words differ (to
 * and about a TA leader, to and about an employer), as a mail client and a browser show them, from the
 * words being edited. The server fills the `{placeholders}`; here each shows a sample value,
 * marked, so an editor sees both the sentence and what the server puts in it.
 */
import type { ReactNode } from "react";
import type { EmailWords } from "#shared/content/emails.ts";

type TeamWords = EmailWords["team"];
/** Who a request is from: each has its own version of the words that differ. */
type Mode = "candidate" | "employer";
const MODES: readonly Mode[] = ["candidate", "employer"];

/** What the server puts in each placeholder, as an example. */
const SAMPLES: Record<string, string> = {
  name: "Ada Lovelace",
  id: "3f2c9a1e-5b7d-4c8e-9f10-2a4b6c8d0e12",
  errorType: "INVALID_EMAIL",
  since: "2026-11-25 09:00 UTC",
  count: "3",
  channel: "webhook",
  settings: "NOTIFY_WEBHOOK_URL",
  command: "npm run requests -- …",
  role: "SVP, Talent Acquisition",
  days: "14",
  left: "12",
  due: "2026-11-27 09:00 UTC",
  mode: "TA leader",
  answer: "invited",
  date: "2026-11-26 15:30 UTC",
  wait: "10 minutes",
};

/** A text with its placeholders shown as marked samples. */
function Filled({ text, values = {} }: { text: string; values?: Record<string, string> }) {
  const parts = text.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return part;
        const sample = values[name] ?? SAMPLES[name] ?? part;
        return (
          <mark key={index} title={`{${name}}: filled in by the server`} className="rounded bg-gold-100 px-1 text-ink">
            {sample}
          </mark>
        );
      })}
    </>
  );
}

function Email({ subject, children }: { subject: ReactNode; children: ReactNode }) {
  return (
    <article className="rounded-card border border-line bg-white shadow-card">
      <header className="border-b border-line px-6 py-4">
        <p className="text-sm text-muted">Subject</p>
        <h2 className="text-lg font-semibold text-ink">{subject}</h2>
      </header>
      <div className="grid gap-4 px-6 py-5 text-base text-body">{children}</div>
    </article>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <table className="text-sm">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th className="py-1 pr-4 text-left align-top font-semibold text-ink">{label}</th>
            <td className="py-1">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The requester's acknowledgement, to a TA leader or an employer, about a role: every sentence it can have. */
function RequesterEmail({ words, mode }: { words: EmailWords["requester"]; mode: Mode }) {
  return (
    <Email subject={<Filled text={words.subject[mode]} />}>
      {[
        words.greeting,
        words.received[mode],
        words.role,
        words.nextSteps,
        words.yourData,
        words.notYou,
        words.signOff,
      ].map((text, index) => (
        <p key={index}>
          <Filled text={text} />
        </p>
      ))}
    </Email>
  );
}

/** The requester's email of the team's answer, about a role: an invitation (a brief accepted), or a decline. */
function AnswerEmail({
  words,
  answer,
  mode,
}: {
  words: EmailWords["requester"];
  answer: "invited" | "declined";
  mode: Mode;
}) {
  const next = answer === "invited" ? words.invited.nextSteps[mode] : words.declined.askAgain;
  return (
    <Email subject={<Filled text={words[answer].subject[mode]} />}>
      {[words.greeting, words[answer].body[mode], words.role, next, words.yourData, words.signOff].map(
        (text, index) => (
          <p key={index}>
            <Filled text={text} />
          </p>
        ),
      )}
    </Email>
  );
}

/** A request's three answer links, as the team's emails carry them (with TEAM_LINK_SECRET). */
function AnswerLinks({ team, mode }: { team: TeamWords; mode: Mode }) {
  const { answers } = team;
  return (
    <>
      <p>
        <Filled text={answers.linksLead} />
      </p>
      <ul className="list-disc pl-5">
        {[answers.links.invite[mode], answers.links.decline, answers.links.other].map((label) => (
          <li key={label}>
            <span className="text-navy-700 underline">{label}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The page an invitation's link opens, as the team member who opens it sees it: the question, then once confirmed. */
function AnswerPage({ team, mode }: { team: TeamWords; mode: Mode }) {
  const pages = team.answerPages;
  return (
    <article className="rounded-card border border-line bg-white shadow-card">
      <header className="border-b border-line px-6 py-4">
        <p className="text-sm text-muted">The page an answer link opens: {pages.title}</p>
        <h2 className="text-lg font-semibold text-ink">
          <Filled text={pages.confirm.invite[mode]} values={{ name: "Ada", mode: team.modeNames[mode] }} />
        </h2>
      </header>
      <div className="grid gap-4 px-6 py-5 text-base text-body">
        <p>{pages.requesterHears.invite}</p>
        <p>
          <span className="inline-block rounded bg-navy-900 px-4 py-2 font-semibold text-white">
            {pages.buttons.invite[mode]}
          </span>
        </p>
        <p className="text-sm text-muted">{pages.leave}</p>
        <p className="font-semibold text-ink">
          <Filled text={pages.recorded.heading} values={{ name: "Ada", answer: pages.answerNames.invite[mode] }} />
        </p>
        <p>
          <Filled text={pages.recorded.body} />
        </p>
      </div>
    </article>
  );
}

/** The facts of a request, as the team's emails list them. */
const factsOf = (team: TeamWords, mode: Mode): [string, ReactNode][] => [
  [team.labels.id, SAMPLES.id],
  [team.labels.type, team.modeNames[mode]],
  [team.answers.replyByLabel, SAMPLES.due],
  [team.labels.role, SAMPLES.role!],
  [team.labels.landingPage, "/mission"],
  [team.labels.consent, team.consent.updatesAccepted],
];

export function EmailsPreview({ words }: { words: EmailWords }) {
  const team: TeamWords = words.team;
  const named = (mode: Mode) => ({ mode: team.modeNames[mode] });
  return (
    <div className="container-page grid max-w-3xl gap-8 py-12">
      {MODES.map((mode) => (
        <div key={mode} className="grid gap-8">
          <RequesterEmail words={words.requester} mode={mode} />
          <AnswerEmail words={words.requester} answer="invited" mode={mode} />
          <AnswerEmail words={words.requester} answer="declined" mode={mode} />
        </div>
      ))}
      {MODES.map((mode) => (
        <div key={mode} className="grid gap-8">
          <Email subject={<Filled text={team.newRequest.subject} values={named(mode)} />}>
            <p>
              {team.newRequest.intro[mode]} {team.newRequest.replyLine}
            </p>
            <p className="text-sm text-muted">The request's fields, with the form's labels, come here.</p>
            <AnswerLinks team={team} mode={mode} />
            <p className="text-sm text-muted">
              Without the links' key (TEAM_LINK_SECRET): <Filled text={team.answers.commandLine} />
            </p>
            <Rows rows={factsOf(team, mode)} />
            <p>
              <Filled text={team.newRequest.exportLine} />
            </p>
          </Email>
          <AnswerPage team={team} mode={mode} />
        </div>
      ))}
      <Email subject={<Filled text={team.reminder.subject} values={named("candidate")} />}>
        <p>
          <Filled text={team.reminder.intro} />
        </p>
        <AnswerLinks team={team} mode="candidate" />
        <Rows rows={factsOf(team, "candidate")} />
      </Email>
      <Email subject={<Filled text={team.overdue.subject.many} />}>
        <p>
          <Filled text={team.overdue.explanation.many} />
        </p>
        <p>{team.overdue.listHeading}</p>
        <Rows rows={[[SAMPLES.id!, SAMPLES.due]]} />
        <p>
          <Filled text={team.overdue.more} values={{ count: "2" }} />
        </p>
        <p>
          <Filled text={team.overdue.answerLine} />
        </p>
        <p>
          <Filled text={team.overdue.exportLine} />
        </p>
      </Email>
      <Email subject={<Filled text={team.relayRefused.subjectWithReason} />}>
        <p>
          <Filled text={team.relayRefused.intro} />
        </p>
        <Rows
          rows={[
            [team.labels.hubspotStatus, "400"],
            [team.labels.hubspotErrorType, SAMPLES.errorType],
            [team.labels.hubspotCorrelationId, team.labels.noneGiven],
          ]}
        />
        <p>
          <Filled text={team.relayRefused.retryLine} />
        </p>
      </Email>
      <Email subject={<Filled text={team.held.subject.many} />}>
        <p>
          <Filled text={team.held.explanation.many} />
        </p>
        <p>{team.held.listHeading}</p>
        <ul className="list-disc pl-5 text-sm">
          <li>{SAMPLES.id}</li>
        </ul>
        <p>
          <Filled text={team.held.more} values={{ count: "2" }} />
        </p>
        <p>
          <Filled text={team.held.admitLine} />
        </p>
        <p>
          <Filled text={team.held.exportLine} />
        </p>
      </Email>
      <Email subject={<Filled text={team.channelRefused.subject} />}>
        <p>
          <Filled text={team.channelRefused.explanation} />
        </p>
        <Rows
          rows={[
            [team.labels.channel, SAMPLES.channel],
            [team.labels.reason, "answered 404"],
          ]}
        />
        <p>
          <Filled text={team.channelRefused.outboxLine} />
        </p>
      </Email>
      <Email subject={<Filled text={team.searchRefused.subject} values={{ channel: "IndexNow" }} />}>
        <p>
          <Filled text={team.searchRefused.explanation} values={{ channel: "IndexNow", settings: "INDEXNOW_KEY" }} />
        </p>
        <Rows
          rows={[
            [team.labels.channel, "IndexNow"],
            [team.labels.reason, "answered 403"],
          ]}
        />
        <p>
          <Filled text={team.searchRefused.outboxLine} />
        </p>
      </Email>
    </div>
  );
}
