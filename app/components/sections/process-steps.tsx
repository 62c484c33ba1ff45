import { cn } from "#app/lib/cn.ts";

export interface ProcessStep {
  title: string;
  body?: string;
}

/**
 * What happens, in order: a numbered line down the page rather than a grid of cards, so a process reads
 * as one. The numbers are the ordered list's own (a CSS counter), drawn as a badge; `compact` drops the
 * bodies' room for the request page's side panel.
 */
export function ProcessSteps({
  steps,
  compact = false,
  className,
}: {
  steps: readonly ProcessStep[];
  compact?: boolean;
  className?: string;
}) {
  return (
    // The badge's classes are the confirmation's next steps' (./confirmation-notice.tsx): one style of numbered step, no new CSS.
    <ol className={cn("grid [counter-reset:step]", compact ? "gap-3" : "gap-8", className)}>
      {steps.map((step) => (
        <li
          key={step.title}
          className="flex gap-3 text-base text-body [counter-increment:step] before:flex before:size-7 before:shrink-0 before:items-center before:justify-center before:rounded-full before:bg-navy-50 before:text-sm before:font-semibold before:text-navy-900 before:content-[counter(step)]"
        >
          <div className="pt-0.5">
            <p className={cn("font-semibold text-navy-900", compact ? "text-sm" : "font-display text-xl")}>
              {step.title}
            </p>
            {step.body && <p className="mt-2 max-w-2xl text-body">{step.body}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
