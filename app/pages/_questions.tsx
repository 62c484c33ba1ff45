import type { QuestionsWords } from "#shared/content/questions.ts";
import type { ModeActions } from "#shared/content/sections.ts";
import { AnswerList } from "#app/components/sections/answer-list.tsx";
import { CallToActionBand } from "#app/components/sections/call-to-action-band.tsx";
import { ProcessSteps } from "#app/components/sections/process-steps.tsx";
import { Section } from "#app/components/sections/section.tsx";

interface QuestionsPageProps {
  content: QuestionsWords;
  requestActions: ModeActions;
}

/** The answers before a request: the bar, the steps after it, and the questions a careful visitor asks. */
export default function QuestionsPage({ content, requestActions }: QuestionsPageProps) {
  const { meta, lead, bar, process, answers, cta } = content;
  return (
    <>
      <header className="border-b border-line/70 bg-surface pt-14 pb-12 sm:pt-20 sm:pb-16">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-[0.14em] text-gold-600 uppercase">{meta.title}</p>
          <h1 className="mt-3 max-w-3xl font-display text-display font-semibold">{meta.heading}</h1>
          <p className="mt-5 max-w-2xl text-lead text-body">{lead}</p>
        </div>
      </header>
      <Section id="who-qualifies" labelledBy="who-qualifies-heading">
        <h2 id="who-qualifies-heading" className="font-display text-title font-semibold">
          {bar.title}
        </h2>
        <dl className="mt-10 grid gap-8 md:grid-cols-2 md:gap-12">
          {(
            [
              [bar.candidateLabel, bar.candidate],
              [bar.employerLabel, bar.employer],
            ] as const
          ).map(([label, text]) => (
            <div key={label} className="border-l-2 border-gold-500 pl-5">
              <dt className="text-sm font-semibold tracking-wide text-gold-600 uppercase">{label}</dt>
              <dd className="mt-2 text-lead text-body">{text}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="what-happens-next" labelledBy="process-heading" tone="surface">
        <h2 id="process-heading" className="font-display text-title font-semibold">
          {process.title}
        </h2>
        <ProcessSteps steps={process.steps} className="mt-10" />
      </Section>
      <Section id="answers" labelledBy="answers-heading">
        <h2 id="answers-heading" className="font-display text-title font-semibold">
          {answers.title}
        </h2>
        <div className="mt-8">
          <AnswerList items={answers.items} />
        </div>
      </Section>
      <CallToActionBand content={cta} actions={requestActions} id="cta-heading" />
    </>
  );
}
