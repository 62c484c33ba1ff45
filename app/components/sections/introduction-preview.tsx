import type { HomeWords } from "#shared/content/home.ts";

type PreviewContent = HomeWords["preview"];
import { Icon } from "#app/components/ui/icon.tsx";

/**
 * A picture, drawn in HTML, of the confidential introduction the network makes.
 * It is one image to assistive technology (role="img" with a label), so its
 * sample details are never read out as facts.
 */
export function IntroductionPreview({ preview }: { preview: PreviewContent }) {
  return (
    <div role="img" aria-label={preview.label} className="relative mx-auto max-w-md">
      <div aria-hidden="true" className="absolute inset-0 translate-x-5 translate-y-5 rounded-[1.5rem] bg-navy-900" />
      <div className="relative rounded-[1.5rem] border border-line bg-white p-7 shadow-lift">
        <div className="flex items-center justify-between gap-4">
          <p className="flex items-center gap-2.5 font-semibold text-ink">
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-navy-900 text-gold-300">
              <Icon name="lock" className="size-[1.125rem]" />
            </span>
            {preview.heading}
          </p>
          <span className="rounded-full bg-gold-100 px-3 py-1 text-xs font-semibold whitespace-nowrap text-gold-700">
            {preview.status}
          </span>
        </div>
        <ul className="mt-6 space-y-3">
          {preview.parties.map((party, index) => (
            <li key={party.role} className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4">
              <span
                className={
                  index === 0
                    ? "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-navy-700 text-white"
                    : "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-500 text-navy-950"
                }
              >
                <Icon name={index === 0 ? "user-badge" : "building"} className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-xs font-semibold tracking-wider text-muted uppercase">{party.role}</span>
                <span className="block font-semibold text-ink">{party.title}</span>
                <span className="block truncate text-sm text-muted">{party.detail}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-xs font-semibold tracking-wider text-muted uppercase">{preview.criteriaHeading}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {preview.criteria.map((criterion) => (
            <li
              key={criterion}
              className="inline-flex items-center gap-1.5 rounded-full bg-navy-50 px-3 py-1.5 text-sm font-medium text-navy-700"
            >
              <Icon name="check" className="size-4 text-gold-600" />
              {criterion}
            </li>
          ))}
        </ul>
        <p className="mt-6 flex items-center gap-2 border-t border-line pt-5 text-sm text-muted">
          <Icon name="shield" className="size-4 text-navy-600" />
          {preview.footnote}
        </p>
      </div>
    </div>
  );
}
