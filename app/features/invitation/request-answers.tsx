import type { QuestionsWords } from "#shared/content/questions.ts";
import { ProcessSteps } from "#app/components/sections/process-steps.tsx";
import { ArrowLink } from "#app/components/ui/button.tsx";

/**
 * Beside the request page's form: who qualifies and what happens next, in the questions page's words
 * (content/questions.yaml), with the link to every answer. Static HTML, one of the island's slots.
 */
export function RequestAnswers({ words }: { words: Pick<QuestionsWords, "bar" | "process" | "moreLink"> }) {
  const { bar, process, moreLink } = words;
  return (
    <div className="mt-6 grid gap-6 rounded-card border border-line bg-white/90 p-5 shadow-card sm:p-6">
      <section aria-labelledby="request-bar-heading">
        <h2 id="request-bar-heading" className="font-display text-lg font-semibold">
          {bar.title}
        </h2>
        <dl className="mt-3 grid gap-3 text-sm text-body">
          <div>
            <dt className="font-semibold text-navy-900">{bar.candidateLabel}</dt>
            <dd className="mt-0.5">{bar.candidate}</dd>
          </div>
          <div>
            <dt className="font-semibold text-navy-900">{bar.employerLabel}</dt>
            <dd className="mt-0.5">{bar.employer}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="request-process-heading" className="border-t border-line pt-5">
        <h2 id="request-process-heading" className="font-display text-lg font-semibold">
          {process.title}
        </h2>
        <ProcessSteps steps={process.steps.map(({ title }) => ({ title }))} compact className="mt-3" />
      </section>
      <p className="border-t border-line pt-4 text-sm">
        <ArrowLink href={moreLink.href}>{moreLink.label}</ArrowLink>
      </p>
    </div>
  );
}
