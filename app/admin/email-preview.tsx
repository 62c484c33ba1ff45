/**
 * The preview of content/emails.yaml: the email each requester receives at once, then each email
 * the team receives, as a mail client shows it, from the words being edited. The server fills the
 * `{placeholders}`; here each shows a sample value, marked, so an editor sees both the sentence and
 * what the server puts in it.
 */
import type { ReactNode } from "react";
import type { EmailWords } from "#shared/content/emails.ts";

type TeamWords = EmailWords["team"];

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

/** The requester's acknowledgement, to a TA leader, about a role: every sentence it can have. */
function RequesterEmail({ words }: { words: EmailWords["requester"] }) {
  return (
    <Email subject={<Filled text={words.subject.candidate} />}>
      {[
        words.greeting,
        words.received.candidate,
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

export function EmailsPreview({ words }: { words: EmailWords }) {
  const team: TeamWords = words.team;
  const mode = { mode: team.modeNames.candidate };
  return (
    <div className="container-page grid max-w-3xl gap-8 py-12">
      <RequesterEmail words={words.requester} />
      <Email subject={<Filled text={team.newRequest.subject} values={mode} />}>
        <p>
          {team.newRequest.intro.candidate} {team.newRequest.replyLine}
        </p>
        <p className="text-sm text-muted">The request's fields, with the form's labels, come here.</p>
        <Rows
          rows={[
            [team.labels.id, SAMPLES.id],
            [team.labels.type, team.modeNames.candidate],
            [team.labels.role, SAMPLES.role!],
            [team.labels.landingPage, "/mission"],
            [team.labels.consent, team.consent.updatesAccepted],
          ]}
        />
        <p>
          <Filled text={team.newRequest.exportLine} />
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
          <Filled text={team.held.releaseLine} />
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
